import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { EventsModule } from '../events';
import { ComparisonRepository } from './compare/comparison.repository';
import { CountyComparisonService } from './compare/county-comparison.service';
import { CountyDatasetsRepository } from './files/county-datasets.repository';
import { DatasetFilesModule } from './files/dataset-files.module';
import { DatasetsProcessor } from './files/datasets.processor';
import { DatasetsQueueModule } from './files/datasets-queue.module';
import { KeyFieldCountingService } from './files/key-field-counting.service';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { IngestService } from './ingest/ingest.service';
import { ShapeRepair } from './ingest/shape-repair';
import { ReleasesProcessor } from './releases.processor';
import { ReleasesRepository } from './releases.repository';
import { ReleasesQueueModule } from './releases-queue.module';

/** The worker's side of releases: ingest, comparison, and counting stored files' key fields. Imported by the worker only. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, DatasetsQueueModule, EventsModule, ReleasesQueueModule],
  providers: [
    ReleasesProcessor,
    ReleasesRepository,
    CountyDatasetsRepository,
    IngestJobsRepository,
    IngestService,
    ShapeRepair,
    ComparisonRepository,
    CountyComparisonService,
    DatasetsProcessor,
    KeyFieldCountingService,
  ],
})
export class ReleasesWorkerModule {}
