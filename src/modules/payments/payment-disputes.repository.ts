import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DisputeStatus } from './entities/payment-dispute.entity';

/** A Stripe dispute as Stripe reports it, and what of ours its charge paid for. */
export interface DisputeReport {
  stripeDisputeId: string;
  stripeChargeId: string;
  /** The order whose checkout payment is disputed, or else the subscription whose renewal is. */
  orderId: string | null;
  subscriptionId: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  openedAt: Date;
}

@Injectable()
export class PaymentDisputesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Moves the dispute to `report.status`, recording it when new, inside the caller's transaction.
   * Answers the status it had before (null when new), or 'unchanged' when nothing moved: a closed
   * dispute stays closed, so a late or repeated event changes nothing.
   */
  async advance(db: EntityManager, report: DisputeReport): Promise<DisputeStatus | null | 'unchanged'> {
    const inserted: unknown[] = await db.query(
      `INSERT INTO payment_disputes (stripe_dispute_id, stripe_charge_id, order_id, subscription_id, amount_cents,
                                     currency, reason, status, opened_at, closed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::varchar, $9, CASE WHEN $8::varchar <> 'open' THEN now() END)
       ON CONFLICT (stripe_dispute_id) DO NOTHING RETURNING id`,
      [
        report.stripeDisputeId,
        report.stripeChargeId,
        report.orderId,
        report.subscriptionId,
        report.amountCents,
        report.currency,
        report.reason,
        report.status,
        report.openedAt,
      ],
    );
    if (inserted.length === 1) return null;
    if (report.status === 'open') return 'unchanged';
    const [rows]: [unknown[], number] = await db.query(
      `UPDATE payment_disputes SET status = $2, amount_cents = $3, closed_at = now()
       WHERE stripe_dispute_id = $1 AND status = 'open' RETURNING id`,
      [report.stripeDisputeId, report.status, report.amountCents],
    );
    return rows.length === 1 ? 'open' : 'unchanged';
  }

  /** Whether a dispute of the order's checkout payment is open or was lost: then its page gives nothing. */
  async holdOnOrder(orderId: string): Promise<'open' | 'lost' | null> {
    const [row] = await this.db.query<{ status: 'open' | 'lost' }[]>(
      `SELECT status FROM payment_disputes WHERE order_id = $1 AND status IN ('open', 'lost')
       ORDER BY status = 'lost' DESC LIMIT 1`,
      [orderId],
    );
    return row?.status ?? null;
  }
}
