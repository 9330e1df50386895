import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { WEBHOOKS_QUEUE } from './webhooks.constants';

/** The deliveries queue, for the API (test events, resends) and the worker (everything else). */
@Module({
  imports: [
    BullModule.registerQueue({
      name: WEBHOOKS_QUEUE,
      // An attempt's outcome is in webhook_deliveries; a job that threw (the database away) is tried again.
      // Neither kept once over: the sweep re-queues a lost attempt under the same id.
      defaultJobOptions: {
        attempts: 5,
        backoff: { type: 'exponential', delay: 30_000 },
        removeOnComplete: true,
        removeOnFail: true,
      },
    }),
  ],
  exports: [BullModule],
})
export class WebhooksQueueModule {}
