import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { decimalToDollars } from '../../common/money';
import { storageConfig } from '../../config';
import { findCurrentReleases } from '../datasets/current-release';
import { EntitledPeriod, entitledPeriod } from '../datasets/entitlement';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { CustomerSubscriptionDto } from './dto/customer-subscription.dto';

interface Row {
  id: string;
  purchase_type: CustomerSubscriptionDto['purchaseType'];
  status: CustomerSubscriptionDto['status'];
  auto_renew: boolean;
  amount: string;
  start_date: Date;
  expiration_date: Date | null;
  stripe_subscription_id: string | null;
  county_id: string;
  county_name: string;
  county_state: string;
}

// Removed counties included: a subscription keeps its county's name and state.
const SELECT = `SELECT s.id, s.purchase_type, s.status, s.auto_renew, s.amount, s.start_date, s.expiration_date,
    s.stripe_subscription_id, s.county_id, c.name AS county_name, c.state AS county_state
  FROM subscriptions s JOIN counties c ON c.id = s.county_id`;

const periodOf = (row: Row, now: Date): EntitledPeriod | null =>
  entitledPeriod(
    {
      purchaseType: row.purchase_type,
      status: row.status,
      startDate: row.start_date,
      expirationDate: row.expiration_date,
    },
    now,
  );

function toDto(row: Row, downloadableRelease: string | null): CustomerSubscriptionDto {
  return {
    id: row.id,
    purchaseType: row.purchase_type,
    status: row.status,
    autoRenew: row.auto_renew,
    amount: decimalToDollars(row.amount),
    startDate: row.start_date.toISOString(),
    expirationDate: row.expiration_date?.toISOString() ?? null,
    county: { name: row.county_name, state: row.county_state },
    downloadableRelease,
  };
}

/** A customer's own subscriptions: what they see and the one thing they change (auto-renewal). */
@Injectable()
export class CustomerSubscriptionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeGateway,
    @Inject(storageConfig.KEY) private readonly storage: ConfigType<typeof storageConfig>,
  ) {}

  async list(userId: string): Promise<CustomerSubscriptionDto[]> {
    const rows: Row[] = await this.db.query(`${SELECT} WHERE s.user_id = $1 ORDER BY s.created_at DESC, s.id`, [
      userId,
    ]);
    return this.toDtos(rows);
  }

  /** What one order bought, for whoever holds its order page token. */
  async listForOrder(orderId: string): Promise<CustomerSubscriptionDto[]> {
    const rows: Row[] = await this.db.query(
      `${SELECT} JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1 ORDER BY c.state, c.name, s.id`,
      [orderId],
    );
    return this.toDtos(rows);
  }

  /** Someone else's subscription answers exactly like one that does not exist. */
  async setAutoRenew(userId: string, subscriptionId: string, autoRenew: boolean): Promise<CustomerSubscriptionDto> {
    // The row stays locked until the change is made, so a concurrent cancellation cannot be undone by it.
    return this.db.transaction(async (db) => {
      const [row]: Row[] = await db.query(`${SELECT} WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`, [
        subscriptionId,
        userId,
      ]);
      if (!row) throw new NotFoundException('Subscription not found');
      if (row.purchase_type !== 'annual') {
        throw new ConflictException('A one-time County SnapShot does not renew; only County Tracker subscriptions do');
      }
      if (row.status !== 'active') {
        throw new ConflictException(`This subscription is ${row.status}; only an active subscription can renew`);
      }
      // Stripe first: if it refuses, the transaction rolls back and nothing here changes either.
      if (row.stripe_subscription_id) await this.stripe.setRenewal(row.stripe_subscription_id, autoRenew);
      await db.query(`UPDATE subscriptions SET auto_renew = $2, updated_at = now() WHERE id = $1`, [row.id, autoRenew]);
      const [dto] = await this.toDtos([{ ...row, auto_renew: autoRenew }], db);
      return dto;
    });
  }

  /**
   * With each subscription's downloadableRelease: the release its download link gives now
   * (the rule is the datasets module's), read in one query and without generating files.
   */
  private async toDtos(rows: Row[], db: DataSource | EntityManager = this.db): Promise<CustomerSubscriptionDto[]> {
    const now = new Date();
    const periods = rows.map((row) => periodOf(row, now));
    const releases = await findCurrentReleases(
      db,
      rows.flatMap((row, i) => (periods[i] ? [{ countyId: row.county_id, at: periods[i].to }] : [])),
      this.storage.generateMissingDatasets,
    );
    let next = 0;
    return rows.map((row, i) => toDto(row, periods[i] ? (releases[next++]?.release ?? null) : null));
  }
}
