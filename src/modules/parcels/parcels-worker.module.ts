import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { OwnersModule } from '../owners';
import { DatasetFilesModule } from '../releases';
import { ParcelBatchesWorkerModule } from './batches/parcel-batches-worker.module';
import { ParcelLoader } from './parcel-loader.service';
import { ParcelOwnerMentions } from './parcel-owner-mentions';
import { ParcelStoreProcessor } from './parcel-store.processor';
import { ParcelStoreQueue } from './parcel-store-queue.service';
import { ParcelStoreRepository } from './parcel-store.repository';
import { ParcelsQueueModule } from './parcels-queue.module';
import { ReleasePublishedListener } from './release-published.listener';

/** The worker's side of the parcel store: loading counties' published files into it. Imported by the worker only. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, OwnersModule, ParcelsQueueModule, ParcelBatchesWorkerModule],
  providers: [
    ParcelLoader,
    ParcelOwnerMentions,
    ParcelStoreProcessor,
    ParcelStoreQueue,
    ParcelStoreRepository,
    ReleasePublishedListener,
  ],
  exports: [ParcelLoader, ParcelOwnerMentions, ParcelStoreQueue, ParcelStoreRepository],
})
export class ParcelsWorkerModule {}
