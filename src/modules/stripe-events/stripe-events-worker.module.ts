import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { STRIPE_EVENTS_QUEUE } from './stripe-events.constants';
import { StripeEventsModule } from './stripe-events.module';
import { StripeEventsProcessor } from './stripe-events.processor';
import { StripeReconciliationService } from './stripe-reconciliation.service';

/** The worker's side: catching up on the events whose webhooks never arrived. */
@Module({
  imports: [
    StripeEventsModule,
    BullModule.registerQueue({
      name: STRIPE_EVENTS_QUEUE,
      defaultJobOptions: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
    }),
  ],
  providers: [StripeEventsProcessor, StripeReconciliationService],
})
export class StripeEventsWorkerModule {}
