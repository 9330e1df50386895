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
import { PLANS, PURCHASE_TYPES, type PurchaseType } from '../../contracts/plans';
import { County } from '../counties';
import { displayNameSql, User } from '../users';
import { Subscription, type SubscriptionStatus } from './entities/subscription.entity';

/** The columns staff can sort the subscriptions list by, named as the console's table names them. */
export const SUBSCRIPTION_SORT_KEYS = [
  'customer',
  'county',
  'plan',
  'amount',
  'status',
  'startDate',
  'expirationDate',
  'autoRenew',
] as const;
export type SubscriptionSortKey = (typeof SUBSCRIPTION_SORT_KEYS)[number];

export interface SubscriptionListCriteria {
  /** Text found, case-insensitively, in the customer's email or name or in the county's "Name, State". */
  search?: string;
  /** Only subscriptions in one of these statuses; none keeps every status. */
  statuses?: readonly SubscriptionStatus[];
  /** Without one, newest first. */
  sort?: { key: SubscriptionSortKey; descending: boolean };
}

/** A subscription with its customer and its county (a removed county keeps its name and state). */
export interface SubscriptionListRow {
  id: string;
  user: { id: string; firstName: string | null; lastName: string | null; email: string | null };
  county: { name: string; state: string };
  purchaseType: PurchaseType;
  amountCents: number;
  status: SubscriptionStatus;
  startDate: Date;
  expirationDate: Date | null;
  autoRenew: boolean;
}

interface RawRow {
  id: string;
  purchaseType: PurchaseType;
  status: SubscriptionStatus;
  autoRenew: boolean;
  amount: string;
  startDate: Date;
  expirationDate: Date | null;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  countyName: string;
  countyState: string;
}

/** Query aliases of a subscription, its customer and its county. */
interface Aliases {
  s: string;
  u: string;
  c: string;
}

// The plans sort by name ("County SnapShot" before "County Tracker"); when the names run the other way
// from the purchase types ("annual" before "one-time"), a sort by plan reads the type column backwards.
const planTypesByName = Object.values(PLANS)
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((plan) => plan.type);
const PLAN_REVERSES_TYPE = planTypesByName[0] !== [...PURCHASE_TYPES].sort()[0];

interface ListOrder {
  keys(aliases: Aliases): OrderKey[];
  joinsUser: boolean;
  joinsCounty: boolean;
}

/**
 * Newest first by default, as the list has always been. A sorted list breaks ties by creation and id in
 * the direction its first column is read, so one index per column (migration AdminListIndexes) serves
 * both directions and a page is read from it without sorting the whole table.
 */
function listOrder(sort: SubscriptionListCriteria['sort']): ListOrder {
  if (!sort)
    return {
      keys: ({ s }) => [
        { expression: `${s}.createdAt`, descending: true },
        { expression: `${s}.id`, descending: false },
      ],
      joinsUser: false,
      joinsCounty: false,
    };
  const descending = sort.key === 'plan' ? sort.descending !== PLAN_REVERSES_TYPE : sort.descending;
  const first = (aliases: Aliases): string[] => {
    const { s, u, c } = aliases;
    switch (sort.key) {
      case 'customer':
        return [`lower(${displayNameSql(u)})`];
      case 'county':
        return [`lower(${c}.name)`, `lower(${c}.state)`];
      case 'plan':
        return [`${s}.purchaseType`];
      case 'amount':
        return [`${s}.amountCents`];
      case 'status':
        return [`${s}.status`];
      case 'startDate':
        return [`${s}.startDate`];
      case 'expirationDate':
        return [`${s}.expirationDate`];
      case 'autoRenew':
        return [`${s}.autoRenew`];
    }
  };
  return {
    keys: (aliases) =>
      [...first(aliases), `${aliases.s}.createdAt`, `${aliases.s}.id`].map((expression) => ({
        expression,
        descending,
      })),
    joinsUser: sort.key === 'customer',
    joinsCounty: sort.key === 'county',
  };
}

/** Customers found by a search that are still looked up by id; more are matched in the database. */
const MAX_CUSTOMERS_LISTED = 1_000;

const customerMatches = (u: string) => `(${u}.email ILIKE :search OR ${displayNameSql(u)} ILIKE :search)`;
const countyMatches = (c: string) => `(${c}.name || ', ' || ${c}.state) ILIKE :search`;

/** The criteria as the queries apply them, the search resolved to what it finds. */
interface Scope {
  statuses: readonly SubscriptionStatus[];
  /** The customers the search found, when they are few enough to name. */
  customerIds?: string[];
  /** The search pattern, when it finds too many customers to name. */
  customerSearch?: string;
  countyIds?: string[];
  /** The search finds no customer and no county. */
  nothing: boolean;
}

const toRow = (raw: RawRow): SubscriptionListRow => ({
  id: raw.id,
  user: { id: raw.userId, firstName: raw.firstName, lastName: raw.lastName, email: raw.email },
  county: { name: raw.countyName, state: raw.countyState },
  purchaseType: raw.purchaseType,
  amountCents: decimalToCents(raw.amount),
  status: raw.status,
  startDate: raw.startDate,
  expirationDate: raw.expirationDate,
  autoRenew: raw.autoRenew,
});

/** The staff list of subscriptions: filtered, sorted and paged in the database. */
@Injectable()
export class SubscriptionListRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every subscription that matches, in the list's order, read a batch at a time. */
  async *each(criteria: SubscriptionListCriteria, batchSize: number): AsyncGenerator<SubscriptionListRow[]> {
    const scope = await this.scopeOf(criteria);
    if (scope.nothing) return;
    const query = this.filtered(this.withCustomerAndCounty(), 's', scope);
    applyOrder(query, listOrder(criteria.sort).keys({ s: 's', u: 'u', c: 'c' }));
    for await (const raws of readInBatches<RawRow>(this.db, query, batchSize)) yield raws.map(toRow);
  }

  /** One page of the matching subscriptions, and how many match in all. */
  async page(
    criteria: SubscriptionListCriteria,
    page: PageRequest,
  ): Promise<{ rows: SubscriptionListRow[]; total: number }> {
    const scope = await this.scopeOf(criteria);
    const total = scope.nothing ? 0 : await this.count(scope);
    const window = pageWindow(total, page);
    if (!window.limit) return { rows: [], total };
    const order = listOrder(criteria.sort);

    // The page's ids first, from the subscriptions alone where the order allows: rows skipped on the way
    // to the page are never joined to their customer and county.
    const ids = this.filtered(this.db.createQueryBuilder(Subscription, 'ps').withDeleted(), 'ps', scope).select(
      'ps.id',
    );
    if (order.joinsUser) ids.innerJoin('ps.user', 'pu');
    if (order.joinsCounty) ids.innerJoin('ps.county', 'pc');
    applyOrder(ids, order.keys({ s: 'ps', u: 'pu', c: 'pc' }), window.reversed)
      .offset(window.offset)
      .limit(window.limit);

    const query = this.withCustomerAndCounty().where(`s.id IN (${ids.getQuery()})`).setParameters(ids.getParameters());
    applyOrder(query, order.keys({ s: 's', u: 'u', c: 'c' }));
    return { rows: (await query.getRawMany<RawRow>()).map(toRow), total };
  }

  private async count(scope: Scope): Promise<number> {
    const query = this.filtered(this.db.createQueryBuilder(Subscription, 's'), 's', scope);
    const row = await query.select('count(*)::int', 'total').getRawOne<{ total: number }>();
    return row?.total ?? 0;
  }

  private withCustomerAndCounty(): SelectQueryBuilder<Subscription> {
    return (
      this.db
        .createQueryBuilder(Subscription, 's')
        // Removed counties too: a subscription keeps its county's name and state.
        .withDeleted()
        .innerJoin('s.user', 'u')
        .innerJoin('s.county', 'c')
        .select('s.id', 'id')
        .addSelect('s.purchaseType', 'purchaseType')
        .addSelect('s.status', 'status')
        .addSelect('s.autoRenew', 'autoRenew')
        .addSelect('s.amountCents', 'amount')
        .addSelect('s.startDate', 'startDate')
        .addSelect('s.expirationDate', 'expirationDate')
        .addSelect('u.id', 'userId')
        .addSelect('u.firstName', 'firstName')
        .addSelect('u.lastName', 'lastName')
        .addSelect('u.email', 'email')
        .addSelect('c.name', 'countyName')
        .addSelect('c.state', 'countyState')
    );
  }

  /**
   * The criteria, with the search resolved to the customers and counties it finds. Those are usually
   * few, and their subscriptions are then read through the customer and county indexes; a search
   * that finds customers by the thousand (a few common letters) is left to the database to test on
   * every subscription instead, which costs the same whatever it finds.
   */
  private async scopeOf(criteria: SubscriptionListCriteria): Promise<Scope> {
    const scope: Scope = { statuses: criteria.statuses ?? [], nothing: false };
    if (!criteria.search) return scope;
    const search = containing(criteria.search);
    const [customers, counties] = await Promise.all([
      this.db
        .createQueryBuilder(User, 'mu')
        .select('mu.id', 'id')
        .where(customerMatches('mu'), { search })
        .limit(MAX_CUSTOMERS_LISTED + 1)
        .getRawMany<{ id: string }>(),
      this.db
        .createQueryBuilder(County, 'mc')
        .withDeleted()
        .select('mc.id', 'id')
        .where(countyMatches('mc'), { search })
        .getRawMany<{ id: string }>(),
    ]);
    scope.countyIds = counties.map((row) => row.id);
    if (customers.length > MAX_CUSTOMERS_LISTED) scope.customerSearch = search;
    else scope.customerIds = customers.map((row) => row.id);
    scope.nothing = !counties.length && !customers.length;
    return scope;
  }

  /** The scope as conditions on the subscription alias `s`. */
  private filtered(query: SelectQueryBuilder<Subscription>, s: string, scope: Scope): SelectQueryBuilder<Subscription> {
    if (scope.statuses.length) query.andWhere(`${s}.status IN (:...statuses)`, { statuses: scope.statuses });
    const found: string[] = [];
    if (scope.customerSearch) {
      const customers = query.subQuery().select('mu.id').from(User, 'mu').where(customerMatches('mu')).getQuery();
      found.push(`${s}.userId IN ${customers}`);
      query.setParameter('search', scope.customerSearch);
    }
    if (scope.customerIds?.length) {
      found.push(`${s}.userId = ANY(:customerIds)`);
      query.setParameter('customerIds', scope.customerIds);
    }
    if (scope.countyIds?.length) {
      found.push(`${s}.countyId = ANY(:countyIds)`);
      query.setParameter('countyIds', scope.countyIds);
    }
    if (found.length) query.andWhere(`(${found.join(' OR ')})`);
    return query;
  }
}
