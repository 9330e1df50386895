import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import { storageConfig } from '../../config';
import { findCurrentReleases, EntitledPeriod, entitledPeriod } from '../datasets';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CountiesRepository, compareByStateThenName, CountyPlace } from '../counties';
import { OrdersRepository } from '../orders';
import { CustomerSubscriptionDto } from './dto/customer-subscription.dto';
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

function toDto(row: Row, downloadableRelease: string | null): CustomerSubscriptionDto {
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
   * (the rule is the datasets module's), read in one query and without generating files.
   */
  private async withPlaces(subscriptions: SubscriptionRow[], db?: EntityManager): Promise<Row[]> {
    const places = await this.counties.placesOf(
      subscriptions.map((s) => s.countyId),
      db,
    );
    return subscriptions.map((s) => ({ ...s, county: places.get(s.countyId)! }));
  }

  private async toDtos(rows: Row[], db: DataSource | EntityManager = this.db): Promise<CustomerSubscriptionDto[]> {
    const now = new Date();
    const periods = rows.map((row) => periodOf(row, now));
    const releases = await findCurrentReleases(
      db,
      rows.flatMap((row, i) => (periods[i] ? [{ countyId: row.countyId, at: periods[i].to }] : [])),
      this.storage.generateMissingDatasets,
    );
    let next = 0;
    return rows.map((row, i) => toDto(row, periods[i] ? (releases[next++]?.release ?? null) : null));
  }
}
