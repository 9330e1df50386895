import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { DataSchemaController } from './data-schema.controller';
import { DatasetFilesModule } from './dataset-files.module';
import { DatasetSummaryController } from './dataset-summary.controller';
import { DatasetSummaryService } from './dataset-summary.service';
import { DatasetUploadsService } from './dataset-uploads.service';
import { DatasetsQueueModule } from './datasets-queue.module';
import { FormatsController } from './formats/formats.controller';
import { CoverageService } from './releases/coverage.service';
import { ReleaseHistoryController } from './releases/release-history.controller';
import { ReleasesModule } from './releases/releases.module';

@Module({
  imports: [CountiesModule, DatasetFilesModule, DatasetsQueueModule, ReleasesModule],
  controllers: [DataSchemaController, DatasetSummaryController, FormatsController, ReleaseHistoryController],
  providers: [DatasetUploadsService, DatasetSummaryService, CoverageService],
  exports: [DatasetFilesModule, DatasetUploadsService, ReleasesModule, CoverageService],
})
export class DatasetsModule {}
