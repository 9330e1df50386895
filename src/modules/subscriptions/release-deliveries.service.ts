import { Injectable, Logger } from '@nestjs/common';
import { CountyDatasetsService, releaseOf } from '../releases';
import { MailQueue } from '../mail';
import { RELEASE_DELIVERIES_CATCH_UP_DAYS } from './subscription-jobs.constants';
import { TrackerDeliveriesRepository } from './tracker-deliveries.repository';

const DAY_MS = 24 * 3600 * 1000;

/**
 * County Tracker's news of a release: once a release is published, every active County Tracker
 * of each county it published is sent that county's new file, at once rather than at the next
 * monthly run. Each delivery is written before its email is queued, and the database allows one
 * per subscription and file, so a job run twice, the daily catch-up and the monthly run never
 * send the same release twice.
 */
@Injectable()
export class ReleaseDeliveriesService {
  private readonly logger = new Logger('ReleaseDeliveries');

  constructor(
    private readonly deliveries: TrackerDeliveriesRepository,
    private readonly datasets: CountyDatasetsService,
    private readonly mail: MailQueue,
  ) {}

  async deliver(releaseId: string, now = new Date()): Promise<string> {
    const release = await this.datasets.publishedRelease(releaseId);
    if (!release) return `Release ${releaseId} is not published: nobody to tell`;
    // Only a county's current file is news: not a month still to come, nor one older than a
    // release published before it (the subscribers have newer data already).
    const current = await this.datasets.currentReleases(
      release.counties.map((county) => ({ countyId: county.countyId, at: now })),
    );
    const news = release.counties.filter(
      (_, i) => current[i]?.source === 'uploaded' && current[i]?.release === release.month,
    );
    const recorded = await this.deliveries.recordReleaseNews(releaseOf(now), news, now);
    const queued = await this.queueMails(news.map((county) => county.datasetId));
    if (recorded > 0) this.logger.log(`Release ${release.month}: ${recorded} County Tracker delivery(ies) recorded`);
    return `${queued} County Tracker email(s) queued for release ${release.month}`;
  }

  /**
   * Makes good the deliveries of the releases published lately whose job never ran (Redis was
   * away at publication); those delivered already are left as they are.
   */
  async catchUp(now = new Date()): Promise<number> {
    const releases = await this.datasets.releasesPublishedSince(
      new Date(now.getTime() - RELEASE_DELIVERIES_CATCH_UP_DAYS * DAY_MS),
    );
    for (const releaseId of releases) await this.deliver(releaseId, now);
    return releases.length;
  }

  /** Queues the emails not queued yet (a run cut short is finished by the next). */
  private async queueMails(datasetIds: string[]): Promise<number> {
    if (datasetIds.length === 0) return 0;
    const pending = await this.deliveries.releaseNewsWithoutQueuedMail(datasetIds);
    for (const { subscriptionId, datasetId } of pending) {
      await this.mail.queueTrackerRelease({ subscriptionId, datasetId });
      await this.deliveries.markReleaseMailQueued(subscriptionId, datasetId);
    }
    return pending.length;
  }
}
