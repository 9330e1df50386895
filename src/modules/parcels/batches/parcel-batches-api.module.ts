import { Module } from '@nestjs/common';
import { StorageModule } from '../../../integrations/storage/storage.module';
import { ApiTokensModule } from '../../api-tokens';
import { ParcelsApiModule } from '../parcels-api.module';
import { ParcelBatchQueue } from './parcel-batch-queue.service';
import { ParcelBatchUploads } from './parcel-batch-uploads.service';
import { ParcelBatchesApiController } from './parcel-batches-api.controller';
import { ParcelBatchesQueueModule } from './parcel-batches-queue.module';
import { ParcelBatchesController } from './parcel-batches.controller';
import { ParcelBatchesRepository } from './parcel-batches.repository';
import { ParcelBatchesService } from './parcel-batches.service';

/** Batch append in the API: receiving batches, queueing them, answering their progress and results. */
@Module({
  imports: [ApiTokensModule, ParcelsApiModule, ParcelBatchesQueueModule, StorageModule],
  controllers: [ParcelBatchesApiController, ParcelBatchesController],
  providers: [ParcelBatchesRepository, ParcelBatchesService, ParcelBatchUploads, ParcelBatchQueue],
})
export class ParcelBatchesApiModule {}
