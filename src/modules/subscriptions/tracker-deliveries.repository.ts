import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** An active County Tracker due for this month's delivery. */
export interface DueSubscription {
  id: string;
  countyId: string;
  /** The month it was bought (YYYY-MM). */
  startRelease: string;
  /** The file of its last delivery, if it had one. */
  lastDatasetId: string | null;
}

/** One row per County Tracker and month, written before the email is queued, so a month is emailed once. */
@Injectable()
export class TrackerDeliveriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Active County Trackers bought before this month, not suspended by a dispute, and not yet delivered this month. */
  due(month: string, now: Date): Promise<DueSubscription[]> {
    return this.db.query(
      `SELECT s.id, s.county_id AS "countyId", to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') AS "startRelease",
              (SELECT d.dataset_id FROM tracker_deliveries d WHERE d.subscription_id = s.id
               ORDER BY d.month DESC LIMIT 1) AS "lastDatasetId"
       FROM subscriptions s
       WHERE s.purchase_type = 'annual' AND s.status = 'active' AND s.expiration_date > $2
         AND cardinality(s.suspending_disputes) = 0
         AND to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') < $1
         AND NOT EXISTS (SELECT 1 FROM tracker_deliveries d WHERE d.subscription_id = s.id AND d.month = $1)`,
      [month, now],
    );
  }

  /** Records the month's delivery of one file to these subscriptions; a subscription delivered already keeps its row. */
  async record(month: string, datasetId: string, deliveries: { id: string; changed: boolean }[]): Promise<void> {
    await this.db.query(
      `INSERT INTO tracker_deliveries (subscription_id, month, dataset_id, data_changed)
       SELECT due.id, $1, $2, due.changed FROM unnest($3::uuid[], $4::boolean[]) AS due (id, changed)
       ON CONFLICT (subscription_id, month) DO NOTHING`,
      [month, datasetId, deliveries.map((d) => d.id), deliveries.map((d) => d.changed)],
    );
  }

  /** The subscriptions whose delivery of the month has no email queued yet. */
  async withoutQueuedMail(month: string): Promise<string[]> {
    const rows: { subscriptionId: string }[] = await this.db.query(
      `SELECT subscription_id AS "subscriptionId" FROM tracker_deliveries WHERE month = $1 AND mail_queued_at IS NULL`,
      [month],
    );
    return rows.map((row) => row.subscriptionId);
  }

  async markMailQueued(subscriptionId: string, month: string): Promise<void> {
    await this.db.query(
      `UPDATE tracker_deliveries SET mail_queued_at = now() WHERE subscription_id = $1 AND month = $2`,
      [subscriptionId, month],
    );
  }

  /** A County Tracker's delivery of a month: which file, and whether it was new to the subscriber. */
  async find(subscriptionId: string, month: string): Promise<{ datasetId: string; dataChanged: boolean } | null> {
    const [row] = await this.db.query<{ datasetId: string; dataChanged: boolean }[]>(
      `SELECT dataset_id AS "datasetId", data_changed AS "dataChanged" FROM tracker_deliveries
       WHERE subscription_id = $1 AND month = $2`,
      [subscriptionId, month],
    );
    return row ?? null;
  }
}
