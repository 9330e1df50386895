import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { centsToDecimal } from '../../common/money';
import type { PurchaseType } from '../../contracts/plans';
import { activeTracker } from './active-tracker';
import type { SubscriptionStatus } from './entities/subscription.entity';

/** A paid order item, as activation turns it into a subscription. */
export interface PaidItem {
  id: string;
  countyId: string;
  purchaseType: PurchaseType;
  amountCents: number;
}

/** A subscription as the services around it read it (amount in dollars as PostgreSQL's numeric text). */
export interface SubscriptionRow {
  id: string;
  userId: string;
  countyId: string;
  orderItemId: string | null;
  purchaseType: PurchaseType;
  status: SubscriptionStatus;
  autoRenew: boolean;
  amount: string;
  startDate: Date;
  expirationDate: Date | null;
  stripeSubscriptionId: string | null;
  /** A dispute of the payment behind it is open: no downloads, no deliveries until it closes won. */
  suspended: boolean;
  createdAt: Date;
}

/** Whose subscriptions a caller may see: a signed-in customer's, or those an order bought. */
export type SubscriptionScope = { userId: string } | { orderItemIds: string[] };

/** What a disputed payment paid for: an order's items, or a subscription's renewal. */
export interface DisputedPayment {
  orderItemIds?: string[];
  subscriptionId?: string;
}

/** A County Tracker still to be enrolled in its Stripe renewal. */
export interface UnenrolledTracker {
  id: string;
  orderItemId: string;
}

export interface SubscriptionFigures {
  total: number;
  active: number;
  /** Mean amount over all subscriptions, numeric text with two decimals. */
  average: string;
}

const COLUMNS = `s.id, s.user_id AS "userId", s.county_id AS "countyId", s.order_item_id AS "orderItemId",
  s.purchase_type AS "purchaseType", s.status, s.auto_renew AS "autoRenew", s.amount::text AS amount,
  s.start_date AS "startDate", s.expiration_date AS "expirationDate",
  s.stripe_subscription_id AS "stripeSubscriptionId", cardinality(s.suspending_disputes) > 0 AS suspended,
  s.created_at AS "createdAt"`;

const scopeCondition = (scope: SubscriptionScope | undefined, first: number): [string, unknown[]] => {
  if (!scope) return ['true', []];
  if ('userId' in scope) return [`s.user_id = $${first}`, [scope.userId]];
  return [`s.order_item_id = ANY($${first}::uuid[])`, [scope.orderItemIds]];
};

@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

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
  async cancelForOrderItems(db: EntityManager, orderItemIds: string[]): Promise<string[]> {
    // An UPDATE answers [rows, count].
    const [rows]: [{ stripe_subscription_id: string | null }[], number] = await db.query(
      `UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now()
       WHERE order_item_id = ANY($1::uuid[]) AND status <> 'cancelled'
       RETURNING stripe_subscription_id`,
      [orderItemIds],
    );
    return rows.flatMap((row) => (row.stripe_subscription_id ? [row.stripe_subscription_id] : []));
  }

  /**
   * Suspends what a disputed payment bought (an order's items, or one renewed subscription) while
   * the dispute is open; each dispute is listed once, so a repeat suspends nothing twice.
   */
  async suspendForDispute(db: EntityManager, paidFor: DisputedPayment, disputeId: string): Promise<void> {
    await db.query(
      `UPDATE subscriptions SET suspending_disputes = array_append(suspending_disputes, $3), updated_at = now()
       WHERE (order_item_id = ANY($1::uuid[]) OR id = $2) AND NOT ($3 = ANY(suspending_disputes))`,
      [paidFor.orderItemIds ?? [], paidFor.subscriptionId ?? null, disputeId],
    );
  }

  /** The dispute closed: it suspends nothing any more (other open disputes still do). */
  async liftDisputeSuspension(db: EntityManager, disputeId: string): Promise<void> {
    await db.query(
      `UPDATE subscriptions SET suspending_disputes = array_remove(suspending_disputes, $1), updated_at = now()
       WHERE $1 = ANY(suspending_disputes)`,
      [disputeId],
    );
  }

  /** Ends one subscription (its renewal charged back). Answers its Stripe renewal to end, if any. */
  async cancelWithRenewal(db: EntityManager, id: string): Promise<string | null> {
    const [rows]: [{ stripe_subscription_id: string | null }[], number] = await db.query(
      `UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now()
       WHERE id = $1 AND status <> 'cancelled' RETURNING stripe_subscription_id`,
      [id],
    );
    return rows[0]?.stripe_subscription_id ?? null;
  }

  /**
   * A renewal refunded in full: the year it added is taken off again, and it renews no more (the
   * expiry job ends it, and its Stripe renewal, once the shortened date has passed).
   */
  async takeBackRenewal(db: EntityManager, id: string, period: { start: Date; end: Date }): Promise<void> {
    await db.query(
      `UPDATE subscriptions SET expiration_date = expiration_date - ($3::timestamptz - $2::timestamptz),
              auto_renew = false, updated_at = now()
       WHERE id = $1 AND expiration_date IS NOT NULL`,
      [id, period.start, period.end],
    );
  }

  /** The subscription, if it is within the scope given (any subscription without one). */
  async find(
    id: string,
    scope?: SubscriptionScope,
    db: EntityManager = this.db.manager,
  ): Promise<SubscriptionRow | null> {
    const [condition, params] = scopeCondition(scope, 2);
    const [row]: SubscriptionRow[] = await db.query(
      `SELECT ${COLUMNS} FROM subscriptions s WHERE s.id = $1 AND ${condition}`,
      [id, ...params],
    );
    return row ?? null;
  }

  /** The subscription, locked until the transaction ends, if it is within the scope given. */
  async lock(db: EntityManager, id: string, scope?: SubscriptionScope): Promise<SubscriptionRow | null> {
    const [condition, params] = scopeCondition(scope, 2);
    const [row]: SubscriptionRow[] = await db.query(
      `SELECT ${COLUMNS} FROM subscriptions s WHERE s.id = $1 AND ${condition} FOR UPDATE`,
      [id, ...params],
    );
    return row ?? null;
  }

  /** The counties of a customer's active County Trackers: those whose parcels lookups answer for them. */
  async trackerCountyIds(userId: string): Promise<string[]> {
    const rows = await this.db.query<{ countyId: string }[]>(
      `SELECT DISTINCT s.county_id AS "countyId" FROM subscriptions s WHERE s.user_id = $1 AND ${activeTracker('now()')}`,
      [userId],
    );
    return rows.map((row) => row.countyId);
  }

  /** A customer's subscriptions, newest first, or those an order bought. */
  list(scope: SubscriptionScope): Promise<SubscriptionRow[]> {
    const [condition, params] = scopeCondition(scope, 1);
    return this.db.query(
      `SELECT ${COLUMNS} FROM subscriptions s WHERE ${condition} ORDER BY s.created_at DESC, s.id`,
      params,
    );
  }

  /** These customers' subscriptions, in one query, each customer's newest first. */
  listOfCustomers(userIds: string[]): Promise<SubscriptionRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM subscriptions s WHERE s.user_id = ANY($1::uuid[]) ORDER BY s.created_at DESC, s.id`,
      [userIds],
    );
  }

  async setAutoRenew(db: EntityManager, id: string, autoRenew: boolean): Promise<void> {
    await db.query(`UPDATE subscriptions SET auto_renew = $2, updated_at = now() WHERE id = $1`, [id, autoRenew]);
  }

  /** Staff ending a subscription: no access, no renewal. */
  async cancel(db: EntityManager, id: string): Promise<void> {
    await db.query(
      `UPDATE subscriptions SET status = 'cancelled', auto_renew = false, updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  /**
   * Active County Trackers without a Stripe renewal that expire more than a day from now, oldest
   * first: those of these order items, or (without) all bought over a minute ago.
   */
  unenrolledTrackers(orderItemIds?: string[]): Promise<UnenrolledTracker[]> {
    return this.db.query(
      `SELECT s.id, s.order_item_id AS "orderItemId" FROM subscriptions s
       WHERE ${orderItemIds ? `s.order_item_id = ANY($1::uuid[])` : `s.start_date < now() - interval '1 minute'`}
         AND s.purchase_type = 'annual' AND s.status = 'active' AND s.order_item_id IS NOT NULL
         AND s.stripe_subscription_id IS NULL AND s.expiration_date > now() + interval '1 day'
       ORDER BY s.start_date LIMIT 500`,
      orderItemIds ? [orderItemIds] : [],
    );
  }

  /** The tracker, locked, while it is still active and without a Stripe renewal. */
  async lockUnenrolled(db: EntityManager, id: string): Promise<{ autoRenew: boolean; expiresAt: Date } | null> {
    const [row] = await db.query<{ autoRenew: boolean; expiresAt: Date }[]>(
      `SELECT auto_renew AS "autoRenew", expiration_date AS "expiresAt" FROM subscriptions
       WHERE id = $1 AND status = 'active' AND stripe_subscription_id IS NULL FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  async attachRenewal(db: EntityManager, id: string, stripeSubscriptionId: string): Promise<void> {
    await db.query(`UPDATE subscriptions SET stripe_subscription_id = $2, updated_at = now() WHERE id = $1`, [
      id,
      stripeSubscriptionId,
    ]);
  }

  /**
   * Stripe renewals of subscriptions that ended here (cancelled, refunded, expired) whose ending
   * Stripe has not confirmed yet: Stripe's customer.subscription.deleted clears the id.
   */
  async lapsedRenewals(): Promise<string[]> {
    const rows: { stripeSubscriptionId: string }[] = await this.db.query(
      `SELECT stripe_subscription_id AS "stripeSubscriptionId" FROM subscriptions
       WHERE status <> 'active' AND stripe_subscription_id IS NOT NULL AND updated_at < now() - interval '1 minute'
       LIMIT 500`,
    );
    return rows.map((row) => row.stripeSubscriptionId);
  }

  /** Ours, by its Stripe subscription or by the id Stripe keeps in the renewal's metadata. */
  async idForRenewal(stripeSubscriptionId: string | null, metadataId: string | null): Promise<string | null> {
    const [row]: { id: string }[] = await this.db.query(
      `SELECT id FROM subscriptions WHERE stripe_subscription_id = $1 OR id::text = $2 LIMIT 1`,
      [stripeSubscriptionId, metadataId],
    );
    return row?.id ?? null;
  }

  /** A paid renewal: active to the end of the new period. False when the subscription was cancelled meanwhile. */
  async extend(db: EntityManager, id: string, until: Date): Promise<boolean> {
    const [, renewed]: [unknown, number] = await db.query(
      `UPDATE subscriptions SET status = 'active', expiration_date = GREATEST(expiration_date, $2), updated_at = now()
       WHERE id = $1 AND status <> 'cancelled'`,
      [id, until],
    );
    return renewed > 0;
  }

  /**
   * Staff giving a subscription more time: its period ends (and it renews) that much later. Counted on
   * the UTC calendar whatever the session's time zone, as Stripe and the console count it: a day is 24
   * hours, and months clamp to the month's end (Jan 31 + 1 month is Feb 28). Answers the new end.
   */
  async extendBy(db: EntityManager, id: string, by: { unit: 'days' | 'months'; count: number }): Promise<Date> {
    const unit = by.unit === 'days' ? 'days' : 'months';
    const [rows]: [{ expirationDate: Date }[], number] = await db.query(
      `UPDATE subscriptions
       SET expiration_date = ((expiration_date AT TIME ZONE 'UTC') + make_interval(${unit} => $2)) AT TIME ZONE 'UTC',
           updated_at = now()
       WHERE id = $1 AND expiration_date IS NOT NULL RETURNING expiration_date AS "expirationDate"`,
      [id, by.count],
    );
    return rows[0].expirationDate;
  }

  /** The Stripe subscription ended: nothing renews any more. */
  async renewalEnded(stripeSubscriptionId: string): Promise<void> {
    await this.db.query(
      `UPDATE subscriptions SET auto_renew = false, stripe_subscription_id = NULL, updated_at = now()
       WHERE stripe_subscription_id = $1`,
      [stripeSubscriptionId],
    );
  }

  /** Active County Trackers that renew and expire within `days` after `now`. */
  dueForRenewalReminder(now: Date, days: number): Promise<{ id: string; expiresAt: Date }[]> {
    return this.db.query(
      `SELECT id, expiration_date AS "expiresAt" FROM subscriptions
       WHERE purchase_type = 'annual' AND status = 'active' AND auto_renew
         AND expiration_date > $1 AND expiration_date <= $1::timestamptz + make_interval(days => $2)`,
      [now, days],
    );
  }

  /**
   * Ends the County Trackers whose year is over, those Stripe is renewing a day later (a day's
   * grace while Stripe renews). Answers what expired.
   */
  async expireLapsed(
    db: EntityManager,
    now: Date,
  ): Promise<{ id: string; expiresAt: Date; stripeSubscriptionId: string | null }[]> {
    // An UPDATE answers [rows, count].
    const [rows]: [{ id: string; expiresAt: Date; stripeSubscriptionId: string | null }[], number] = await db.query(
      `UPDATE subscriptions SET status = 'expired', auto_renew = false, updated_at = now()
       WHERE purchase_type = 'annual' AND status = 'active'
         AND expiration_date < $1::timestamptz - CASE WHEN auto_renew AND stripe_subscription_id IS NOT NULL
                                                  THEN interval '1 day' ELSE interval '0' END
       RETURNING id, expiration_date AS "expiresAt", stripe_subscription_id AS "stripeSubscriptionId"`,
      [now],
    );
    return rows;
  }

  async figures(): Promise<SubscriptionFigures> {
    const [row]: SubscriptionFigures[] = await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
              COALESCE(avg(amount), 0)::numeric(12, 2)::text AS average
       FROM subscriptions`,
    );
    return row;
  }
}
