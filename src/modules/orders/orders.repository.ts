import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LICENSE_VERSION } from '../../contracts/license';
import type { PurchaseType } from '../../contracts/plans';
import type { Order } from './entities/order.entity';

export interface OrderLine {
  countyId: string;
  purchaseType: PurchaseType;
  amountCents: number;
}

/** Who buys, as the checkout records it: the invoice bills the company and tax ID when given. */
export interface Buyer {
  email: string;
  companyName: string | null;
  taxId: string | null;
}

/** An order's item, as activation turns it into a subscription. */
export interface OrderItemRow {
  id: string;
  countyId: string;
  purchaseType: PurchaseType;
  amountCents: number;
}

/** The order an item belongs to, as those who act on the item's subscription need it. */
export interface ItemOrder {
  itemId: string;
  orderId: string;
  email: string;
  companyName: string | null;
  taxId: string | null;
  stripeCustomerId: string | null;
  stripePaymentIntentId: string | null;
}

const ORDER_COLUMNS = `id, email, user_id AS "userId", status, amount_cents AS "amountCents", currency,
  stripe_customer_id AS "stripeCustomerId", stripe_payment_intent_id AS "stripePaymentIntentId",
  paid_at AS "paidAt", receipt_queued_at AS "receiptQueuedAt", license_version AS "licenseVersion",
  license_accepted_at AS "licenseAcceptedAt", company_name AS "companyName", tax_id AS "taxId",
  page_links_rotated_at AS "pageLinksRotatedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A pending order; the buyer has accepted the current license, which it records with the time. */
  async createPending(buyer: Buyer, stripeCustomerId: string, lines: OrderLine[]): Promise<Order> {
    const amount = lines.reduce((sum, line) => sum + line.amountCents, 0);
    return this.db.transaction(async (db) => {
      const [order] = await db.query<Order[]>(
        `INSERT INTO orders (email, amount_cents, stripe_customer_id, license_version, license_accepted_at, company_name, tax_id)
         VALUES ($1, $2, $3, $4, now(), $5, $6) RETURNING ${ORDER_COLUMNS}`,
        [buyer.email, amount, stripeCustomerId, LICENSE_VERSION, buyer.companyName, buyer.taxId],
      );
      await db.query(
        `INSERT INTO order_items (order_id, county_id, purchase_type, amount_cents)
         SELECT $1, * FROM unnest($2::uuid[], $3::varchar[], $4::integer[])`,
        [order.id, lines.map((l) => l.countyId), lines.map((l) => l.purchaseType), lines.map((l) => l.amountCents)],
      );
      return order;
    });
  }

  async attachPaymentIntent(orderId: string, paymentIntentId: string): Promise<void> {
    await this.db.query(`UPDATE orders SET stripe_payment_intent_id = $2, updated_at = now() WHERE id = $1`, [
      orderId,
      paymentIntentId,
    ]);
  }

  async findByPaymentIntent(paymentIntentId: string): Promise<Order | null> {
    const [order] = await this.db.query<Order[]>(
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE stripe_payment_intent_id = $1`,
      [paymentIntentId],
    );
    return order ?? null;
  }

  async countItems(orderId: string): Promise<number> {
    const [row] = await this.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM order_items WHERE order_id = $1`,
      [orderId],
    );
    return row.n;
  }

  async findById(orderId: string, db: EntityManager = this.db.manager): Promise<Order | null> {
    const [order] = await db.query<Order[]>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [orderId]);
    return order ?? null;
  }

  /** The order, locked until the transaction ends: activations of one order take turns. */
  async lock(db: EntityManager, orderId: string): Promise<Order> {
    const [order] = await db.query<Order[]>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [orderId]);
    return order;
  }

  /** The ids of an order's items (each paid item became one subscription). */
  async itemIds(orderId: string, db: EntityManager = this.db.manager): Promise<string[]> {
    const rows: { id: string }[] = await db.query(`SELECT id FROM order_items WHERE order_id = $1`, [orderId]);
    return rows.map((row) => row.id);
  }

  /** The orders linked to a customer (paid while signed in, or with their email). */
  async idsOfUser(userId: string): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM orders WHERE user_id = $1`, [userId]);
    return rows.map((row) => row.id);
  }

  /**
   * What each of these customers has bought: their paid orders, what those charged (in cents, before
   * refunds) and when the latest was paid. A customer with no paid order is left out.
   */
  async purchasesOfUsers(
    userIds: string[],
  ): Promise<Map<string, { orders: number; spentCents: number; lastPaidAt: Date }>> {
    const rows: { userId: string; orders: number; spentCents: string; lastPaidAt: Date }[] = await this.db.query(
      `SELECT user_id AS "userId", count(*)::int AS orders, sum(amount_cents)::text AS "spentCents",
              max(paid_at) AS "lastPaidAt"
       FROM orders WHERE user_id = ANY($1::uuid[]) AND paid_at IS NOT NULL GROUP BY user_id`,
      [userIds],
    );
    return new Map(
      rows.map((row) => [
        row.userId,
        { orders: row.orders, spentCents: Number(row.spentCents), lastPaidAt: row.lastPaidAt },
      ]),
    );
  }

  /** The orders of these items, by item id. */
  async ordersOfItems(itemIds: string[], db: EntityManager = this.db.manager): Promise<Map<string, ItemOrder>> {
    const rows: ItemOrder[] = await db.query(
      `SELECT i.id AS "itemId", o.id AS "orderId", o.email, o.company_name AS "companyName", o.tax_id AS "taxId",
              o.stripe_customer_id AS "stripeCustomerId",
              o.stripe_payment_intent_id AS "stripePaymentIntentId"
       FROM order_items i JOIN orders o ON o.id = i.order_id WHERE i.id = ANY($1::uuid[])`,
      [itemIds],
    );
    return new Map(rows.map((row) => [row.itemId, row]));
  }

  async items(orderId: string, db: EntityManager = this.db.manager): Promise<OrderItemRow[]> {
    return db.query(
      `SELECT id, county_id AS "countyId", purchase_type AS "purchaseType", amount_cents AS "amountCents"
       FROM order_items WHERE order_id = $1`,
      [orderId],
    );
  }

  async markPaid(db: EntityManager, orderId: string, userId: string, paidAt: Date): Promise<void> {
    await db.query(`UPDATE orders SET status = 'paid', user_id = $2, paid_at = $3, updated_at = now() WHERE id = $1`, [
      orderId,
      userId,
      paidAt,
    ]);
  }

  /** A declined attempt; the buyer may still pay the same intent with another card. */
  async markFailed(paymentIntentId: string): Promise<void> {
    await this.db.query(
      `UPDATE orders SET status = 'failed', updated_at = now() WHERE stripe_payment_intent_id = $1 AND status = 'pending'`,
      [paymentIntentId],
    );
  }

  async markRefunded(db: EntityManager, orderId: string): Promise<void> {
    await db.query(`UPDATE orders SET status = 'refunded', updated_at = now() WHERE id = $1`, [orderId]);
  }

  /** Paid orders whose receipt was never queued (settled a minute, so activations in flight are left alone). */
  async withoutQueuedReceipt(limit = 500): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id FROM orders WHERE status = 'paid' AND receipt_queued_at IS NULL AND paid_at < now() - interval '1 minute'
       ORDER BY paid_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  async markReceiptQueued(orderId: string): Promise<void> {
    await this.db.query(`UPDATE orders SET receipt_queued_at = now() WHERE id = $1 AND receipt_queued_at IS NULL`, [
      orderId,
    ]);
  }
}
