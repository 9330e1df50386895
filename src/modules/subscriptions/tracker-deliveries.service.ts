import { Injectable, Logger } from '@nestjs/common';
import { CountyDatasetsService, releaseOf } from '../releases';
import { MailQueue } from '../mail';
import { ReleaseDeliveriesService } from './release-deliveries.service';
import { DueSubscription, TrackerDeliveriesRepository } from './tracker-deliveries.repository';

/**
 * County Tracker's monthly delivery: every active annual subscription bought
 * before this month gets one email for the month with its county's current
 * file. A row per subscription and month is written before the email is
 * queued, so running twice (or on two workers at once) emails once. A
 * subscription told of its county's new release this month has had the
 * month's delivery; the run first tells those whose release news was never
 * queued, so that news goes out as such.
 */
@Injectable()
export class TrackerDeliveriesService {
  private readonly logger = new Logger('TrackerDeliveries');

  constructor(
    private readonly deliveries: TrackerDeliveriesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly mail: MailQueue,
    private readonly releaseDeliveries: ReleaseDeliveriesService,
  ) {}

  async run(now = new Date()): Promise<string> {
    await this.releaseDeliveries.catchUp(now);
    const month = releaseOf(now);
    const due = await this.deliveries.due(month, now);
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
      await this.deliveries.record(
        month,
        dataset.id,
        subscriptions.map((s) => ({
          id: s.id,
          // New to the subscriber: not the file of their last delivery, nor one older than their purchase.
          changed: s.lastDatasetId ? s.lastDatasetId !== dataset.id : dataset.release > s.startRelease,
        })),
      );
    }
    if (unavailable > 0) this.logger.warn(`${unavailable} delivery(ies) of ${month} wait for their county's data`);
    return `${await this.queueMails(month)} delivery email(s) queued for ${month}`;
  }

  /** Queues the emails of the month's deliveries not queued yet (a run cut short is finished by the next). */
  private async queueMails(month: string): Promise<number> {
    const subscriptions = await this.deliveries.withoutQueuedMail(month);
    for (const subscriptionId of subscriptions) {
      await this.mail.queueTrackerDelivery({ subscriptionId, month });
      await this.deliveries.markMailQueued(subscriptionId, month);
    }
    return subscriptions.length;
  }
}
