import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { EventsModule } from '../events';
import { CoverageService } from './files/coverage.service';
import { DatasetFilesModule } from './files/dataset-files.module';
import { DatasetUploadsService } from './files/dataset-uploads.service';
import { DatasetsQueueModule } from './files/datasets-queue.module';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { SourceReceiver } from './ingest/source-receiver.service';
import { ReleasePreviewService } from './release-preview.service';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';
import { ReleasesQueueModule } from './releases-queue.module';
import { SampleReleases } from './sample-releases.service';

/** Monthly data releases, the API's side: drafts, their QA rows, ingest requests, uploads and publishing. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, DatasetsQueueModule, EventsModule, ReleasesQueueModule],
  providers: [
    ReleasesRepository,
    ReleasesService,
    ReleasePreviewService,
    IngestJobsRepository,
    SourceReceiver,
    SampleReleases,
    DatasetUploadsService,
    CoverageService,
  ],
  exports: [
    DatasetFilesModule,
    DatasetsQueueModule,
    ReleasesService,
    ReleasePreviewService,
    SourceReceiver,
    SampleReleases,
    DatasetUploadsService,
    CoverageService,
  ],
})
export class ReleasesModule {}
