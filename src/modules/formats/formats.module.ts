import { Module } from '@nestjs/common';
import { DatasetFilesModule } from '../releases';
import { DatasetConversionsRepository } from './dataset-conversions.repository';
import { DatasetFormatsService } from './dataset-formats.service';
import { FormatsController } from './formats.controller';
import { FormatsQueueModule } from './formats-queue.module';

/** The formats of county files, the API's side: which are made, where the others stand, and queueing them. */
@Module({
  imports: [DatasetFilesModule, FormatsQueueModule],
  controllers: [FormatsController],
  providers: [DatasetConversionsRepository, DatasetFormatsService],
  exports: [DatasetFormatsService, DatasetConversionsRepository, DatasetFilesModule],
})
export class FormatsModule {}
