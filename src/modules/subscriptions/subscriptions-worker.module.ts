import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DatasetFilesModule } from '../datasets';
import { MailModule } from '../mail';
import { SubscriptionsModule } from './subscriptions.module';
import { RenewalRemindersService } from './renewal-reminders.service';
import { SUBSCRIPTION_JOBS_QUEUE } from './subscription-jobs.constants';
import { SubscriptionJobsProcessor } from './subscription-jobs.processor';
import { SubscriptionExpiryService } from './subscription-expiry.service';
import { TrackerDeliveriesService } from './tracker-deliveries.service';

/** The worker's scheduled subscription work: monthly deliveries, renewal reminders, expiry. */
@Module({
  imports: [
    DatasetFilesModule,
    MailModule,
    SubscriptionsModule,
    BullModule.registerQueue({
      name: SUBSCRIPTION_JOBS_QUEUE,
      defaultJobOptions: { attempts: 5, backoff: { type: 'exponential', delay: 60_000 } },
    }),
  ],
  providers: [SubscriptionJobsProcessor, TrackerDeliveriesService, RenewalRemindersService, SubscriptionExpiryService],
})
export class SubscriptionsWorkerModule {}
