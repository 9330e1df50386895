import { Module } from '@nestjs/common';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { CountyDatasetsService } from './county-datasets.service';
import { DataSchemaController } from './data-schema.controller';

@Module({
  controllers: [DataSchemaController],
  providers: [DatasetStorage, CountyDatasetsService],
  exports: [CountyDatasetsService, DatasetStorage],
})
export class DatasetsModule {}
