import { Module } from '@nestjs/common';
import { StorageModule } from '../../../integrations/storage/storage.module';
import { CountiesModule } from '../../counties';
import { NetChangesRepository } from '../changes/net-changes.repository';
import { NetChangesService } from '../changes/net-changes.service';
import { CountyDatasetsRepository } from './county-datasets.repository';
import { CountyDatasetsService } from './county-datasets.service';
import { DATASET_GENERATOR, datasetGeneratorProvider } from './dataset-generator';
import { ReleaseHistoryRepository } from './release-history.repository';
import { ReleaseHistoryService } from './release-history.service';

/**
 * The stored county files of every release, which one is each county's current, and the net
 * changes between two releases: one instance per process, imported by the API's modules and the
 * worker's alike.
 */
@Module({
  imports: [CountiesModule, StorageModule],
  providers: [
    datasetGeneratorProvider,
    CountyDatasetsRepository,
    CountyDatasetsService,
    ReleaseHistoryRepository,
    ReleaseHistoryService,
    NetChangesRepository,
    NetChangesService,
  ],
  exports: [
    DATASET_GENERATOR,
    StorageModule,
    CountyDatasetsService,
    ReleaseHistoryRepository,
    ReleaseHistoryService,
    NetChangesService,
  ],
})
export class DatasetFilesModule {}
