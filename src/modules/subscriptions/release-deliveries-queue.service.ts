import { Injectable, Logger } from '@nestjs/common';
import { addJobPromptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import {
  RELEASE_DELIVERIES_JOB,
  ReleaseDeliveriesJobData,
  SUBSCRIPTION_JOBS_QUEUE,
} from './subscription-jobs.constants';

/** What the API does once a release is published: queue the County Tracker deliveries; the worker makes them. */
@Injectable()
export class ReleaseDeliveriesQueue {
  private readonly logger = new Logger('ReleaseDeliveries');

  constructor(
    @InjectJobQueue(SUBSCRIPTION_JOBS_QUEUE) private readonly queue: JobQueue<typeof SUBSCRIPTION_JOBS_QUEUE>,
  ) {}

  /**
   * Queues the deliveries of a published release. The publication stands whatever happens here:
   * with Redis away, the daily delivery run tells the subscribers instead, so this never throws.
   */
  async queueFor(releaseId: string): Promise<void> {
    const data: ReleaseDeliveriesJobData = { releaseId };
    try {
      await addJobPromptly(this.queue, RELEASE_DELIVERIES_JOB, data, {
        jobId: `${RELEASE_DELIVERIES_JOB}-${releaseId}`,
        removeOnComplete: 100,
        removeOnFail: 100,
      });
    } catch (error) {
      this.logger.error(
        `County Tracker emails of release ${releaseId} not queued (the daily run sends them): ${(error as Error).message}`,
      );
    }
  }
}
