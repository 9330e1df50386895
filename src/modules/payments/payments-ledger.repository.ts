import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { PaymentKind } from './entities/payment.entity';
import type { AmountByPurchaseType } from './purchase-type-split';

export interface LedgerEntry {
  kind: PaymentKind;
  orderId: string | null;
  subscriptionId?: string | null;
  amountCents: number;
  amountByPurchaseType: AmountByPurchaseType;
  currency: string;
  /** The Stripe object the money moved with (PaymentIntent, refund, invoice): one entry each. */
  stripeObjectId: string;
  occurredAt?: Date;
}

/** A recorded movement of money, as invoices and emails read it. */
export interface LedgerRecord {
  id: string;
  kind: PaymentKind;
  orderId: string | null;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  stripeObjectId: string;
  occurredAt: Date;
}

/** A charge or renewal in ledger order; a renewal knows it is its subscription's n-th (from 1). */
export interface BillableEntry {
  id: string;
  /** As text: a Date would drop the microseconds, and the next page would start before this row. */
  occurredAt: string;
  kind: 'charge' | 'renewal';
  stripeObjectId: string;
  subscriptionId: string | null;
  renewalNumber: number | null;
}

export interface Revenue {
  totalCents: number;
  centsByPurchaseType: Record<string, number>;
}

const RECORD_COLUMNS = `id, kind, order_id AS "orderId", subscription_id AS "subscriptionId", amount_cents AS "amountCents",
  currency, stripe_object_id AS "stripeObjectId", occurred_at AS "occurredAt"`;

@Injectable()
export class PaymentsLedger {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The entry of a Stripe object (PaymentIntent, refund, invoice) of this kind. */
  async findByStripeObject(
    stripeObjectId: string,
    kind: PaymentKind,
    db: EntityManager = this.db.manager,
  ): Promise<LedgerRecord | null> {
    const [row]: LedgerRecord[] = await db.query(
      `SELECT ${RECORD_COLUMNS} FROM payments WHERE stripe_object_id = $1 AND kind = $2`,
      [stripeObjectId, kind],
    );
    return row ?? null;
  }

  async findById(id: string, db: EntityManager = this.db.manager): Promise<LedgerRecord | null> {
    const [row]: LedgerRecord[] = await db.query(`SELECT ${RECORD_COLUMNS} FROM payments WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** An order's refunds, oldest first (amounts negative, as recorded). */
  refundsOf(orderId: string, db: EntityManager = this.db.manager): Promise<LedgerRecord[]> {
    return db.query(
      `SELECT ${RECORD_COLUMNS} FROM payments WHERE order_id = $1 AND kind = 'refund' ORDER BY occurred_at, id`,
      [orderId],
    );
  }

  /** The next page of charges and renewals in ledger order, after `after` (from the start without). */
  billableAfter(after: BillableEntry | undefined, limit: number): Promise<BillableEntry[]> {
    return this.db.query(
      `SELECT p.id, p.occurred_at::text AS "occurredAt", p.kind, p.stripe_object_id AS "stripeObjectId",
              p.subscription_id AS "subscriptionId", r.n::int AS "renewalNumber"
         FROM payments p
         LEFT JOIN (SELECT id, row_number() OVER (PARTITION BY subscription_id ORDER BY occurred_at, id) AS n
                    FROM payments WHERE kind = 'renewal') r ON r.id = p.id
         WHERE p.kind IN ('charge', 'renewal')
           AND ($1::timestamptz IS NULL OR (p.occurred_at, p.id) > ($1::timestamptz, $2::uuid))
         ORDER BY p.occurred_at, p.id
         LIMIT $3`,
      [after?.occurredAt ?? null, after?.id ?? null, limit],
    );
  }

  /** Money collected, net of refunds, in all and by plan. */
  async revenue(): Promise<Revenue> {
    const [[total], byType] = await Promise.all([
      this.db.query<{ cents: string }[]>(`SELECT COALESCE(sum(amount_cents), 0)::bigint AS cents FROM payments`),
      this.db.query<{ type: string; cents: string }[]>(
        `SELECT split.key AS type, sum(split.value::numeric)::bigint AS cents
         FROM payments, jsonb_each_text(amount_by_purchase_type) AS split
         GROUP BY split.key ORDER BY split.key`,
      ),
    ]);
    return {
      totalCents: Number(total.cents),
      centsByPurchaseType: Object.fromEntries(byType.map((row) => [row.type, Number(row.cents)])),
    };
  }
  /** Records the entry unless its Stripe object is already recorded. True when it was new. */
  async record(db: EntityManager, entry: LedgerEntry): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `INSERT INTO payments (kind, order_id, subscription_id, amount_cents, amount_by_purchase_type, currency, stripe_object_id, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, COALESCE($8, now()))
       ON CONFLICT (stripe_object_id) DO NOTHING
       RETURNING id`,
      [
        entry.kind,
        entry.orderId,
        entry.subscriptionId ?? null,
        entry.amountCents,
        JSON.stringify(entry.amountByPurchaseType),
        entry.currency,
        entry.stripeObjectId,
        entry.occurredAt ?? null,
      ],
    );
    return rows.length === 1;
  }
}
