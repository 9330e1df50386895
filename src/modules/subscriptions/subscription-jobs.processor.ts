import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { RenewalRemindersService } from './renewal-reminders.service';
import { ReleaseDeliveriesService } from './release-deliveries.service';
import {
  RELEASE_DELIVERIES_JOB,
  ReleaseDeliveriesJobData,
  SUBSCRIPTION_JOB_SCHEDULES,
  SUBSCRIPTION_JOBS_QUEUE,
  SubscriptionJob,
} from './subscription-jobs.constants';
import { SubscriptionExpiryService } from './subscription-expiry.service';
import { TrackerDeliveriesService } from './tracker-deliveries.service';

@Processor(SUBSCRIPTION_JOBS_QUEUE)
export class SubscriptionJobsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    @InjectJobQueue(SUBSCRIPTION_JOBS_QUEUE) private readonly queue: JobQueue<typeof SUBSCRIPTION_JOBS_QUEUE>,
    private readonly deliveries: TrackerDeliveriesService,
    private readonly reminders: RenewalRemindersService,
    private readonly expiry: SubscriptionExpiryService,
    private readonly releaseDeliveries: ReleaseDeliveriesService,
  ) {
    super();
  }

  /** One schedule each in Redis, however many workers ask for it. */
  async onApplicationBootstrap(): Promise<void> {
    for (const name of Object.values(SubscriptionJob)) {
      await this.queue.upsertJobScheduler(
        name,
        { pattern: SUBSCRIPTION_JOB_SCHEDULES[name], tz: 'UTC' },
        { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    }
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(SUBSCRIPTION_JOBS_QUEUE, job);
  }

  @JobHandler(SUBSCRIPTION_JOBS_QUEUE, SubscriptionJob.trackerDeliveries)
  trackerDeliveries(): Promise<string> {
    return this.deliveries.run();
  }

  @JobHandler(SUBSCRIPTION_JOBS_QUEUE, SubscriptionJob.renewalReminders)
  renewalReminders(): Promise<string> {
    return this.reminders.run();
  }

  @JobHandler(SUBSCRIPTION_JOBS_QUEUE, SubscriptionJob.expiry)
  runExpiry(): Promise<string> {
    return this.expiry.run();
  }

  /** Queued by older versions of the API only: a release's deliveries now follow its `release.published` event. */
  @JobHandler(SUBSCRIPTION_JOBS_QUEUE, RELEASE_DELIVERIES_JOB)
  deliverRelease({ releaseId }: ReleaseDeliveriesJobData): Promise<string> {
    return this.releaseDeliveries.deliver(releaseId);
  }
}
