import { Module } from '@nestjs/common';
import { StorageModule } from '../../../integrations/storage/storage.module';
import { CountiesModule } from '../../counties';
import { CountyDatasetsRepository } from './county-datasets.repository';
import { CountyDatasetsService } from './county-datasets.service';
import { DATASET_GENERATOR, datasetGeneratorProvider } from './dataset-generator';
import { ReleaseHistoryRepository } from './release-history.repository';
import { ReleaseHistoryService } from './release-history.service';

/**
 * The stored county files of every release, and which one is each county's current: one instance
 * per process, imported by the API's modules and the worker's alike.
 */
@Module({
  imports: [CountiesModule, StorageModule],
  providers: [
    datasetGeneratorProvider,
    CountyDatasetsRepository,
    CountyDatasetsService,
    ReleaseHistoryRepository,
    ReleaseHistoryService,
  ],
  exports: [DATASET_GENERATOR, StorageModule, CountyDatasetsService, ReleaseHistoryRepository, ReleaseHistoryService],
})
export class DatasetFilesModule {}
