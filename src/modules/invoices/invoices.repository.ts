import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PurchaseType } from '../../contracts/plans';

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

const INVOICE_COLUMNS = `i.id, i.number::text AS number, i.order_id AS "orderId", i.kind, i.issued_at AS "issuedAt",
  i.email, i.company_name AS "companyName", i.tax_id AS "taxId", i.lines, i.total_cents AS "totalCents", i.currency,
  p.occurred_at AS "paidAt", o.license_version AS "licenseVersion",
  CASE WHEN i.kind = 'order' THEN
    (SELECT COALESCE(jsonb_agg(jsonb_build_object('amountCents', -r.amount_cents, 'refundedAt', r.occurred_at)
                               ORDER BY r.occurred_at, r.id), '[]')
     FROM payments r WHERE r.order_id = i.order_id AND r.kind = 'refund')
  ELSE '[]' END AS refunds`;
const INVOICE_FROM = `invoices i JOIN payments p ON p.id = i.payment_id JOIN orders o ON o.id = i.order_id`;
/** A charge or renewal the ledger holds without its invoice. */
interface MissingInvoice {
  id: string;
  /** As text: a Date would drop the microseconds, and the next page would start before this row. */
  occurredAt: string;
  kind: 'charge' | 'renewal';
  stripeObjectId: string;
  periodStart: Date | null;
  periodEnd: Date | null;
}
const MISSING_PAGE_SIZE = 500;
const LISTING_COLUMNS = `i.id, i.number::text AS number, i.kind, i.issued_at AS "issuedAt", i.total_cents AS "totalCents"`;

/**
 * Invoices, written in the transaction that records their payment in the ledger, once per
 * payment: the unique payment id makes a repeat a no-op, and a repeat takes no number, so
 * numbers run on without gaps from repeats. Each copies what it bills (buyer, county names,
 * amounts), so later changes to orders or counties change no invoice.
 */
@Injectable()
export class InvoicesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The invoice of a checkout's charge, from its ledger entry (by PaymentIntent id). True when it was new. */
  async issueForCharge(db: EntityManager, paymentIntentId: string): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `INSERT INTO invoices (order_id, payment_id, kind, email, company_name, tax_id, lines, total_cents, currency)
       SELECT o.id, p.id, 'order', o.email, o.company_name, o.tax_id,
              (SELECT COALESCE(jsonb_agg(jsonb_build_object('description', c.name || ', ' || c.state,
                                                            'purchaseType', i.purchase_type,
                                                            'amountCents', i.amount_cents)
                                         ORDER BY c.state, c.name), '[]')
               FROM order_items i JOIN counties c ON c.id = i.county_id WHERE i.order_id = o.id),
              p.amount_cents, p.currency
       FROM payments p JOIN orders o ON o.id = p.order_id
       WHERE p.stripe_object_id = $1 AND p.kind = 'charge'
         AND NOT EXISTS (SELECT 1 FROM invoices WHERE payment_id = p.id)
       ON CONFLICT (payment_id) DO NOTHING
       RETURNING id`,
      [paymentIntentId],
    );
    return rows.length === 1;
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
    const rows: unknown[] = await db.query(
      `INSERT INTO invoices (order_id, payment_id, subscription_id, kind, email, company_name, tax_id, lines,
                             total_cents, currency)
       SELECT o.id, p.id, s.id, 'renewal', o.email, o.company_name, o.tax_id,
              jsonb_build_array(jsonb_build_object('description', c.name || ', ' || c.state,
                                                   'purchaseType', s.purchase_type,
                                                   'amountCents', p.amount_cents,
                                                   'periodStart', $2::text, 'periodEnd', $3::text)),
              p.amount_cents, p.currency
       FROM payments p
       JOIN subscriptions s ON s.id = p.subscription_id
       JOIN counties c ON c.id = s.county_id
       JOIN order_items oi ON oi.id = s.order_item_id
       JOIN orders o ON o.id = oi.order_id
       WHERE p.stripe_object_id = $1 AND p.kind = 'renewal'
         AND NOT EXISTS (SELECT 1 FROM invoices WHERE payment_id = p.id)
       ON CONFLICT (payment_id) DO NOTHING
       RETURNING id`,
      [stripeInvoiceId, period.start.toISOString(), period.end.toISOString()],
    );
    return rows.length === 1;
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
    let after: MissingInvoice | undefined;
    for (;;) {
      const page = await this.missingInvoices(after);
      for (const payment of page) {
        const isNew =
          payment.kind === 'charge'
            ? await this.issueForCharge(this.db.manager, payment.stripeObjectId)
            : payment.periodStart !== null &&
              payment.periodEnd !== null &&
              (await this.issueForRenewal(this.db.manager, payment.stripeObjectId, {
                start: payment.periodStart,
                end: payment.periodEnd,
              }));
        if (isNew) issued++;
      }
      if (page.length < MISSING_PAGE_SIZE) return issued;
      after = page[page.length - 1];
    }
  }

  /** The next page of charges and renewals without an invoice, in payment order, after `after`. */
  private missingInvoices(after: MissingInvoice | undefined): Promise<MissingInvoice[]> {
    return this.db.query(
      `SELECT p.id, p.occurred_at::text AS "occurredAt", p.kind, p.stripe_object_id AS "stripeObjectId",
                s.start_date + make_interval(years => r.n::int) AS "periodStart",
                s.start_date + make_interval(years => r.n::int + 1) AS "periodEnd"
         FROM payments p
         LEFT JOIN (SELECT id, row_number() OVER (PARTITION BY subscription_id ORDER BY occurred_at, id) AS n
                    FROM payments WHERE kind = 'renewal') r ON r.id = p.id
         LEFT JOIN subscriptions s ON s.id = p.subscription_id AND p.kind = 'renewal'
         WHERE p.kind IN ('charge', 'renewal') AND NOT EXISTS (SELECT 1 FROM invoices WHERE payment_id = p.id)
           AND ($1::timestamptz IS NULL OR (p.occurred_at, p.id) > ($1::timestamptz, $2::uuid))
         ORDER BY p.occurred_at, p.id
         LIMIT ${MISSING_PAGE_SIZE}`,
      [after?.occurredAt ?? null, after?.id ?? null],
    );
  }

  /** An order's invoices, oldest first. */
  listForOrder(orderId: string): Promise<InvoiceListing[]> {
    return this.db.query(`SELECT ${LISTING_COLUMNS} FROM invoices i WHERE i.order_id = $1 ORDER BY i.number`, [
      orderId,
    ]);
  }

  /** A customer's invoices (those of the orders linked to them), newest first. */
  listForUser(userId: string): Promise<InvoiceListing[]> {
    return this.db.query(
      `SELECT ${LISTING_COLUMNS} FROM invoices i JOIN orders o ON o.id = i.order_id
       WHERE o.user_id = $1 ORDER BY i.number DESC`,
      [userId],
    );
  }

  /** The invoice, if it is one of this order's. */
  async findForOrder(orderId: string, invoiceId: string): Promise<Invoice | null> {
    const [row] = await this.db.query<InvoiceRow[]>(
      `SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.id = $1 AND i.order_id = $2`,
      [invoiceId, orderId],
    );
    return row ? withRefundDates(row) : null;
  }

  /** The invoice, if it is one of this customer's. */
  async findForUser(userId: string, invoiceId: string): Promise<Invoice | null> {
    const [row] = await this.db.query<InvoiceRow[]>(
      `SELECT ${INVOICE_COLUMNS} FROM ${INVOICE_FROM} WHERE i.id = $1 AND o.user_id = $2`,
      [invoiceId, userId],
    );
    return row ? withRefundDates(row) : null;
  }
}

/** Refunds come as JSON, their moments as text. */
type InvoiceRow = Omit<Invoice, 'refunds'> & { refunds: { amountCents: number; refundedAt: string }[] };

function withRefundDates(row: InvoiceRow): Invoice {
  return {
    ...row,
    refunds: row.refunds.map((refund) => ({
      amountCents: refund.amountCents,
      refundedAt: new Date(refund.refundedAt),
    })),
  };
}
