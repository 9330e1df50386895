import { Injectable, NotFoundException } from '@nestjs/common';
import { StripeGateway } from '../../../integrations/stripe/stripe.gateway';
import { type InvoiceFile, InvoicesService } from '../../invoices';
import { SentEmails } from '../../mail';
import { CustomerOrders, type Order } from '../../orders';
import { SubscriptionRecords } from '../../subscriptions';
import { UserDirectory } from '../../users';
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
    private readonly users: UserDirectory,
    private readonly orders: CustomerOrders,
    private readonly subscriptions: SubscriptionRecords,
    private readonly invoices: InvoicesService,
    private readonly emails: SentEmails,
    private readonly stripe: StripeGateway,
  ) {}

  async search(query: AdminCustomersQueryDto): Promise<CustomerSearchPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = await this.users.page(
      { search: query.q || undefined },
      { offset: (page - 1) * pageSize, limit: pageSize },
    );
    const bought = await this.orders.purchasesOf(rows.map((row) => row.id));
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
    const customer = await this.users.profile(userId);
    if (!customer) throw new NotFoundException('Customer not found');
    const [orders, subscriptions, invoices, emails] = await Promise.all([
      this.orders.ofCustomer(userId).then((orders) => Promise.all(orders.map((order) => this.orderRow(order)))),
      this.subscriptions.ofCustomer(userId),
      this.invoices.listingsForUser(userId),
      customer.email ? this.emails.to(customer.email) : Promise.resolve([]),
    ]);
    return {
      customer: { id: customer.id, email: customer.email, firstName: customer.firstName, lastName: customer.lastName },
      orders,
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        countyId: s.countyId,
        countyName: s.place ? `${s.place.name}, ${s.place.stateCode}` : 'A county no longer listed',
        purchaseType: s.purchaseType,
        status: s.status,
        autoRenew: s.autoRenew,
        expirationDate: s.expirationDate ? new Date(s.expirationDate).toISOString() : null,
        hasTrackerEmail: s.hasTrackerEmail,
      })),
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
    return this.invoices.pdfForUser(userId, invoiceId);
  }

  private async orderRow(order: Order): Promise<CustomerOrderDto> {
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
