import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import {
  applyOrder,
  containing,
  type OrderKey,
  type PageRequest,
  pageWindow,
  readInBatches,
} from '../../common/list-page';
import { decimalToCents } from '../../common/money';
import { User } from './entities/user.entity';
import { displayNameSql } from './user-display-name';

/**
 * The subscription entity, by name: the subscriptions module depends on this one, so this module reads
 * a user's subscriptions through the relation's entity name instead of importing it.
 */
const SUBSCRIPTION = 'Subscription';

/** The columns staff can sort the users list by, named as the console's table names them. */
export const USER_SORT_KEYS = ['name', 'email', 'joined', 'status', 'subscriptions', 'spent'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

/** Active: at least one active subscription; inactive: none. */
export const USER_ACTIVITIES = ['active', 'inactive'] as const;
export type UserActivity = (typeof USER_ACTIVITIES)[number];

export interface UserListCriteria {
  /** Text found, case-insensitively, in the user's email or name. */
  search?: string;
  /** Only users of these kinds; none (or both) keeps everyone. */
  activities?: readonly UserActivity[];
  /** Without one, newest first. */
  sort?: { key: UserSortKey; descending: boolean };
}

/** A user with each of their subscriptions' status and amount. */
export interface UserListRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
  subscriptions: { status: string; amountCents: number }[];
}

interface RawRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
  subscriptionId: string | null;
  status: string | null;
  amount: string | null;
}

/** Sorts by what a user's subscriptions add up to, read from one tally of them all. */
const TALLIED = new Set<UserSortKey>(['status', 'subscriptions', 'spent']);

/**
 * Newest first by default, as the list has always been. A sorted list breaks ties by join date and id
 * in the direction its first column is read, so one index (migration AdminListIndexes) serves both
 * directions for the name and the join date.
 */
function orderKeys(sort: UserListCriteria['sort']): OrderKey[] {
  if (!sort)
    return [
      { expression: 'u.createdAt', descending: true },
      { expression: 'u.id', descending: false },
    ];
  // Active before Inactive going up, as the words sort.
  const descending = sort.key === 'status' ? !sort.descending : sort.descending;
  const first: Record<UserSortKey, string> = {
    name: `lower(${displayNameSql('u')})`,
    email: 'u.email',
    joined: 'u.createdAt',
    status: 'COALESCE(tally.active, false)',
    subscriptions: 'COALESCE(tally.subscriptions, 0)',
    spent: 'COALESCE(tally.spent, 0)',
  };
  return [first[sort.key], 'u.createdAt', 'u.id'].map((expression) => ({ expression, descending }));
}

const userOf = (raw: RawRow): UserListRow => {
  const { id, firstName, lastName, email, profileImageUrl, createdAt } = raw;
  return { id, firstName, lastName, email, profileImageUrl, createdAt, subscriptions: [] };
};

function addSubscription(user: UserListRow, raw: RawRow): void {
  if (raw.subscriptionId && raw.status && raw.amount !== null)
    user.subscriptions.push({ status: raw.status, amountCents: decimalToCents(raw.amount) });
}

/** The staff list of users: filtered, sorted and paged in the database. */
@Injectable()
export class UserListRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every user who matches, in the list's order, read a batch at a time. */
  async *each(criteria: UserListCriteria, batchSize: number): AsyncGenerator<UserListRow[]> {
    const query = this.withTally(this.filtered('u', criteria), criteria.sort).leftJoin('u.subscriptions', 's');
    this.selectUserAndSubscription(query);
    // A user's rows (one per subscription) come together: the order ends with the user's id.
    applyOrder(query, [
      ...orderKeys(criteria.sort),
      { expression: 's.createdAt', descending: true },
      { expression: 's.id', descending: false },
    ]);
    let open: UserListRow | undefined;
    for await (const raws of readInBatches<RawRow>(this.db, query, batchSize)) {
      const complete: UserListRow[] = [];
      for (const raw of raws) {
        if (open?.id !== raw.id) {
          if (open) complete.push(open);
          open = userOf(raw);
        }
        addSubscription(open, raw);
      }
      if (complete.length) yield complete;
    }
    if (open) yield [open];
  }

  /** One page of the matching users, and how many match in all. */
  async page(criteria: UserListCriteria, page: PageRequest): Promise<{ rows: UserListRow[]; total: number }> {
    const counted = await this.filtered('u', criteria).select('count(*)::int', 'total').getRawOne<{ total: number }>();
    const total = counted?.total ?? 0;
    const window = pageWindow(total, page);
    if (!window.limit) return { rows: [], total };
    const ids = await this.pageIds(criteria, window);
    const details = this.withSubscriptions().where('u.id IN (:...ids)', { ids });
    return { rows: this.inOrder(ids, await details.getRawMany<RawRow>()), total };
  }

  /** The ids of a page's users, in the list's order. */
  private async pageIds(
    criteria: UserListCriteria,
    window: { offset: number; limit: number; reversed: boolean },
  ): Promise<string[]> {
    const query = this.withTally(this.filtered('u', criteria), criteria.sort).select('u.id', 'id');
    applyOrder(query, orderKeys(criteria.sort), window.reversed).offset(window.offset).limit(window.limit);
    const ids = (await query.getRawMany<{ id: string }>()).map((row) => row.id);
    return window.reversed ? ids.reverse() : ids;
  }

  private filtered(u: string, criteria: UserListCriteria): SelectQueryBuilder<User> {
    const query = this.db.createQueryBuilder(User, u);
    if (criteria.search)
      query.andWhere(`(${u}.email ILIKE :search OR ${displayNameSql(u)} ILIKE :search)`, {
        search: containing(criteria.search),
      });
    const activities = new Set(criteria.activities);
    if (activities.size === 1) {
      const active = query
        .subQuery()
        .select('1')
        .from(SUBSCRIPTION, 'ua')
        .where(`ua.userId = ${u}.id`)
        .andWhere(`ua.status = 'active'`)
        .getQuery();
      query.andWhere(activities.has('active') ? `EXISTS ${active}` : `NOT EXISTS ${active}`);
    }
    return query;
  }

  /** Sorting by what a user's subscriptions add up to needs their tally beside each user. */
  private withTally(query: SelectQueryBuilder<User>, sort: UserListCriteria['sort']): SelectQueryBuilder<User> {
    if (!sort || !TALLIED.has(sort.key)) return query;
    return query.leftJoin(
      (tally) =>
        tally
          .from(SUBSCRIPTION, 'us')
          .select('us.userId', 'userId')
          .addSelect('count(*)', 'subscriptions')
          .addSelect('sum(us.amountCents)', 'spent')
          .addSelect(`bool_or(us.status = 'active')`, 'active')
          .groupBy('us.userId'),
      'tally',
      'tally."userId" = u.id',
    );
  }

  private selectUserAndSubscription(query: SelectQueryBuilder<User>): SelectQueryBuilder<User> {
    return query
      .select('u.id', 'id')
      .addSelect('u.firstName', 'firstName')
      .addSelect('u.lastName', 'lastName')
      .addSelect('u.email', 'email')
      .addSelect('u.profileImageUrl', 'profileImageUrl')
      .addSelect('u.createdAt', 'createdAt')
      .addSelect('s.id', 'subscriptionId')
      .addSelect('s.status', 'status')
      .addSelect('s.amountCents', 'amount');
  }

  private withSubscriptions(): SelectQueryBuilder<User> {
    const query = this.db.createQueryBuilder(User, 'u').leftJoin('u.subscriptions', 's');
    return this.selectUserAndSubscription(query).orderBy('s.createdAt', 'DESC').addOrderBy('s.id');
  }

  /** One row per user, in the order of `ids`, each with their subscriptions newest first. */
  private inOrder(ids: string[], raws: RawRow[]): UserListRow[] {
    const users = new Map<string, UserListRow>();
    for (const raw of raws) {
      let user = users.get(raw.id);
      if (!user) users.set(raw.id, (user = userOf(raw)));
      addSubscription(user, raw);
    }
    return ids.flatMap((id) => users.get(id) ?? []);
  }
}
