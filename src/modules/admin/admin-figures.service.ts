import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import type { PageRequest } from '../../common/list-page';
import { FUNNEL_STEPS } from '../../contracts/journey';
import {
  type SubscriptionListCriteria,
  SubscriptionListRepository,
} from '../subscriptions/subscription-list.repository';
import { type UserListCriteria, UserListRepository } from '../users/user-list.repository';
import {
  AdminSubscriptionDto,
  AdminSubscriptionPageDto,
  AdminSubscriptionsQueryDto,
  AdminUserDto,
  AdminUserPageDto,
  AdminUsersQueryDto,
} from './dto/admin-lists.dto';

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const dollars = (cents: number) => cents / 100;
const pageOf = (page: number, pageSize: number): PageRequest => ({ offset: (page - 1) * pageSize, limit: pageSize });
/** Rows read at a time when a staff list is answered whole. */
const LIST_BATCH = 1_000;

const subscriptionCriteria = (query: AdminSubscriptionsQueryDto): SubscriptionListCriteria => ({
  search: query.q || undefined,
  statuses: query.status,
  sort: query.sort && { key: query.sort, descending: query.order === 'descend' },
});

const userCriteria = (query: AdminUsersQueryDto): UserListCriteria => ({
  search: query.q || undefined,
  activities: query.status,
  sort: query.sort && { key: query.sort, descending: query.order === 'descend' },
});

export interface FunnelStep {
  event: string;
  count: number;
  rate: number;
}

/**
 * The business figures staff see, computed as ARCHITECTURE.md defines them:
 * revenue from the payments ledger (net of refunds), visitors from journey
 * events, subscriptions from the subscriptions table; and the staff lists of subscriptions and users,
 * read through the repositories of the modules that own those tables.
 */
@Injectable()
export class AdminFiguresService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly subscriptionList: SubscriptionListRepository,
    private readonly userList: UserListRepository,
  ) {}

  async summary() {
    const [subscriptions, users, revenue, journey] = await Promise.all([
      this.subscriptionFigures(),
      this.db.query(`SELECT count(*)::int AS n FROM users`),
      this.revenue(),
      this.journey(),
    ]);
    return {
      totalUsers: users[0].n as number,
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
    const [row] = await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active,
              COALESCE(avg(amount), 0)::numeric(12, 2)::text AS average
       FROM subscriptions`,
    );
    return { total: row.total as number, active: row.active as number, average: decimalToDollars(row.average) };
  }

  private async revenue() {
    const [total] = await this.db.query(`SELECT COALESCE(sum(amount_cents), 0)::bigint AS cents FROM payments`);
    const byType: { type: string; cents: string }[] = await this.db.query(
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
      this.db.query(`SELECT unique_visitors::int AS visitors FROM journey_rollup WHERE id = 1`),
      this.db.query(`SELECT event, visitors::int, events::int FROM journey_event_totals`),
    ]);
    const byEvent = new Map<string, { visitors: number; events: number }>(
      (totals as { event: string; visitors: number; events: number }[]).map((row) => [row.event, row]),
    );
    const landing = byEvent.get('landing_view')?.visitors ?? 0;
    const funnel: FunnelStep[] = FUNNEL_STEPS.map((event) => {
      const count = byEvent.get(event)?.visitors ?? 0;
      return { event, count, rate: landing ? oneDecimal((count / landing) * 100) : 0 };
    });
    const uniqueVisitors = (rollup?.visitors ?? 0) as number;
    const paid = byEvent.get('payment_success')?.visitors ?? 0;
    return {
      uniqueVisitors,
      funnel,
      conversionRate: uniqueVisitors ? oneDecimal((paid / uniqueVisitors) * 100) : 0,
      eventCounts: FUNNEL_STEPS.map((event) => ({ event, count: byEvent.get(event)?.events ?? 0 })),
    };
  }

  /** One page of the staff subscriptions list, as searched, filtered and sorted. */
  async subscriptionPage(
    query: AdminSubscriptionsQueryDto,
    page: number,
    pageSize: number,
  ): Promise<AdminSubscriptionPageDto> {
    const { rows, total } = await this.subscriptionList.page(subscriptionCriteria(query), pageOf(page, pageSize));
    return { items: rows.map((row) => AdminSubscriptionDto.of(row)), total, page, pageSize };
  }

  /** The whole staff subscriptions list, as searched, filtered and sorted, a batch of rows at a time. */
  async *everySubscription(query: AdminSubscriptionsQueryDto): AsyncGenerator<AdminSubscriptionDto[]> {
    for await (const rows of this.subscriptionList.each(subscriptionCriteria(query), LIST_BATCH))
      yield rows.map((row) => AdminSubscriptionDto.of(row));
  }

  /** One page of the staff users list, as searched, filtered and sorted. */
  async userPage(query: AdminUsersQueryDto, page: number, pageSize: number): Promise<AdminUserPageDto> {
    const { rows, total } = await this.userList.page(userCriteria(query), pageOf(page, pageSize));
    return { items: rows.map((row) => AdminUserDto.of(row)), total, page, pageSize };
  }

  /** The whole staff users list, as searched, filtered and sorted, a batch of users at a time. */
  async *everyUser(query: AdminUsersQueryDto): AsyncGenerator<AdminUserDto[]> {
    for await (const rows of this.userList.each(userCriteria(query), LIST_BATCH))
      yield rows.map((row) => AdminUserDto.of(row));
  }
}
