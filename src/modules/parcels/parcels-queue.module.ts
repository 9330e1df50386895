import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { LOAD_ATTEMPTS, LOAD_BACKOFF_MS, PARCEL_STORE_QUEUE } from './parcels.constants';

/** The parcel store's queue (the worker's: the release.published listener queues, the processor loads). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: PARCEL_STORE_QUEUE,
      defaultJobOptions: {
        attempts: LOAD_ATTEMPTS,
        backoff: { type: 'exponential', delay: LOAD_BACKOFF_MS },
        // Gone once done, so a county loaded, then forgotten (a rebuild), can be queued again under the same id;
        // a failed load stays a week for staff (background work), where it can be retried.
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    }),
  ],
  exports: [BullModule],
})
export class ParcelsQueueModule {}
