import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DataSchemaController } from './data-schema.controller';
import { DatasetFilesModule } from './dataset-files.module';
import { DatasetSummaryController } from './dataset-summary.controller';
import { DatasetSummaryService } from './dataset-summary.service';
import { DatasetUploadsService } from './dataset-uploads.service';
import { DatasetsQueueModule } from './datasets-queue.module';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

@Module({
  imports: [AuthModule, DatasetFilesModule, DatasetsQueueModule],
  controllers: [DataSchemaController, DownloadsController, DatasetSummaryController],
  providers: [DownloadsService, DatasetUploadsService, DatasetSummaryService],
  exports: [DatasetFilesModule, DownloadsService, DatasetUploadsService],
})
export class DatasetsModule {}
