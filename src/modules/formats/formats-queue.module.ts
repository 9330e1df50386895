import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CONVERSION_ATTEMPTS, CONVERSION_BACKOFF_MS, FORMATS_QUEUE } from './formats.constants';

/** The conversions queue, for the API (which queues) and the worker (which also converts). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: FORMATS_QUEUE,
      defaultJobOptions: {
        attempts: CONVERSION_ATTEMPTS,
        backoff: { type: 'exponential', delay: CONVERSION_BACKOFF_MS },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    }),
  ],
  exports: [BullModule],
})
export class FormatsQueueModule {}
