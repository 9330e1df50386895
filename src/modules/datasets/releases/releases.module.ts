import { Module } from '@nestjs/common';
import { CountiesModule } from '../../counties';
import { DatasetFilesModule } from '../dataset-files.module';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { SourceReceiver } from './ingest/source-receiver.service';
import { ReleasePreviewService } from './release-preview.service';
import { ReleasesRepository } from './releases.repository';
import { ReleasesService } from './releases.service';
import { ReleasesQueueModule } from './releases-queue.module';
import { SampleReleases } from './sample-releases.service';

/** Monthly data releases, the API's side: drafts, their QA rows, ingest requests and publishing. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, ReleasesQueueModule],
  providers: [
    ReleasesRepository,
    ReleasesService,
    ReleasePreviewService,
    IngestJobsRepository,
    SourceReceiver,
    SampleReleases,
  ],
  exports: [ReleasesService, ReleasePreviewService, SourceReceiver, SampleReleases],
})
export class ReleasesModule {}
