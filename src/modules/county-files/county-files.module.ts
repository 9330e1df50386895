import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { FormatsModule } from '../formats';
import { ReleasesModule } from '../releases';
import { DatasetSummaryController } from './dataset-summary.controller';
import { DatasetSummaryService } from './dataset-summary.service';
import { ReleaseHistoryController } from './release-history.controller';

/** What anyone may see of a county's files before buying: its summary, sample rows, releases, and coverage. */
@Module({
  imports: [CountiesModule, FormatsModule, ReleasesModule],
  controllers: [DatasetSummaryController, ReleaseHistoryController],
  providers: [DatasetSummaryService],
})
export class CountyFilesModule {}
