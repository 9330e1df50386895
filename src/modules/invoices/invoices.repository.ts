import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PurchaseType } from '../../contracts/plans';
import { compareByStateThenName, CountiesRepository, placeName } from '../counties';
import { OrdersRepository } from '../orders';
import type { Order, OrderItemRow } from '../orders';
import { BillableEntry, PaymentsLedger } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';

/** One billed line, as it was when the invoice was issued. */
export interface InvoiceLine {
  /** "County, State". */
  description: string;
  purchaseType: PurchaseType;
  amountCents: number;
  /** Renewals: the year the payment covers (ISO date-times). */
  periodStart?: string;
  periodEnd?: string;
}

export type InvoiceKind = 'order' | 'renewal';

export interface Invoice {
  id: string;
  /** The sequence number; see invoiceNumber for how people see it. */
  number: string;
  orderId: string;
  kind: InvoiceKind;
  issuedAt: Date;
  email: string;
  companyName: string | null;
  taxId: string | null;
  lines: InvoiceLine[];
  totalCents: number;
  currency: string;
  /** When the money was taken (the ledger entry). */
  paidAt: Date;
  /** The data license version the order's buyer accepted, if the order asked for one. */
  licenseVersion: string | null;
  /** Money given back since, oldest first: an order's refunds (a renewal has none of its own). */
  refunds: InvoiceRefund[];
}

export interface InvoiceRefund {
  /** Positive: the amount given back. */
  amountCents: number;
  refundedAt: Date;
}

export type InvoiceListing = Pick<Invoice, 'id' | 'number' | 'kind' | 'issuedAt' | 'totalCents'>;

/** "CDS-000042": the number as invoices and lists show it. */
export function invoiceNumber(number: string | number): string {
  return `CDS-${String(number).padStart(6, '0')}`;
}

const MISSING_PAGE_SIZE = 500;
const LISTING_COLUMNS = `id, number::text AS number, kind, issued_at AS "issuedAt", total_cents AS "totalCents"`;
const INVOICE_COLUMNS = `id, number::text AS number, order_id AS "orderId", payment_id AS "paymentId", kind,
  issued_at AS "issuedAt", email, company_name AS "companyName", tax_id AS "taxId", lines, total_cents AS "totalCents",
  currency`;

/** An invoice row as stored; the rest of an Invoice comes from the ledger and the order. */
type StoredInvoice = Omit<Invoice, 'paidAt' | 'licenseVersion' | 'refunds'> & { paymentId: string };

/** Who an invoice bills and what it bills them for. */
interface InvoiceDraft {
  orderId: string;
  paymentId: string;
  subscriptionId: string | null;
  kind: InvoiceKind;
  buyer: { email: string; companyName: string | null; taxId: string | null };
  lines: InvoiceLine[];
  totalCents: number;
  currency: string;
}

const yearsAfter = (start: Date, years: number): Date => {
  const date = new Date(start);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};

/**
 * Invoices, written in the transaction that records their payment in the ledger, once per
 * payment: the unique payment id makes a repeat a no-op, and a repeat takes no number, so
 * numbers run on without gaps from repeats. Each copies what it bills (buyer, county names,
 * amounts), so later changes to orders or counties change no invoice.
 */
@Injectable()
export class InvoicesRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: PaymentsLedger,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly counties: CountiesRepository,
  ) {}

  /**
   * The invoice of a checkout's charge, from its ledger entry (by PaymentIntent id). Activation
   * passes the order and items it already holds, so a 500-county order is not read twice inside
   * the payment's transaction. True when it was new.
   */
  async issueForCharge(
    db: EntityManager,
    paymentIntentId: string,
    known?: { order: Order; items: OrderItemRow[] },
  ): Promise<boolean> {
    const payment = await this.ledger.findByStripeObject(paymentIntentId, 'charge', db);
    if (!payment?.orderId) return false;
    const order = known?.order ?? (await this.orders.findById(payment.orderId, db));
    if (order?.id !== payment.orderId) return false;
    const items = known?.items ?? (await this.orders.items(order.id, db));
    const places = await this.counties.placesOf(
      items.map((item) => item.countyId),
      db,
    );
    const lines = items
      .map((item) => ({ place: places.get(item.countyId)!, item }))
      .sort((a, b) => compareByStateThenName(a.place, b.place))
      .map(({ place, item }) => ({
        description: placeName(place),
        purchaseType: item.purchaseType,
        amountCents: item.amountCents,
      }));
    return this.issue(db, {
      orderId: order.id,
      paymentId: payment.id,
      subscriptionId: null,
      kind: 'order',
      buyer: order,
      lines,
      totalCents: payment.amountCents,
      currency: payment.currency,
    });
  }

  /**
   * The invoice of a County Tracker's renewal, from its ledger entry (by Stripe invoice id),
   * billed to the buyer of the order the subscription came from. True when it was new.
   */
  async issueForRenewal(
    db: EntityManager,
    stripeInvoiceId: string,
    period: { start: Date; end: Date },
  ): Promise<boolean> {
    const payment = await this.ledger.findByStripeObject(stripeInvoiceId, 'renewal', db);
    if (!payment?.subscriptionId || (await this.isIssued(db, payment.id))) return false;
    const subscription = await this.subscriptions.find(payment.subscriptionId, undefined, db);
    if (!subscription?.orderItemId) return false;
    const order = (await this.orders.ordersOfItems([subscription.orderItemId], db)).get(subscription.orderItemId);
    const place = (await this.counties.placesOf([subscription.countyId], db)).get(subscription.countyId);
    if (!order || !place) return false;
    return this.issue(db, {
      orderId: order.orderId,
      paymentId: payment.id,
      subscriptionId: subscription.id,
      kind: 'renewal',
      buyer: order,
      lines: [
        {
          description: placeName(place),
          purchaseType: subscription.purchaseType,
          amountCents: payment.amountCents,
          periodStart: period.start.toISOString(),
          periodEnd: period.end.toISOString(),
        },
      ],
      totalCents: payment.amountCents,
      currency: payment.currency,
    });
  }

  /**
   * Issues the invoice of every charge and renewal in the ledger that has none (recorded by a
   * version that wrote no invoices), in payment order; a payment invoiced meanwhile is skipped.
   * A renewal's period is its place among the subscription's renewals: the n-th pays for the
   * (n+1)-th year from the start, which is what Stripe bills. It reads the ledger a page at a time
   * past the last payment seen, so payments that cannot be invoiced (their order or subscription
   * gone) never hold back the ones after them. How many were issued.
   */
  async issueMissing(): Promise<number> {
    let issued = 0;
    let after: BillableEntry | undefined;
    for (;;) {
      const page = await this.ledger.billableAfter(after, MISSING_PAGE_SIZE);
      const invoiced = await this.issuedAmong(page.map((payment) => payment.id));
      for (const payment of page) {
        if (invoiced.has(payment.id)) continue;
        if (await this.issueFor(payment)) issued++;
      }
      if (page.length < MISSING_PAGE_SIZE) return issued;
      after = page[page.length - 1];
    }
  }

  /** An order's invoices, oldest first. */
  listForOrder(orderId: string): Promise<InvoiceListing[]> {
    return this.db.query(`SELECT ${LISTING_COLUMNS} FROM invoices WHERE order_id = $1 ORDER BY number`, [orderId]);
  }

  /** A customer's invoices (those of the orders linked to them), newest first. */
  async listForUser(userId: string): Promise<InvoiceListing[]> {
    return this.db.query(
      `SELECT ${LISTING_COLUMNS} FROM invoices WHERE order_id = ANY($1::uuid[]) ORDER BY number DESC`,
      [await this.orders.idsOfUser(userId)],
    );
  }

  /** The invoice, if it is one of this order's. */
  async findForOrder(orderId: string, invoiceId: string): Promise<Invoice | null> {
    const [row]: StoredInvoice[] = await this.db.query(
      `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = $1 AND order_id = $2`,
      [invoiceId, orderId],
    );
    return row ? this.complete(row) : null;
  }

  /** The invoice, if it is one of this customer's. */
  async findForUser(userId: string, invoiceId: string): Promise<Invoice | null> {
    const [row]: StoredInvoice[] = await this.db.query(
      `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id = $1 AND order_id = ANY($2::uuid[])`,
      [invoiceId, await this.orders.idsOfUser(userId)],
    );
    return row ? this.complete(row) : null;
  }

  private async issueFor(payment: BillableEntry): Promise<boolean> {
    if (payment.kind === 'charge') return this.issueForCharge(this.db.manager, payment.stripeObjectId);
    if (!payment.subscriptionId || payment.renewalNumber === null) return false;
    const subscription = await this.subscriptions.find(payment.subscriptionId);
    if (!subscription) return false;
    return this.issueForRenewal(this.db.manager, payment.stripeObjectId, {
      start: yearsAfter(subscription.startDate, payment.renewalNumber),
      end: yearsAfter(subscription.startDate, payment.renewalNumber + 1),
    });
  }

  /** Numbered only when new: the unique payment id makes a repeat a no-op, and a repeat takes no number. */
  private async issue(db: EntityManager, draft: InvoiceDraft): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `INSERT INTO invoices (order_id, payment_id, subscription_id, kind, email, company_name, tax_id, lines,
                             total_cents, currency)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10
       WHERE NOT EXISTS (SELECT 1 FROM invoices WHERE payment_id = $2)
       ON CONFLICT (payment_id) DO NOTHING
       RETURNING id`,
      [
        draft.orderId,
        draft.paymentId,
        draft.subscriptionId,
        draft.kind,
        draft.buyer.email,
        draft.buyer.companyName,
        draft.buyer.taxId,
        JSON.stringify(draft.lines),
        draft.totalCents,
        draft.currency,
      ],
    );
    return rows.length === 1;
  }

  private async isIssued(db: EntityManager, paymentId: string): Promise<boolean> {
    const rows = await db.query<unknown[]>(`SELECT 1 FROM invoices WHERE payment_id = $1`, [paymentId]);
    return rows.length > 0;
  }

  private async issuedAmong(paymentIds: string[]): Promise<Set<string>> {
    const rows: { paymentId: string }[] = await this.db.query(
      `SELECT payment_id AS "paymentId" FROM invoices WHERE payment_id = ANY($1::uuid[])`,
      [paymentIds],
    );
    return new Set(rows.map((row) => row.paymentId));
  }

  /** The stored invoice with when it was paid, the license its order accepted and the refunds since. */
  private async complete({ paymentId, ...stored }: StoredInvoice): Promise<Invoice> {
    const [payment, order, refunds] = await Promise.all([
      this.ledger.findById(paymentId),
      this.orders.findById(stored.orderId),
      stored.kind === 'order' ? this.ledger.refundsOf(stored.orderId) : Promise.resolve([]),
    ]);
    return {
      ...stored,
      paidAt: payment!.occurredAt,
      licenseVersion: order?.licenseVersion ?? null,
      refunds: refunds.map((refund) => ({ amountCents: -refund.amountCents, refundedAt: refund.occurredAt })),
    };
  }
}
