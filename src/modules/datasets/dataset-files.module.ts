import { Module } from '@nestjs/common';
import { StorageModule } from '../../integrations/storage/storage.module';
import { CountiesModule } from '../counties';
import { EventsModule } from '../events';
import { CountyDatasetsRepository } from './county-datasets.repository';
import { CountyDatasetsService } from './county-datasets.service';
import { DATASET_GENERATOR, datasetGeneratorProvider } from './dataset-generator';
import { DatasetConversionsRepository } from './formats/dataset-conversions.repository';
import { DatasetFormatsService } from './formats/dataset-formats.service';
import { FormatsQueueModule } from './formats/formats-queue.module';
import { ReleaseHistoryRepository } from './releases/release-history.repository';
import { ReleaseHistoryService } from './releases/release-history.service';

/** The county files and their releases, one instance per process: the API and the worker's modules all import it. */
@Module({
  imports: [CountiesModule, EventsModule, StorageModule, FormatsQueueModule],
  providers: [
    datasetGeneratorProvider,
    DatasetConversionsRepository,
    DatasetFormatsService,
    CountyDatasetsRepository,
    CountyDatasetsService,
    ReleaseHistoryRepository,
    ReleaseHistoryService,
  ],
  exports: [
    DATASET_GENERATOR,
    EventsModule,
    StorageModule,
    CountyDatasetsService,
    DatasetConversionsRepository,
    DatasetFormatsService,
    ReleaseHistoryRepository,
    ReleaseHistoryService,
  ],
})
export class DatasetFilesModule {}
