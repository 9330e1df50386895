import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatDollars } from '../../common/money';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { InvoicesRepository } from '../invoices';
import { EmailDeliveriesRepository, MailQueue } from '../mail';
import { isSettled, type Order, OrdersRepository } from '../orders';
import { SubscriptionsRepository } from '../subscriptions';
import { UserListRepository, UsersRepository } from '../users';
import { AuditLogRepository } from './audit-log.repository';
import {
  AdminCustomersQueryDto,
  CustomerDetailDto,
  CustomerEmailDto,
  CustomerOrderDto,
  OrderRefundedDto,
  ReceiptResentDto,
  RefundOrderDto,
  ResendReceiptDto,
} from './dto/admin-customers.dto';
import { AdminUserDto, AdminUserPageDto } from './dto/admin-lists.dto';

/** A message's kind is its key's leading words ("renewal-receipt-<id>" is a renewal-receipt). */
export function emailKind(messageKey: string): string {
  const words: string[] = [];
  for (const part of messageKey.split('-')) {
    if (!/^[a-z]{2,}$/.test(part) || /^[a-f]{8}$/.test(part)) break;
    words.push(part);
  }
  return words.join('-') || 'message';
}

/**
 * What staff need to answer a customer: finding them, everything they bought and were sent, and
 * refunds. Money stays in cents; Stripe is the record of what was refunded, and its webhook writes
 * the ledger as for any refund.
 */
@Injectable()
export class AdminCustomersService {
  constructor(
    private readonly userList: UserListRepository,
    private readonly users: UsersRepository,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly invoices: InvoicesRepository,
    private readonly emails: EmailDeliveriesRepository,
    private readonly mail: MailQueue,
    private readonly stripe: StripeGateway,
    private readonly auditLog: AuditLogRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async search(query: AdminCustomersQueryDto): Promise<AdminUserPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = await this.userList.page(
      { search: query.q || undefined },
      { offset: (page - 1) * pageSize, limit: pageSize },
    );
    return { items: rows.map((row) => AdminUserDto.of(row)), total, page, pageSize };
  }

  async detail(userId: string): Promise<CustomerDetailDto> {
    const customer = await this.users.findProfile(this.db.manager, userId);
    if (!customer) throw new NotFoundException('Customer not found');
    const orderIds = await this.orders.idsOfUser(userId);
    const orders = (await Promise.all(orderIds.map((id) => this.orders.findById(id)))).filter(
      (order) => order !== null,
    );
    orders.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const [orderRows, subscriptions, invoices, emails] = await Promise.all([
      Promise.all(orders.map((order) => this.orderRow(order))),
      this.subscriptions.list({ userId }),
      this.invoices.listForUser(userId),
      customer.email ? this.emails.sentTo(customer.email) : Promise.resolve([]),
    ]);
    return {
      customer: { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
      orders: orderRows,
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        countyId: s.countyId,
        purchaseType: s.purchaseType,
        status: s.status,
        autoRenew: s.autoRenew,
        expirationDate: s.expirationDate ? new Date(s.expirationDate).toISOString() : null,
      })),
      invoices: invoices.map((i) => ({
        id: i.id,
        number: `CDS-${String(i.number).padStart(6, '0')}`,
        kind: i.kind,
        issuedAt: new Date(i.issuedAt).toISOString(),
        totalCents: Number(i.totalCents),
      })),
      emails: emails.map((e): CustomerEmailDto => ({
        kind: emailKind(e.messageKey),
        subject: e.subject,
        claimedAt: new Date(e.claimedAt).toISOString(),
        sentAt: e.sentAt ? new Date(e.sentAt).toISOString() : null,
        state: e.sentAt ? 'sent' : 'sending',
      })),
    };
  }

  /**
   * Refunds part or all of one of the customer's paid orders at Stripe. The order stays locked from the
   * check of what is refundable to the audit entry, so two clicks never refund twice: the second finds
   * the first's refund by its key and answers with it, recording nothing more.
   */
  async refund(sessionId: string, userId: string, orderId: string, dto: RefundOrderDto): Promise<OrderRefundedDto> {
    const key = `admin-refund-${orderId}-${dto.idempotencyKey}`;
    return this.auditLog.transaction(async (db) => {
      const order = (await this.orders.lock(db, orderId)) as Order | undefined;
      if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
      if (!order.stripePaymentIntentId || !isSettled(order.status))
        throw new ConflictException(`Only a paid order can be refunded; this one is ${order.status}`);
      const refunds = (await this.stripe.listRefunds(order.stripePaymentIntentId)).filter(
        (r) => r.status !== 'failed' && r.status !== 'canceled',
      );
      const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
      const earlier = refunds.find((r) => r.metadata?.admin_request === key);
      if (earlier) return this.refunded(order.id, earlier.id, earlier.amount, order.amountCents - refunded);
      const refundable = order.amountCents - refunded;
      if (refundable <= 0) throw new ConflictException('This order is already refunded in full');
      if (dto.amountCents > refundable)
        throw new BadRequestException(
          `amountCents must be at most ${refundable}: only ${formatDollars(refundable)} of this order is refundable`,
        );
      const refund = await this.stripe.createRefund(order.stripePaymentIntentId, dto.amountCents, key);
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { amount_cents: order.amountCents, refunded_cents: refunded },
        after: {
          amount_cents: order.amountCents,
          refunded_cents: refunded + refund.amount,
          stripe_refund_id: refund.id,
        },
      });
      return this.refunded(order.id, refund.id, refund.amount, refundable - refund.amount);
    });
  }

  /**
   * Emails the customer one more copy of a paid order's receipt. The copy's key comes from the request's,
   * so a double click queues and sends it once; it is audited once for the same reason.
   */
  async resendReceipt(
    sessionId: string,
    userId: string,
    orderId: string,
    dto: ResendReceiptDto,
  ): Promise<ReceiptResentDto> {
    const order = await this.orders.findById(orderId);
    if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
    if (order.status !== 'paid' || !order.paidAt)
      throw new ConflictException(`Only a paid order has a receipt to send; this one is ${order.status}`);
    await this.auditLog.transaction(async (db) => {
      // One entry per request key: the lock makes a second click wait for the first and then find its entry.
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`receipt-resend-${dto.idempotencyKey}`]);
      if (await this.auditLog.hasEntry(db, 'order.receipt_resent', orderId, dto.idempotencyKey)) return;
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.receipt_resent',
        targetType: 'order',
        targetId: orderId,
        before: null,
        after: { request: dto.idempotencyKey, emailed_to: order.email },
      });
    });
    await this.mail.queueReceiptCopy(orderId, dto.idempotencyKey);
    return {
      orderId,
      emailedTo: order.email,
      message: `A copy of the receipt is on its way to ${order.email}`,
    };
  }

  private refunded(orderId: string, refundId: string, amountCents: number, refundableCents: number): OrderRefundedDto {
    return {
      orderId,
      refundId,
      amountCents,
      refundableCents,
      message: `Refunded ${formatDollars(amountCents)} of order ${orderId.slice(0, 8)}`,
    };
  }

  private async orderRow(order: {
    id: string;
    status: string;
    amountCents: number;
    createdAt: Date;
    paidAt: Date | null;
    stripePaymentIntentId: string | null;
  }): Promise<CustomerOrderDto> {
    const refunded =
      order.stripePaymentIntentId && order.paidAt
        ? (await this.stripe.listRefunds(order.stripePaymentIntentId))
            .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
            .reduce((sum, r) => sum + r.amount, 0)
        : 0;
    return {
      id: order.id,
      status: order.status,
      amountCents: order.amountCents,
      refundedCents: refunded,
      refundableCents: order.paidAt ? Math.max(0, order.amountCents - refunded) : 0,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    };
  }
}
