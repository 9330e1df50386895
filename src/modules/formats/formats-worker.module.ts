import { Module } from '@nestjs/common';
import { FormatConversionProcessor } from './format-conversion.processor';
import { FormatConversionService } from './format-conversion.service';
import { FormatsModule } from './formats.module';
import { FormatsQueueModule } from './formats-queue.module';
import { ReleasePublishedListener } from './release-published.listener';

/** The worker's side of formats: converting stored CSVs with GDAL, which no request does. Imported by the worker only. */
@Module({
  imports: [FormatsModule, FormatsQueueModule],
  providers: [FormatConversionProcessor, FormatConversionService, ReleasePublishedListener],
})
export class FormatsWorkerModule {}
