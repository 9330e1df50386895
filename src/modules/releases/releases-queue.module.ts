import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { RELEASES_QUEUE } from './releases.constants';
import { ReleasesQueue } from './releases-queue.service';

/** The releases queue, for the API (which queues) and the worker (which also processes). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: RELEASES_QUEUE,
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    }),
  ],
  providers: [ReleasesQueue],
  exports: [ReleasesQueue, BullModule],
})
export class ReleasesQueueModule {}
