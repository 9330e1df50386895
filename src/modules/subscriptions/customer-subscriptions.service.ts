import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import { storageConfig } from '../../config';
import {
  CurrentRelease,
  EntitledPeriod,
  entitledPeriod,
  findCurrentReleases,
  findReleasesInWindows,
  PublishedCountyRelease,
  releaseOf,
} from '../releases';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository, compareByStateThenName, CountyPlace } from '../counties';
import { OrdersRepository } from '../orders';
import { CustomerSubscriptionDto, DownloadableReleaseDto } from './dto/customer-subscription.dto';
import { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

/** A subscription with the place of its county (removed counties included: a subscription keeps its county's name and state). */
type Row = SubscriptionRow & { county: CountyPlace };

const periodOf = (row: Row, now: Date): EntitledPeriod | null =>
  entitledPeriod(
    {
      purchaseType: row.purchaseType,
      status: row.status,
      startDate: row.startDate,
      expirationDate: row.expirationDate,
    },
    now,
  );

/** Enough for a dashboard card; older releases stay downloadable through the API. */
const LISTED_RELEASES = 12;

const toDownloadable = (release: PublishedCountyRelease): DownloadableReleaseDto => ({
  release: release.release,
  records: release.records,
  hasChangeFile: release.changeDatasetId !== null,
  added: release.added,
  removed: release.removed,
  changed: release.changed,
});

function toDto(
  row: Row,
  downloadableRelease: string | null,
  downloadableReleases: DownloadableReleaseDto[],
): CustomerSubscriptionDto {
  return {
    id: row.id,
    purchaseType: row.purchaseType,
    status: row.status,
    autoRenew: row.autoRenew,
    amount: decimalToDollars(row.amount),
    startDate: row.startDate.toISOString(),
    expirationDate: row.expirationDate?.toISOString() ?? null,
    county: { name: row.county.name, state: row.county.state },
    downloadableRelease,
    downloadableReleases,
  };
}

/** A customer's own subscriptions: what they see and the one thing they change (auto-renewal). */
@Injectable()
export class CustomerSubscriptionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly counties: CountiesRepository,
    private readonly orders: OrdersRepository,
    private readonly stripe: StripeGateway,
    @Inject(storageConfig.KEY) private readonly storage: ConfigType<typeof storageConfig>,
  ) {}

  async list(userId: string): Promise<CustomerSubscriptionDto[]> {
    return this.toDtos(await this.withPlaces(await this.subscriptions.list({ userId })));
  }

  /**
   * The same list, each with its county's id: the data API names counties by id and FIPS code as
   * well as by name.
   */
  async listWithCountyIds(userId: string): Promise<{ countyId: string; subscription: CustomerSubscriptionDto }[]> {
    const rows = await this.withPlaces(await this.subscriptions.list({ userId }));
    const dtos = await this.toDtos(rows);
    return rows.map((row, i) => ({ countyId: row.countyId, subscription: dtos[i] }));
  }

  /** What one order bought, for whoever holds its order page token. */
  async listForOrder(orderId: string): Promise<CustomerSubscriptionDto[]> {
    const rows = await this.withPlaces(
      await this.subscriptions.list({ orderItemIds: await this.orders.itemIds(orderId) }),
    );
    rows.sort((a, b) => compareByStateThenName(a.county, b.county) || a.id.localeCompare(b.id));
    return this.toDtos(rows);
  }

  /** Someone else's subscription answers exactly like one that does not exist. */
  async setAutoRenew(userId: string, subscriptionId: string, autoRenew: boolean): Promise<CustomerSubscriptionDto> {
    // The row stays locked until the change is made, so a concurrent cancellation cannot be undone by it.
    return this.subscriptions.transaction(async (db) => {
      const locked = await this.subscriptions.lock(db, subscriptionId, { userId });
      if (!locked) throw new NotFoundException('Subscription not found');
      const [row] = await this.withPlaces([locked], db);
      if (row.purchaseType !== 'annual') {
        throw new ConflictException('A one-time County SnapShot does not renew; only County Tracker subscriptions do');
      }
      if (row.status !== 'active') {
        throw new ConflictException(`This subscription is ${row.status}; only an active subscription can renew`);
      }
      // Stripe first: if it refuses, the transaction rolls back and nothing here changes either.
      if (row.stripeSubscriptionId) await this.stripe.setRenewal(row.stripeSubscriptionId, autoRenew);
      await this.subscriptions.setAutoRenew(db, row.id, autoRenew);
      const [dto] = await this.toDtos([{ ...row, autoRenew }], db);
      return dto;
    });
  }

  /**
   * With each subscription's downloadableRelease: the release its download link gives now
   * (the rule is the releases module's), read in one query and without generating files.
   */
  private async withPlaces(subscriptions: SubscriptionRow[], db?: EntityManager): Promise<Row[]> {
    const places = await this.counties.placesOf(
      subscriptions.map((s) => s.countyId),
      db,
    );
    return subscriptions.map((s) => ({ ...s, county: places.get(s.countyId)! }));
  }

  /**
   * Each subscription with what it may download (the rule is the releases module's): the release a
   * download link gives now and, for County Tracker, the published releases from the one current at
   * its start through the one current now. Two queries for the whole list, no file generated.
   */
  private async toDtos(rows: Row[], db: DataSource | EntityManager = this.db): Promise<CustomerSubscriptionDto[]> {
    const now = new Date();
    const periods = rows.map((row) => periodOf(row, now));
    const asked = rows.flatMap((row, i) => {
      const period = periods[i];
      if (!period) return [];
      return [
        { countyId: row.countyId, at: period.from },
        { countyId: row.countyId, at: period.to },
      ];
    });
    const answers = await findCurrentReleases(db, asked, this.storage.generateMissingDatasets);
    let next = 0;
    const bounds = rows.map((_, i): { first: CurrentRelease | null; last: CurrentRelease | null } | null => {
      if (!periods[i]) return null;
      const [first, last] = [answers[next++] ?? null, answers[next++] ?? null];
      return { first, last };
    });
    // Tracker subscriptions of counties with published releases; generated stand-ins have no history to offer.
    const windows = rows.flatMap((row, i) => {
      const last = bounds[i]?.last;
      if (row.purchaseType !== 'annual' || !last || last.source !== 'uploaded') return [];
      const from = bounds[i]?.first?.release ?? releaseOf(periods[i]!.from);
      return [{ index: i, window: { countyId: row.countyId, from, to: last.release } }];
    });
    const lists = await findReleasesInWindows(
      db,
      windows.map((w) => w.window),
      LISTED_RELEASES,
    );
    const releases = new Map(windows.map((w, n) => [w.index, lists[n].map(toDownloadable)]));
    return rows.map((row, i) => toDto(row, bounds[i]?.last?.release ?? null, releases.get(i) ?? []));
  }
}
