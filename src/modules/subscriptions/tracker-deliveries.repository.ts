import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { activeTracker } from './active-tracker';

/** An active County Tracker due for this month's delivery. */
export interface DueSubscription {
  id: string;
  countyId: string;
  /** The month it was bought (YYYY-MM). */
  startRelease: string;
  /** The file of its last delivery, if it had one. */
  lastDatasetId: string | null;
}

/** A published county file: its subscribers are told of it once. */
export interface PublishedCountyFile {
  countyId: string;
  datasetId: string;
  publishedAt: Date;
}

/**
 * County Tracker deliveries, each written before its email is queued: the monthly run's (one per
 * subscription and month) and those made when a county's release is published. The database
 * holds the rule that a file new to a subscriber is delivered as news once, whichever made it.
 */
@Injectable()
export class TrackerDeliveriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Active County Trackers bought before this month and with no delivery this month yet: a
   * delivery made when their county's release was published is this month's too.
   */
  due(month: string, now: Date): Promise<DueSubscription[]> {
    return this.db.query(
      `SELECT s.id, s.county_id AS "countyId", to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') AS "startRelease",
              (SELECT d.dataset_id FROM tracker_deliveries d WHERE d.subscription_id = s.id
               ORDER BY d.month DESC, d.created_at DESC LIMIT 1) AS "lastDatasetId"
       FROM subscriptions s
       WHERE ${activeTracker('$2')}
         AND to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') < $1
         AND NOT EXISTS (SELECT 1 FROM tracker_deliveries d WHERE d.subscription_id = s.id AND d.month = $1)`,
      [month, now],
    );
  }

  /**
   * Records the month's delivery of one file to these subscriptions; a subscription delivered
   * already this month keeps its row, and one told of this file as news already is not told again.
   */
  async record(month: string, datasetId: string, deliveries: { id: string; changed: boolean }[]): Promise<void> {
    await this.db.query(
      `INSERT INTO tracker_deliveries (subscription_id, month, dataset_id, data_changed, occasion)
       SELECT due.id, $1, $2, due.changed, 'monthly' FROM unnest($3::uuid[], $4::boolean[]) AS due (id, changed)
       ON CONFLICT DO NOTHING`,
      [month, datasetId, deliveries.map((d) => d.id), deliveries.map((d) => d.changed)],
    );
  }

  /** The subscriptions whose monthly delivery of the month has no email queued yet. */
  async withoutQueuedMail(month: string): Promise<string[]> {
    const rows: { subscriptionId: string }[] = await this.db.query(
      `SELECT subscription_id AS "subscriptionId" FROM tracker_deliveries
       WHERE month = $1 AND occasion = 'monthly' AND mail_queued_at IS NULL`,
      [month],
    );
    return rows.map((row) => row.subscriptionId);
  }

  async markMailQueued(subscriptionId: string, month: string): Promise<void> {
    await this.db.query(
      `UPDATE tracker_deliveries SET mail_queued_at = now()
       WHERE subscription_id = $1 AND month = $2 AND occasion = 'monthly'`,
      [subscriptionId, month],
    );
  }

  /** A County Tracker's monthly delivery: which file, and whether it was new to the subscriber. */
  async find(subscriptionId: string, month: string): Promise<{ datasetId: string; dataChanged: boolean } | null> {
    const [row] = await this.db.query<{ datasetId: string; dataChanged: boolean }[]>(
      `SELECT dataset_id AS "datasetId", data_changed AS "dataChanged" FROM tracker_deliveries
       WHERE subscription_id = $1 AND month = $2 AND occasion = 'monthly'`,
      [subscriptionId, month],
    );
    return row ?? null;
  }

  /**
   * Records, as this month's news, the delivery of each published file to its county's active
   * County Trackers bought before the file was published (those bought since got it at purchase). A
   * subscription told of the file already (by this or by the monthly run) is skipped. Answers
   * the deliveries recorded now.
   */
  async recordReleaseNews(month: string, files: PublishedCountyFile[], now: Date): Promise<number> {
    if (files.length === 0) return 0;
    const [, inserted] = await this.db.query<[unknown[], number]>(
      `INSERT INTO tracker_deliveries (subscription_id, month, dataset_id, data_changed, occasion)
       SELECT s.id, $1, f.dataset_id, true, 'release'
       FROM unnest($2::uuid[], $3::uuid[], $4::timestamptz[]) AS f (county_id, dataset_id, published_at)
       JOIN subscriptions s ON s.county_id = f.county_id
       WHERE ${activeTracker('$5')} AND s.start_date < f.published_at
       ON CONFLICT DO NOTHING`,
      [month, files.map((f) => f.countyId), files.map((f) => f.datasetId), files.map((f) => f.publishedAt), now],
    );
    return inserted;
  }

  /** The deliveries of these files made at their release whose email is not queued yet. */
  releaseNewsWithoutQueuedMail(datasetIds: string[]): Promise<{ subscriptionId: string; datasetId: string }[]> {
    return this.db.query(
      `SELECT subscription_id AS "subscriptionId", dataset_id AS "datasetId" FROM tracker_deliveries
       WHERE dataset_id = ANY($1::uuid[]) AND occasion = 'release' AND mail_queued_at IS NULL`,
      [datasetIds],
    );
  }

  async markReleaseMailQueued(subscriptionId: string, datasetId: string): Promise<void> {
    await this.db.query(
      `UPDATE tracker_deliveries SET mail_queued_at = now()
       WHERE subscription_id = $1 AND dataset_id = $2 AND occasion = 'release'`,
      [subscriptionId, datasetId],
    );
  }

  /**
   * The County Tracker's latest delivery whose email was queued: a month's (the monthly email) or a
   * release's (its news), with what names the email. Null when it has had none.
   */
  async latestMailed(
    subscriptionId: string,
  ): Promise<{ occasion: 'monthly' | 'release'; month: string; datasetId: string } | null> {
    const [row] = await this.db.query<{ occasion: 'monthly' | 'release'; month: string; datasetId: string }[]>(
      `SELECT occasion, month, dataset_id AS "datasetId" FROM tracker_deliveries
       WHERE subscription_id = $1 AND mail_queued_at IS NOT NULL
       ORDER BY mail_queued_at DESC, created_at DESC LIMIT 1`,
      [subscriptionId],
    );
    return row ?? null;
  }

  /** Which of these County Trackers have had a Tracker email queued (monthly or a release's news). */
  async mailedAny(subscriptionIds: string[]): Promise<Set<string>> {
    const rows: { subscriptionId: string }[] = await this.db.query(
      `SELECT DISTINCT subscription_id AS "subscriptionId" FROM tracker_deliveries
       WHERE subscription_id = ANY($1::uuid[]) AND mail_queued_at IS NOT NULL`,
      [subscriptionIds],
    );
    return new Set(rows.map((row) => row.subscriptionId));
  }

  /** Whether a County Tracker was told of this file at its release. */
  async hasReleaseNews(subscriptionId: string, datasetId: string): Promise<boolean> {
    const [row] = await this.db.query<{ found: boolean }[]>(
      `SELECT true AS found FROM tracker_deliveries
       WHERE subscription_id = $1 AND dataset_id = $2 AND occasion = 'release'`,
      [subscriptionId, datasetId],
    );
    return row !== undefined;
  }
}
