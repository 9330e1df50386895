import { Module } from '@nestjs/common';
import { CountiesModule } from '../../counties';
import { DatasetFilesModule } from '../dataset-files.module';
import { ReleasesProcessor } from './releases.processor';
import { ReleasesRepository } from './releases.repository';
import { ReleasesQueueModule } from './releases-queue.module';

/** The worker's side of releases. Imported by the worker only. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, ReleasesQueueModule],
  providers: [ReleasesProcessor, ReleasesRepository],
})
export class ReleasesWorkerModule {}
