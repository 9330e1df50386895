import { Module } from '@nestjs/common';
import { StorageModule } from '../../../integrations/storage/storage.module';
import { ParcelLookupModule } from '../lookup/parcel-lookup.module';
import { ParcelBatchQueue } from './parcel-batch-queue.service';
import { ParcelBatchRunner } from './parcel-batch-runner.service';
import { ParcelBatchSweep } from './parcel-batch-sweep.service';
import { ParcelBatchesProcessor } from './parcel-batches.processor';
import { ParcelBatchesQueueModule } from './parcel-batches-queue.module';
import { ParcelBatchesRepository } from './parcel-batches.repository';
import { ParcelMatchesRepository } from './parcel-matches.repository';

/**
 * Batch append in the worker: matching batches against the parcel store (read as the API's
 * lookups read it, through ParcelLookupModule), and the sweep of expired and stalled ones.
 */
@Module({
  imports: [ParcelLookupModule, ParcelBatchesQueueModule, StorageModule],
  providers: [
    ParcelMatchesRepository,
    ParcelBatchesRepository,
    ParcelBatchRunner,
    ParcelBatchSweep,
    ParcelBatchQueue,
    ParcelBatchesProcessor,
  ],
})
export class ParcelBatchesWorkerModule {}
