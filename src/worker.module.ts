import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CoreModule } from './core.module';
import { JobMetrics } from './integrations/metrics/job-metrics';
import { JobHandlersModule } from './integrations/queue/job-handlers.module';
import { BillingWorkerModule } from './modules/billing/billing-worker.module';
import { FormatsWorkerModule } from './modules/formats/formats-worker.module';
import { ReleasesWorkerModule } from './modules/releases/releases-worker.module';
import { EventsWorkerModule } from './modules/events';
import { JourneyWorkerModule } from './modules/journey/journey-worker.module';
import { MailWorkerModule } from './modules/mail';
import { ParcelsWorkerModule } from './modules/parcels';
import { NotificationsWorkerModule } from './modules/notifications/notifications-worker.module';
import { StripeEventsWorkerModule } from './modules/stripe-events/stripe-events-worker.module';
import { SubscriptionsWorkerModule } from './modules/subscriptions/subscriptions-worker.module';
import { WebhooksWorkerModule } from './modules/webhooks';
import { WorkerStatus } from './worker-status';

/** The worker process: BullMQ processors and job schedulers; no HTTP but its metrics port. */
@Module({
  imports: [
    CoreModule,
    DiscoveryModule,
    JobHandlersModule,
    MailWorkerModule,
    NotificationsWorkerModule,
    JourneyWorkerModule,
    SubscriptionsWorkerModule,
    BillingWorkerModule,
    StripeEventsWorkerModule,
    ReleasesWorkerModule,
    FormatsWorkerModule,
    EventsWorkerModule,
    ParcelsWorkerModule,
    WebhooksWorkerModule,
  ],
  providers: [WorkerStatus, JobMetrics],
})
export class WorkerModule {}
