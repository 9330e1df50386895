import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { BillingWorkerModule } from './modules/billing/billing-worker.module';
import { DatasetsWorkerModule } from './modules/datasets/datasets-worker.module';
import { JourneyWorkerModule } from './modules/journey/journey-worker.module';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module';
import { StripeEventsWorkerModule } from './modules/stripe-events/stripe-events-worker.module';
import { SubscriptionsWorkerModule } from './modules/subscriptions/subscriptions-worker.module';
import { WorkerStatus } from './worker-status';

/** The worker process: BullMQ processors and job schedulers, no HTTP. */
@Module({
  imports: [
    CoreModule,
    NotificationsWorkerModule,
    JourneyWorkerModule,
    SubscriptionsWorkerModule,
    BillingWorkerModule,
    StripeEventsWorkerModule,
    DatasetsWorkerModule,
  ],
  providers: [WorkerStatus],
})
export class WorkerModule {}
