import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import { FUNNEL_STEPS } from '../../contracts/journey';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const dollars = (cents: number) => cents / 100;

export interface FunnelStep {
  event: string;
  count: number;
  rate: number;
}

/**
 * The business figures staff see, computed as ARCHITECTURE.md defines them:
 * revenue from the payments ledger (net of refunds), visitors from journey
 * events, subscriptions from the subscriptions table.
 */
@Injectable()
export class AdminFiguresService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async summary() {
    const [subscriptions, users, revenue, journey] = await Promise.all([
      this.subscriptionFigures(),
      this.db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM users`),
      this.revenue(),
      this.journey(),
    ]);
    return {
      totalUsers: users[0].n,
      activeSubscriptions: subscriptions.active,
      totalRevenue: revenue.total,
      averageSubscriptionValue: subscriptions.average,
      conversionRate: journey.conversionRate,
      uniqueVisitors: journey.uniqueVisitors,
      totalSubscriptions: subscriptions.total,
    };
  }

  async analytics() {
    const [subscriptions, revenue, journey] = await Promise.all([
      this.subscriptionFigures(),
      this.revenue(),
      this.journey(),
    ]);
    return {
      journey: {
        conversionFunnel: journey.funnel,
        uniqueVisitors: journey.uniqueVisitors,
        conversionRate: journey.conversionRate,
        eventCounts: journey.eventCounts,
      },
      revenue: {
        totalRevenue: revenue.total,
        activeSubscriptions: subscriptions.active,
        averageSubscriptionValue: subscriptions.average,
        revenueByPurchaseType: revenue.byPurchaseType,
      },
    };
  }

  private async subscriptionFigures() {
    const [row] = await this.db.query<{ total: number; active: number; average: string }[]>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
              COALESCE(avg(amount), 0)::numeric(12, 2)::text AS average
       FROM subscriptions`,
    );
    return { total: row.total, active: row.active, average: decimalToDollars(row.average) };
  }

  private async revenue() {
    const [total] = await this.db.query<{ cents: string }[]>(
      `SELECT COALESCE(sum(amount_cents), 0)::bigint AS cents FROM payments`,
    );
    const byType = await this.db.query<{ type: string; cents: string }[]>(
      `SELECT split.key AS type, sum(split.value::numeric)::bigint AS cents
       FROM payments, jsonb_each_text(amount_by_purchase_type) AS split
       GROUP BY split.key ORDER BY split.key`,
    );
    return {
      total: dollars(Number(total.cents)),
      byPurchaseType: Object.fromEntries(byType.map((row) => [row.type, dollars(Number(row.cents))])),
    };
  }

  /** From the rollup totals (exact, as of the last rollup run), never from the raw events. */
  private async journey() {
    const [[rollup], totals] = await Promise.all([
      this.db.query<{ visitors: number }[]>(`SELECT unique_visitors::int AS visitors FROM journey_rollup WHERE id = 1`),
      this.db.query<{ event: string; visitors: number; events: number }[]>(
        `SELECT event, visitors::int, events::int FROM journey_event_totals`,
      ),
    ]);
    const byEvent = new Map<string, { visitors: number; events: number }>(totals.map((row) => [row.event, row]));
    const landing = byEvent.get('landing_view')?.visitors ?? 0;
    const funnel: FunnelStep[] = FUNNEL_STEPS.map((event) => {
      const count = byEvent.get(event)?.visitors ?? 0;
      return { event, count, rate: landing ? oneDecimal((count / landing) * 100) : 0 };
    });
    const uniqueVisitors = rollup?.visitors ?? 0;
    const paid = byEvent.get('payment_success')?.visitors ?? 0;
    return {
      uniqueVisitors,
      funnel,
      conversionRate: uniqueVisitors ? oneDecimal((paid / uniqueVisitors) * 100) : 0,
      eventCounts: FUNNEL_STEPS.map((event) => ({ event, count: byEvent.get(event)?.events ?? 0 })),
    };
  }

  async subscriptions() {
    const rows = await this.db.query<Record<string, never>[]>(
      `SELECT s.id, s.purchase_type, s.status, s.auto_renew, s.amount, s.start_date, s.expiration_date,
              u.id AS user_id, u.first_name, u.last_name, u.email, c.name AS county_name, c.state AS county_state
       FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN counties c ON c.id = s.county_id
       ORDER BY s.created_at DESC, s.id`,
    );
    return rows.map((r: Record<string, never>) => ({
      id: r.id,
      user: { id: r.user_id, firstName: r.first_name, lastName: r.last_name, email: r.email },
      county: { name: r.county_name, state: r.county_state },
      purchaseType: r.purchase_type,
      amount: decimalToDollars(r.amount),
      status: r.status,
      startDate: r.start_date,
      expirationDate: r.expiration_date,
      autoRenew: r.auto_renew,
    }));
  }

  async users() {
    const users: { subscriptions: { status: string; amount: string | number }[] }[] = await this.db.query(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email,
              u.profile_image_url AS "profileImageUrl", u.created_at AS "createdAt",
              COALESCE(json_agg(json_build_object('status', s.status, 'amount', s.amount::text))
                FILTER (WHERE s.id IS NOT NULL), '[]') AS subscriptions
       FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id
       GROUP BY u.id ORDER BY u.created_at DESC, u.id`,
    );
    for (const user of users) {
      for (const subscription of user.subscriptions)
        subscription.amount = decimalToDollars(subscription.amount as string);
    }
    return users;
  }
}
