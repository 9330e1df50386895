import {
  ConflictException,
  ForbiddenException,
  GoneException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { countyFileStem } from '../../common/slug';
import { appConfig, authConfig } from '../../config';
import { CountyDataset, CountyDatasetsService } from './county-datasets.service';
import { DownloadTokens } from './download-token';
import { entitledPeriod, EntitlementTerms, includesDataset } from './entitlement';

interface Entitlement {
  id: string;
  purchase_type: 'one-time' | 'annual';
  status: string;
  start_date: Date;
  expiration_date: Date | null;
  county_id: string;
  county_name: string;
  state_code: string;
}

/** Who asks for a link: a signed-in customer, or whoever holds an order's page token. */
export type SubscriptionOwner = { userId: string } | { orderId: string };

export const EXPIRED_LINK = 'This download link has expired. Get a fresh one from your dashboard or your order page.';
const terms = (s: Entitlement): EntitlementTerms => ({
  purchaseType: s.purchase_type,
  status: s.status,
  startDate: s.start_date,
  expirationDate: s.expiration_date,
});

export const DATA_NOT_AVAILABLE = "This county's data is not available yet.";

const NOT_ENTITLED =
  'This subscription does not include this file any more. Your dashboard shows what you can download.';

/** Download links, with the entitlement (./entitlement) checked when a link is made and again when it is used. */
@Injectable()
export class DownloadsService {
  private readonly tokens: DownloadTokens;
  private readonly notAvailable: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly datasets: CountyDatasetsService,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.tokens = new DownloadTokens(auth.sessionSecret);
    this.notAvailable = `${DATA_NOT_AVAILABLE} Please try again in a few days${
      app.supportEmail ? `, or write to ${app.supportEmail}` : ''
    }.`;
  }

  /**
   * A 15-minute link to the file a subscription entitles its owner to now: for a one-time
   * purchase the county's file current when it was bought, for an annual one the file
   * current now (see ./entitlement). 409 while the county has no such file yet.
   */
  async linkFor(subscriptionId: string, owner: SubscriptionOwner) {
    const subscription = await this.entitlement(subscriptionId, owner);
    if (!subscription) throw new NotFoundException('Subscription not found');
    const period = entitledPeriod(terms(subscription), new Date());
    if (!period) throw new ForbiddenException(NOT_ENTITLED);
    const dataset = await this.datasets.currentDataset(subscription.county_id, period.to);
    if (!dataset) throw new ConflictException(this.notAvailable);
    const { token, expiresAt } = this.tokens.issue({ subscriptionId, datasetId: dataset.id });
    return {
      url: `${this.app.publicUrl}/api/downloads/${token}`,
      release: dataset.release,
      records: dataset.records,
      bytes: dataset.bytes,
      expiresAt,
    };
  }

  /** The file behind a link, if the link is sound and unexpired and the subscription still entitles it. */
  async open(token: string): Promise<{ dataset: CountyDataset; filename: string }> {
    const checked = this.tokens.check(token);
    if (!checked.valid) {
      if (checked.reason === 'expired') throw new GoneException(EXPIRED_LINK);
      throw new NotFoundException(
        'This download link is not valid. Get a fresh one from your dashboard or your order page.',
      );
    }
    const subscription = await this.entitlement(checked.grant.subscriptionId);
    const dataset = await this.datasets.findById(checked.grant.datasetId);
    if (!subscription || !dataset || dataset.countyId !== subscription.county_id)
      throw new ForbiddenException(NOT_ENTITLED);
    const period = entitledPeriod(terms(subscription), new Date());
    if (!period) throw new ForbiddenException(NOT_ENTITLED);
    // Looked up again, not trusted from the link: an upload since may have moved the bounds.
    const [first, last] = await this.datasets.currentReleases([
      { countyId: subscription.county_id, at: period.from },
      { countyId: subscription.county_id, at: period.to },
    ]);
    if (!includesDataset(dataset, period, first, last)) throw new ForbiddenException(NOT_ENTITLED);
    const name = countyFileStem(subscription.county_name, subscription.state_code);
    return { dataset, filename: `${name}-${dataset.release}.csv.gz` };
  }

  private async entitlement(subscriptionId: string, owner?: SubscriptionOwner): Promise<Entitlement | null> {
    const [row] = await this.db.query<Entitlement[]>(
      `SELECT s.id, s.purchase_type, s.status, s.start_date, s.expiration_date, s.county_id, c.name AS county_name, c.state_code
       FROM subscriptions s JOIN counties c ON c.id = s.county_id
       WHERE s.id = $1 AND ($2::uuid IS NULL OR s.user_id = $2)
         AND ($3::uuid IS NULL OR s.order_item_id IN (SELECT id FROM order_items WHERE order_id = $3))`,
      [
        subscriptionId,
        owner && 'userId' in owner ? owner.userId : null,
        owner && 'orderId' in owner ? owner.orderId : null,
      ],
    );
    return row ?? null;
  }
}
