import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { centsToDecimal } from '../../common/money';
import type { PurchaseType } from '../../contracts/plans';

export interface PaidItem {
  id: string;
  countyId: string;
  purchaseType: PurchaseType;
  amountCents: number;
}

@Injectable()
export class SubscriptionsRepository {
  /**
   * One subscription per paid order item: a one-time purchase never expires;
   * an annual one runs a year from the start and renews by default. The unique
   * order item makes a repeated call add nothing.
   */
  async createForItems(db: EntityManager, userId: string, items: PaidItem[], start: Date): Promise<void> {
    await db.query(
      `INSERT INTO subscriptions (user_id, county_id, order_item_id, purchase_type, amount, auto_renew, start_date, expiration_date)
       SELECT $1, item.county_id, item.id, item.purchase_type, item.amount::numeric, item.purchase_type = 'annual', $2,
              CASE WHEN item.purchase_type = 'annual' THEN $2::timestamptz + interval '1 year' END
       FROM unnest($3::uuid[], $4::uuid[], $5::varchar[], $6::varchar[]) AS item (id, county_id, purchase_type, amount)
       ON CONFLICT (order_item_id) DO NOTHING`,
      [
        userId,
        start,
        items.map((i) => i.id),
        items.map((i) => i.countyId),
        items.map((i) => i.purchaseType),
        items.map((i) => centsToDecimal(i.amountCents)),
      ],
    );
  }

  /** Ends access to everything an order bought (a full refund). Answers the Stripe renewals to end too. */
  async cancelForOrder(db: EntityManager, orderId: string): Promise<string[]> {
    // An UPDATE answers [rows, count].
    const [rows]: [{ stripe_subscription_id: string | null }[], number] = await db.query(
      `UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now()
       WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1) AND status <> 'cancelled'
       RETURNING stripe_subscription_id`,
      [orderId],
    );
    return rows.flatMap((row) => (row.stripe_subscription_id ? [row.stripe_subscription_id] : []));
  }
}
