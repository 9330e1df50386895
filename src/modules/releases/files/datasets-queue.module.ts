import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DATASETS_QUEUE } from './datasets.constants';
import { DatasetsQueue } from './datasets-queue.service';

/** The datasets queue, for the API (which queues) and the worker (which also processes). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: DATASETS_QUEUE,
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 30_000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 24 * 3600 },
      },
    }),
  ],
  providers: [DatasetsQueue],
  exports: [DatasetsQueue, BullModule],
})
export class DatasetsQueueModule {}
