import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CountyDatasetsService } from '../datasets/county-datasets.service';
import { releaseOf } from '../datasets/entitlement';
import { MailQueue } from '../mail/mail-queue.service';

interface DueSubscription {
  id: string;
  countyId: string;
  startRelease: string;
  lastDatasetId: string | null;
}

/**
 * County Tracker's monthly delivery: every active annual subscription bought
 * before this month gets one email for the month with its county's current
 * file. A row per subscription and month is written before the email is
 * queued, so running twice (or on two workers at once) emails once.
 */
@Injectable()
export class TrackerDeliveriesService {
  private readonly logger = new Logger('TrackerDeliveries');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly datasets: CountyDatasetsService,
    private readonly mail: MailQueue,
  ) {}

  async run(now = new Date()): Promise<string> {
    const month = releaseOf(now);
    const due = await this.due(month, now);
    const byCounty = new Map<string, DueSubscription[]>();
    for (const subscription of due) {
      byCounty.set(subscription.countyId, [...(byCounty.get(subscription.countyId) ?? []), subscription]);
    }
    let unavailable = 0;
    for (const [countyId, subscriptions] of byCounty) {
      // One file per county serves all its subscribers (and is made before anyone is emailed about it).
      const dataset = await this.datasets.currentDataset(countyId, now);
      if (!dataset) {
        unavailable += subscriptions.length;
        continue;
      }
      await this.db.query(
        `INSERT INTO tracker_deliveries (subscription_id, month, dataset_id, data_changed)
         SELECT due.id, $1, $2, due.changed FROM unnest($3::uuid[], $4::boolean[]) AS due (id, changed)
         ON CONFLICT (subscription_id, month) DO NOTHING`,
        [
          month,
          dataset.id,
          subscriptions.map((s) => s.id),
          // New to the subscriber: not the file of their last delivery, nor one older than their purchase.
          subscriptions.map((s) =>
            s.lastDatasetId ? s.lastDatasetId !== dataset.id : dataset.release > s.startRelease,
          ),
        ],
      );
    }
    if (unavailable > 0) this.logger.warn(`${unavailable} delivery(ies) of ${month} wait for their county's data`);
    return `${await this.queueMails(month)} delivery email(s) queued for ${month}`;
  }

  /** Active County Trackers bought before this month and not yet delivered this month. */
  private due(month: string, now: Date): Promise<DueSubscription[]> {
    return this.db.query(
      `SELECT s.id, s.county_id AS "countyId", to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') AS "startRelease",
              (SELECT d.dataset_id FROM tracker_deliveries d WHERE d.subscription_id = s.id
               ORDER BY d.month DESC LIMIT 1) AS "lastDatasetId"
       FROM subscriptions s
       WHERE s.purchase_type = 'annual' AND s.status = 'active' AND s.expiration_date > $2
         AND to_char(s.start_date AT TIME ZONE 'UTC', 'YYYY-MM') < $1
         AND NOT EXISTS (SELECT 1 FROM tracker_deliveries d WHERE d.subscription_id = s.id AND d.month = $1)`,
      [month, now],
    );
  }

  /** Queues the emails of the month's deliveries not queued yet (a run cut short is finished by the next). */
  private async queueMails(month: string): Promise<number> {
    const rows: { subscriptionId: string }[] = await this.db.query(
      `SELECT subscription_id AS "subscriptionId" FROM tracker_deliveries WHERE month = $1 AND mail_queued_at IS NULL`,
      [month],
    );
    for (const { subscriptionId } of rows) {
      await this.mail.queueTrackerDelivery({ subscriptionId, month });
      await this.db.query(
        `UPDATE tracker_deliveries SET mail_queued_at = now() WHERE subscription_id = $1 AND month = $2`,
        [subscriptionId, month],
      );
    }
    return rows.length;
  }
}
