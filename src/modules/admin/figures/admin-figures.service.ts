import { Injectable } from '@nestjs/common';
import { decimalToDollars } from '../../../common/money';
import type { PageRequest } from '../../../common/list-page';
import { JourneyFigures } from '../../journey';
import { RevenueFigures } from '../../payments';
import { type SubscriptionListCriteria, SubscriptionRecords } from '../../subscriptions';
import { type UserListCriteria, UserDirectory } from '../../users';
import {
  AdminSubscriptionDto,
  AdminSubscriptionPageDto,
  AdminSubscriptionsQueryDto,
  AdminUserDto,
  AdminUserPageDto,
  AdminUsersQueryDto,
} from './dto/admin-lists.dto';

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

/**
 * The business figures staff see, as docs/architecture.md defines them: revenue from the payments ledger
 * (net of refunds), visitors from journey events, subscriptions from the subscriptions table; and the
 * staff lists of subscriptions and users. Each is read through the service of the module that owns it.
 */
@Injectable()
export class AdminFiguresService {
  constructor(
    private readonly subscriptions: SubscriptionRecords,
    private readonly users: UserDirectory,
    private readonly revenueFigures: RevenueFigures,
    private readonly journeyFigures: JourneyFigures,
  ) {}

  async summary() {
    const [subscriptions, totalUsers, revenue, journey] = await Promise.all([
      this.subscriptionFigures(),
      this.users.count(),
      this.revenue(),
      this.journeyFigures.read(),
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
      this.journeyFigures.read(),
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
    const figures = await this.subscriptions.figures();
    return { ...figures, average: decimalToDollars(figures.average) };
  }

  private async revenue() {
    const revenue = await this.revenueFigures.collected();
    return {
      total: dollars(revenue.totalCents),
      byPurchaseType: Object.fromEntries(
        Object.entries(revenue.centsByPurchaseType).map(([type, cents]) => [type, dollars(cents)]),
      ),
    };
  }

  /** One page of the staff subscriptions list, as searched, filtered and sorted. */
  async subscriptionPage(
    query: AdminSubscriptionsQueryDto,
    page: number,
    pageSize: number,
  ): Promise<AdminSubscriptionPageDto> {
    const { rows, total } = await this.subscriptions.page(subscriptionCriteria(query), pageOf(page, pageSize));
    return { items: rows.map((row) => AdminSubscriptionDto.of(row)), total, page, pageSize };
  }

  /** The whole staff subscriptions list, as searched, filtered and sorted, a batch of rows at a time. */
  async *everySubscription(query: AdminSubscriptionsQueryDto): AsyncGenerator<AdminSubscriptionDto[]> {
    for await (const rows of this.subscriptions.each(subscriptionCriteria(query), LIST_BATCH))
      yield rows.map((row) => AdminSubscriptionDto.of(row));
  }

  /** One page of the staff users list, as searched, filtered and sorted. */
  async userPage(query: AdminUsersQueryDto, page: number, pageSize: number): Promise<AdminUserPageDto> {
    const { rows, total } = await this.users.page(userCriteria(query), pageOf(page, pageSize));
    return { items: rows.map((row) => AdminUserDto.of(row)), total, page, pageSize };
  }

  /** The whole staff users list, as searched, filtered and sorted, a batch of users at a time. */
  async *everyUser(query: AdminUsersQueryDto): AsyncGenerator<AdminUserDto[]> {
    for await (const rows of this.users.each(userCriteria(query), LIST_BATCH))
      yield rows.map((row) => AdminUserDto.of(row));
  }
}
