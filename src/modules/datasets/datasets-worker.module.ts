import { Module } from '@nestjs/common';
import { DatasetFilesModule } from './dataset-files.module';
import { DatasetsProcessor } from './datasets.processor';
import { DatasetsQueueModule } from './datasets-queue.module';
import { KeyFieldCountingService } from './key-field-counting.service';
import { ReleasesWorkerModule } from './releases/releases-worker.module';

/** The worker's side of datasets: reading whole stored files, which no request does. Imported by the worker only. */
@Module({
  imports: [DatasetFilesModule, DatasetsQueueModule, ReleasesWorkerModule],
  providers: [DatasetsProcessor, KeyFieldCountingService],
})
export class DatasetsWorkerModule {}
