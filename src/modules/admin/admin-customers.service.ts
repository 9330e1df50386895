import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { formatDate } from '../../common/dates';
import { formatDollars } from '../../common/money';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository } from '../counties';
import { type InvoiceFile, InvoicesRepository, InvoicesService } from '../invoices';
import { EmailDeliveriesRepository, MailQueue } from '../mail';
import { isSettled, type Order, OrderPageLinks, OrdersRepository } from '../orders';
import { SubscriptionsRepository, TrackerDeliveriesRepository } from '../subscriptions';
import { UserListRepository, UsersRepository } from '../users';
import { AuditLogRepository } from './audit-log.repository';
import {
  AdminCustomersQueryDto,
  CustomerDetailDto,
  CustomerEmailDto,
  CustomerOrderDto,
  CustomerSearchPageDto,
  ExtendSubscriptionDto,
  OrderPageLinkDto,
  OrderRefundedDto,
  ReceiptResentDto,
  RefundOrderDto,
  ResendReceiptDto,
  ResendTrackerEmailDto,
  SubscriptionExtendedDto,
  TrackerEmailResentDto,
} from './dto/admin-customers.dto';

/** Stripe's longest trial, which is how a renewal is moved later: no period may end further ahead. */
const FURTHEST_RENEWAL_DAYS = 730;
const DAY_MS = 24 * 3600 * 1000;

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

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
    private readonly trackerDeliveries: TrackerDeliveriesRepository,
    private readonly counties: CountiesRepository,
    private readonly invoices: InvoicesRepository,
    private readonly invoicePdfs: InvoicesService,
    private readonly orderLinks: OrderPageLinks,
    private readonly emails: EmailDeliveriesRepository,
    private readonly mail: MailQueue,
    private readonly stripe: StripeGateway,
    private readonly auditLog: AuditLogRepository,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async search(query: AdminCustomersQueryDto): Promise<CustomerSearchPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = await this.userList.page(
      { search: query.q || undefined },
      { offset: (page - 1) * pageSize, limit: pageSize },
    );
    const bought = await this.orders.purchasesOfUsers(rows.map((row) => row.id));
    const items = rows.map((row) => {
      const purchases = bought.get(row.id);
      return {
        id: row.id,
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        ordersCount: purchases?.orders ?? 0,
        spentCents: purchases?.spentCents ?? 0,
        lastOrderAt: purchases ? new Date(purchases.lastPaidAt).toISOString() : null,
      };
    });
    return { items, total, page, pageSize };
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
    const [places, trackerMailed] = await Promise.all([
      this.counties.placesOf(subscriptions.map((s) => s.countyId)),
      this.trackerDeliveries.mailedAny(subscriptions.filter((s) => s.purchaseType === 'annual').map((s) => s.id)),
    ]);
    return {
      customer: { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
      orders: orderRows,
      subscriptions: subscriptions.map((s) => {
        const place = places.get(s.countyId);
        return {
          id: s.id,
          countyId: s.countyId,
          countyName: place ? `${place.name}, ${place.stateCode}` : 'A county no longer listed',
          purchaseType: s.purchaseType,
          status: s.status,
          autoRenew: s.autoRenew,
          expirationDate: s.expirationDate ? new Date(s.expirationDate).toISOString() : null,
          hasTrackerEmail: trackerMailed.has(s.id),
        };
      }),
      invoices: invoices.map((i) => ({
        id: i.id,
        number: `CDS-${String(i.number).padStart(6, '0')}`,
        kind: i.kind,
        issuedAt: new Date(i.issuedAt).toISOString(),
        totalCents: Number(i.totalCents),
        pdfUrl: `/api/admin/customers/${userId}/invoices/${i.id}/pdf`,
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
      if (earlier) {
        // A key names one refund: sent again with another amount it is a mistake, not a new request.
        if (earlier.amount !== dto.amountCents)
          throw new ConflictException(
            `This request already refunded ${formatDollars(earlier.amount)}; another refund needs a new request`,
          );
        // Stripe made the refund but its answer was lost, so the first attempt rolled back before its entry:
        // the retry records it, once (the order's lock keeps a parallel retry waiting until this one commits).
        if (!(await this.auditLog.hasEntryWith(db, 'order.refund', order.id, 'stripe_refund_id', earlier.id)))
          await this.auditLog.record(db, {
            sessionId,
            action: 'order.refund',
            targetType: 'order',
            targetId: order.id,
            before: { amount_cents: order.amountCents, refunded_cents: refunded - earlier.amount },
            after: { amount_cents: order.amountCents, refunded_cents: refunded, stripe_refund_id: earlier.id },
          });
        return this.refunded(order.id, earlier.id, earlier.amount, order.amountCents - refunded);
      }
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

  /**
   * Emails the customer one more copy of a County Tracker's latest email (the monthly delivery, or
   * the news of a release if that came later). As for receipts, the request's key names the copy,
   * so a double click sends it once, audited once.
   */
  async resendTrackerEmail(
    sessionId: string,
    userId: string,
    subscriptionId: string,
    dto: ResendTrackerEmailDto,
  ): Promise<TrackerEmailResentDto> {
    const subscription = await this.subscriptions.find(subscriptionId, { userId });
    if (!subscription) throw new NotFoundException('Subscription not found');
    if (subscription.purchaseType !== 'annual')
      throw new ConflictException('Only a County Tracker is sent Tracker emails; this is a one-time purchase');
    if (subscription.status !== 'active')
      throw new ConflictException(`Only an active County Tracker is sent its data; this one is ${subscription.status}`);
    const latest = await this.trackerDeliveries.latestMailed(subscriptionId);
    if (!latest)
      throw new ConflictException('This County Tracker has had no Tracker email yet: there is none to resend');
    // Tracker emails go to the buyer's checkout email, which need not be the account's.
    const itemId = subscription.orderItemId;
    const emailedTo = itemId && (await this.orders.ordersOfItems([itemId])).get(itemId)?.email;
    if (!emailedTo) throw new ConflictException('This County Tracker came from no order: its emails have no address');
    const email = await this.auditLog.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`tracker-resend-${dto.idempotencyKey}`]);
      // The same request again copies the email it copied first, even if a newer one was sent meanwhile.
      const earlier = await this.auditLog.afterOfRequest(
        db,
        'subscription.tracker_email_resent',
        subscriptionId,
        dto.idempotencyKey,
      );
      if (earlier)
        return {
          occasion: earlier.occasion as 'monthly' | 'release',
          month: earlier.month as string,
          datasetId: earlier.dataset_id as string,
        };
      await this.auditLog.record(db, {
        sessionId,
        action: 'subscription.tracker_email_resent',
        targetType: 'subscription',
        targetId: subscriptionId,
        before: null,
        after: {
          request: dto.idempotencyKey,
          occasion: latest.occasion,
          month: latest.month,
          dataset_id: latest.datasetId,
          emailed_to: emailedTo,
        },
      });
      return latest;
    });
    await this.mail.queueTrackerCopy(
      email.occasion === 'monthly'
        ? { subscriptionId, month: email.month }
        : { subscriptionId, datasetId: email.datasetId },
      dto.idempotencyKey,
    );
    const what = email.occasion === 'monthly' ? `${monthName(email.month)} County Tracker email` : 'release email';
    return {
      subscriptionId,
      emailedTo,
      occasion: email.occasion,
      message: `A copy of the ${what} is on its way to ${emailedTo}`,
    };
  }

  /**
   * Gives an active subscription more time: its period ends that much later, and its Stripe renewal
   * charges that much later with nothing charged or credited for the time added. The subscription
   * stays locked from the check to the audit entry, so a second click with the same key finds the
   * first's entry and answers with it, extending nothing more.
   */
  async extendSubscription(
    sessionId: string,
    userId: string,
    subscriptionId: string,
    dto: ExtendSubscriptionDto,
  ): Promise<SubscriptionExtendedDto> {
    const by = `${dto.count} ${dto.unit === 'days' ? 'day' : 'month'}${dto.count === 1 ? '' : 's'}`;
    const answer = (previous: Date, until: Date, renewalMoved: boolean): SubscriptionExtendedDto => ({
      subscriptionId,
      previousExpirationDate: previous.toISOString(),
      expirationDate: until.toISOString(),
      renewalMoved,
      message: `Extended by ${by}: now runs until ${formatDate(until)}`,
    });
    return this.auditLog.transaction(async (db) => {
      const subscription = await this.subscriptions.lock(db, subscriptionId, { userId });
      if (!subscription) throw new NotFoundException('Subscription not found');
      const earlier = await this.auditLog.afterOfRequest(db, 'subscription.extend', subscriptionId, dto.idempotencyKey);
      if (earlier) {
        // A key names one extension: sent again with other values it is a mistake, not a new request.
        if (earlier.extended_by !== by)
          throw new ConflictException(
            `This request already extended it by ${String(earlier.extended_by)}; another extension needs a new request`,
          );
        return answer(
          new Date(earlier.previous_expiration_date as string),
          new Date(earlier.expiration_date as string),
          earlier.renewal_moved as boolean,
        );
      }
      if (subscription.status !== 'active' || !subscription.expirationDate)
        throw new ConflictException(
          subscription.expirationDate
            ? `Only an active subscription can be extended; this one is ${subscription.status}`
            : 'A one-time purchase has no end to move',
        );
      const previous = new Date(subscription.expirationDate);
      const until = await this.subscriptions.extendBy(db, subscriptionId, dto);
      const furthest = new Date(Date.now() + FURTHEST_RENEWAL_DAYS * DAY_MS);
      if (until > furthest)
        throw new BadRequestException(
          `Extending by ${by} would run it until ${formatDate(until)}; a subscription can run at most ` +
            `${FURTHEST_RENEWAL_DAYS} days ahead (until ${formatDate(furthest)})`,
        );
      if (until.getTime() <= Date.now())
        throw new BadRequestException(
          `Extending by ${by} would still end it in the past (${formatDate(until)}); give it more time`,
        );
      const renewalMoved =
        !!subscription.stripeSubscriptionId &&
        (await this.stripe.moveRenewal(
          subscription.stripeSubscriptionId,
          until,
          `admin-extend-${subscriptionId}-${dto.idempotencyKey}`,
        ));
      await this.auditLog.record(db, {
        sessionId,
        action: 'subscription.extend',
        targetType: 'subscription',
        targetId: subscriptionId,
        before: { expiration_date: previous.toISOString(), stripe_subscription_id: subscription.stripeSubscriptionId },
        after: {
          request: dto.idempotencyKey,
          extended_by: by,
          previous_expiration_date: previous.toISOString(),
          expiration_date: until.toISOString(),
          renewal_moved: renewalMoved,
        },
      });
      return answer(previous, until, renewalMoved);
    });
  }

  /** One of the customer's invoices as the PDF they get, for staff to read or pass on. */
  invoicePdf(userId: string, invoiceId: string): Promise<InvoiceFile> {
    return this.invoicePdfs.pdfForUser(userId, invoiceId);
  }

  /**
   * A new link to the page of one of the customer's paid orders, for staff to give them (when an email
   * went astray). Audited, as the link opens the customer's files to whoever holds it.
   */
  async orderPageLink(sessionId: string, userId: string, orderId: string): Promise<OrderPageLinkDto> {
    const order = await this.orders.findById(orderId);
    if (!order || order.userId !== userId) throw new NotFoundException('Order not found');
    if (!order.paidAt) throw new ConflictException(`Only a paid order has a page; this one is ${order.status}`);
    // Minted and audited together: a link nobody recorded never works, and no entry names a link never made.
    const { page, expiresAt } = await this.auditLog.transaction(async (db) => {
      const link = await this.orderLinks.forStaff(db, orderId);
      await this.auditLog.record(db, {
        sessionId,
        action: 'order.page_link_issued',
        targetType: 'order',
        targetId: orderId,
        before: null,
        after: { issued_to: 'staff', expires_at: link.expiresAt.toISOString() },
      });
      return link;
    });
    return { orderId, url: page, expiresAt: expiresAt.toISOString() };
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
