import { Injectable } from '@nestjs/common';
import { decimalToDollars } from '../../common/money';
import type { PageRequest } from '../../common/list-page';
import { FUNNEL_STEPS } from '../../contracts/journey';
import { JourneyTotalsRepository } from '../journey';
import { PaymentsLedger } from '../payments';
import { type SubscriptionListCriteria, SubscriptionListRepository, SubscriptionsRepository } from '../subscriptions';
import { type UserListCriteria, UserListRepository, UsersRepository } from '../users';
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
 * The business figures staff see, computed as docs/architecture.md defines them:
 * revenue from the payments ledger (net of refunds), visitors from journey
 * events, subscriptions from the subscriptions table; and the staff lists of subscriptions and users,
 * read through the repositories of the modules that own those tables.
 */
@Injectable()
export class AdminFiguresService {
  constructor(
    private readonly subscriptionsRepository: SubscriptionsRepository,
    private readonly usersRepository: UsersRepository,
    private readonly ledger: PaymentsLedger,
    private readonly journeyTotals: JourneyTotalsRepository,
    private readonly subscriptionList: SubscriptionListRepository,
    private readonly userList: UserListRepository,
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
