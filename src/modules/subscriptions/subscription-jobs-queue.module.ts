import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { SUBSCRIPTION_JOBS_QUEUE } from './subscription-jobs.constants';

/** The subscription jobs queue, for the API (which queues a release's deliveries) and the worker (which runs them). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: SUBSCRIPTION_JOBS_QUEUE,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 } },
    }),
  ],
  exports: [BullModule],
})
export class SubscriptionJobsQueueModule {}
