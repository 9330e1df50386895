import { Module } from '@nestjs/common';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { AuthModule } from '../auth/auth.module';
import { CountyDatasetsService } from './county-datasets.service';
import { DataSchemaController } from './data-schema.controller';
import { DatasetUploadsService } from './dataset-uploads.service';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

@Module({
  imports: [AuthModule],
  controllers: [DataSchemaController, DownloadsController],
  providers: [DatasetStorage, CountyDatasetsService, DownloadsService, DatasetUploadsService],
  exports: [CountyDatasetsService, DatasetStorage, DownloadsService, DatasetUploadsService],
})
export class DatasetsModule {}
