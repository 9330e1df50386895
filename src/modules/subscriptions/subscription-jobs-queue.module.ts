import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ReleaseDeliveriesQueue } from './release-deliveries-queue.service';
import { SUBSCRIPTION_JOBS_QUEUE } from './subscription-jobs.constants';

/** The subscription jobs queue, for the API (which queues a release's deliveries) and the worker (which runs them). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: SUBSCRIPTION_JOBS_QUEUE,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 } },
    }),
  ],
  providers: [ReleaseDeliveriesQueue],
  exports: [ReleaseDeliveriesQueue, BullModule],
})
export class SubscriptionJobsQueueModule {}
