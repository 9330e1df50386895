import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import { FUNNEL_STEPS } from '../../contracts/journey';
import { JourneyTotalsRepository } from '../journey';
import { PaymentsLedger } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';
import { UsersRepository } from '../users';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const dollars = (cents: number) => cents / 100;

export interface FunnelStep {
  event: string;
  count: number;
  rate: number;
}

/**
 * The business figures staff see, computed as docs/architecture.md defines them:
 * revenue from the payments ledger (net of refunds), visitors from journey
 * events, subscriptions from the subscriptions table.
 */
@Injectable()
export class AdminFiguresService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly subscriptionsRepository: SubscriptionsRepository,
    private readonly usersRepository: UsersRepository,
    private readonly ledger: PaymentsLedger,
    private readonly journeyTotals: JourneyTotalsRepository,
  ) {}

  async summary() {
    const [subscriptions, totalUsers, revenue, journey] = await Promise.all([
      this.subscriptionFigures(),
      this.usersRepository.count(),
      this.revenue(),
      this.journey(),
    ]);
    return {
      totalUsers,
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
    const figures = await this.subscriptionsRepository.figures();
    return { ...figures, average: decimalToDollars(figures.average) };
  }

  private async revenue() {
    const revenue = await this.ledger.revenue();
    return {
      total: dollars(revenue.totalCents),
      byPurchaseType: Object.fromEntries(
        Object.entries(revenue.centsByPurchaseType).map(([type, cents]) => [type, dollars(cents)]),
      ),
    };
  }

  /** From the rollup totals (exact, as of the last rollup run), never from the raw events. */
  private async journey() {
    const totals = await this.journeyTotals.read();
    const byEvent = new Map(totals.byEvent.map((row) => [row.event, row]));
    const landing = byEvent.get('landing_view')?.visitors ?? 0;
    const funnel: FunnelStep[] = FUNNEL_STEPS.map((event) => {
      const count = byEvent.get(event)?.visitors ?? 0;
      return { event, count, rate: landing ? oneDecimal((count / landing) * 100) : 0 };
    });
    const { uniqueVisitors } = totals;
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
