import { Module } from '@nestjs/common';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { CountiesModule } from '../counties';
import { CountyDatasetsRepository } from './county-datasets.repository';
import { CountyDatasetsService } from './county-datasets.service';

/** The county files and their releases, one instance per process: the API and the worker's modules all import it. */
@Module({
  imports: [CountiesModule],
  providers: [DatasetStorage, CountyDatasetsRepository, CountyDatasetsService],
  exports: [DatasetStorage, CountyDatasetsService],
})
export class DatasetFilesModule {}
