import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
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

@Injectable()
export class PaymentsLedger {
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
