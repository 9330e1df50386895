import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { BATCH_ATTEMPTS, BATCH_BACKOFF_MS, PARCEL_BATCHES_QUEUE } from './parcel-batches.constants';

/** The batch append queue: the API queues a batch as it is received, the worker matches it. */
@Module({
  imports: [
    BullModule.registerQueue({
      name: PARCEL_BATCHES_QUEUE,
      defaultJobOptions: {
        attempts: BATCH_ATTEMPTS,
        backoff: { type: 'exponential', delay: BATCH_BACKOFF_MS },
        removeOnComplete: true,
        // A failed batch is marked so in its row for the customer; the job stays a week for staff.
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    }),
  ],
  exports: [BullModule],
})
export class ParcelBatchesQueueModule {}
