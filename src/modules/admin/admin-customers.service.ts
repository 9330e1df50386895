import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository } from '../counties';
import { type InvoiceFile, InvoicesRepository, InvoicesService } from '../invoices';
import { EmailDeliveriesRepository } from '../mail';
import { OrdersRepository } from '../orders';
import { SubscriptionsRepository, TrackerDeliveriesRepository } from '../subscriptions';
import { UserListRepository, UsersRepository } from '../users';
import { refundedCents } from './admin-refunds.service';
import type {
  AdminCustomersQueryDto,
  CustomerDetailDto,
  CustomerEmailDto,
  CustomerOrderDto,
  CustomerSearchPageDto,
} from './dto/admin-customers.dto';

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
 * What staff read to answer a customer: finding them, and everything they bought and were sent.
 * What staff do for one lives beside it: refunds (AdminRefundsService), email copies
 * (AdminEmailCopiesService), extensions (AdminExtensionsService) and order-page links
 * (AdminOrderLinksService).
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
    private readonly emails: EmailDeliveriesRepository,
    private readonly stripe: StripeGateway,
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

  /** One of the customer's invoices as the PDF they get, for staff to read or pass on. */
  invoicePdf(userId: string, invoiceId: string): Promise<InvoiceFile> {
    return this.invoicePdfs.pdfForUser(userId, invoiceId);
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
      order.stripePaymentIntentId && order.paidAt ? await refundedCents(this.stripe, order.stripePaymentIntentId) : 0;
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
