import { Module } from '@nestjs/common';
import { CountiesModule } from '../../counties';
import { CountyDatasetsRepository } from '../county-datasets.repository';
import { DatasetFilesModule } from '../dataset-files.module';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { IngestService } from './ingest/ingest.service';
import { ComparisonRepository } from './compare/comparison.repository';
import { CountyComparisonService } from './compare/county-comparison.service';
import { ReleasesProcessor } from './releases.processor';
import { ReleasesRepository } from './releases.repository';
import { ReleasesQueueModule } from './releases-queue.module';

/** The worker's side of releases. Imported by the worker only. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, ReleasesQueueModule],
  providers: [
    ReleasesProcessor,
    ReleasesRepository,
    CountyDatasetsRepository,
    IngestJobsRepository,
    IngestService,
    ComparisonRepository,
    CountyComparisonService,
  ],
})
export class ReleasesWorkerModule {}
