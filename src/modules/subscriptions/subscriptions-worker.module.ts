import { Module } from '@nestjs/common';
import { DatasetFilesModule } from '../releases';
import { EventsModule } from '../events';
import { MailModule } from '../mail';
import { SubscriptionsModule } from './subscriptions.module';
import { RenewalRemindersService } from './renewal-reminders.service';
import { ReleaseDeliveriesService } from './release-deliveries.service';
import { ReleasePublishedListener } from './release-published.listener';
import { SubscriptionJobsQueueModule } from './subscription-jobs-queue.module';
import { SubscriptionJobsProcessor } from './subscription-jobs.processor';
import { SubscriptionExpiryService } from './subscription-expiry.service';
import { TrackerDeliveriesService } from './tracker-deliveries.service';

/** The worker's subscription work: monthly deliveries and a release's, renewal reminders, expiry. */
@Module({
  imports: [DatasetFilesModule, EventsModule, MailModule, SubscriptionsModule, SubscriptionJobsQueueModule],
  providers: [
    SubscriptionJobsProcessor,
    TrackerDeliveriesService,
    ReleaseDeliveriesService,
    ReleasePublishedListener,
    RenewalRemindersService,
    SubscriptionExpiryService,
  ],
})
export class SubscriptionsWorkerModule {}
