import { ForbiddenException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { appConfig, authConfig } from '../../config';
import { CountyDataset, CountyDatasetsService } from './county-datasets.service';
import { DownloadTokens } from './download-token';
import { currentRelease, EntitlementTerms, includesRelease } from './entitlement';

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

export const EXPIRED_LINK = 'This download link has expired. Get a fresh one from your dashboard or your order page.';
const terms = (s: Entitlement): EntitlementTerms => ({
  purchaseType: s.purchase_type,
  status: s.status,
  startDate: s.start_date,
  expirationDate: s.expiration_date,
});

const NOT_ENTITLED =
  'This subscription does not include this file any more. Your dashboard shows what you can download.';

/** Download links, with the entitlement (./entitlement) checked when a link is made and again when it is used. */
@Injectable()
export class DownloadsService {
  private readonly tokens: DownloadTokens;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly datasets: CountyDatasetsService,
    @Inject(authConfig.KEY) auth: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.tokens = new DownloadTokens(auth.sessionSecret);
  }

  /** A 15-minute link to the file a customer's subscription entitles them to now. */
  async linkFor(userId: string, subscriptionId: string) {
    const subscription = await this.entitlement(subscriptionId, userId);
    if (!subscription) throw new NotFoundException('Subscription not found');
    const release = currentRelease(terms(subscription), new Date());
    if (!release) throw new ForbiddenException(NOT_ENTITLED);
    const dataset = await this.datasets.ensureRelease(subscription.county_id, release);
    const { token, expiresAt } = this.tokens.issue({ subscriptionId, datasetId: dataset.id });
    return {
      url: `${this.app.publicUrl}/api/downloads/${token}`,
      release,
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
    const [dataset]: CountyDataset[] = await this.db.query(
      `SELECT id, county_id AS "countyId", release, format, storage_key AS "storageKey", bytes::int AS bytes, sha256, records
       FROM county_datasets WHERE id = $1`,
      [checked.grant.datasetId],
    );
    if (!subscription || !dataset || dataset.countyId !== subscription.county_id)
      throw new ForbiddenException(NOT_ENTITLED);
    if (!includesRelease(terms(subscription), dataset.release, new Date())) throw new ForbiddenException(NOT_ENTITLED);
    const slug = `${subscription.county_name}-${subscription.state_code}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return { dataset, filename: `${slug}-${dataset.release}.csv.gz` };
  }

  private async entitlement(subscriptionId: string, userId?: string): Promise<Entitlement | null> {
    const [row] = await this.db.query(
      `SELECT s.id, s.purchase_type, s.status, s.start_date, s.expiration_date, s.county_id, c.name AS county_name, c.state_code
       FROM subscriptions s JOIN counties c ON c.id = s.county_id
       WHERE s.id = $1 AND ($2::uuid IS NULL OR s.user_id = $2)`,
      [subscriptionId, userId ?? null],
    );
    return row ?? null;
  }
}
