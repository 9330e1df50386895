import { Module } from '@nestjs/common';
import { DatasetFilesModule } from './dataset-files.module';
import { DatasetsProcessor } from './datasets.processor';
import { DatasetsQueueModule } from './datasets-queue.module';
import { FormatConversionProcessor } from './formats/format-conversion.processor';
import { FormatConversionService } from './formats/format-conversion.service';
import { ReleasePublishedListener } from './formats/release-published.listener';
import { KeyFieldCountingService } from './key-field-counting.service';
import { ReleasesWorkerModule } from './releases/releases-worker.module';

/**
 * The worker's side of datasets: reading whole stored files (counting, converting to other formats),
 * which no request does. Imported by the worker only.
 */
@Module({
  imports: [DatasetFilesModule, DatasetsQueueModule, ReleasesWorkerModule],
  providers: [
    DatasetsProcessor,
    KeyFieldCountingService,
    FormatConversionProcessor,
    FormatConversionService,
    ReleasePublishedListener,
  ],
})
export class DatasetsWorkerModule {}
