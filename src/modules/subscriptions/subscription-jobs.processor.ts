import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
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
    @InjectQueue(SUBSCRIPTION_JOBS_QUEUE) private readonly queue: Queue,
    private readonly deliveries: TrackerDeliveriesService,
    private readonly reminders: RenewalRemindersService,
    private readonly expiry: SubscriptionExpiryService,
    private readonly releaseDeliveries: ReleaseDeliveriesService,
  ) {
    super();
  }

  /** One schedule each in Redis, however many workers ask for it. */
  async onApplicationBootstrap(): Promise<void> {
    for (const [name, pattern] of Object.entries(SUBSCRIPTION_JOB_SCHEDULES)) {
      await this.queue.upsertJobScheduler(
        name,
        { pattern, tz: 'UTC' },
        { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    }
  }

  process(job: Job): Promise<string> {
    switch (job.name) {
      case SubscriptionJob.trackerDeliveries:
        return this.deliveries.run();
      case SubscriptionJob.renewalReminders:
        return this.reminders.run();
      case SubscriptionJob.expiry:
        return this.expiry.run();
      case RELEASE_DELIVERIES_JOB:
        return this.releaseDeliveries.deliver((job.data as ReleaseDeliveriesJobData).releaseId);
      default:
        throw new Error(`Unknown subscription job ${job.name}`);
    }
  }
}
