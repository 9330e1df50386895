import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { DatasetFilesModule } from '../datasets/dataset-files.module';
import { MailSenderModule } from '../mail/mail-sender.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { MailProcessor } from './mail.processor';
import { MailComposer } from './templates/mail-composer';
import { ReceiptMail } from './templates/receipt.mail';
import { RenewalFailedMail } from './templates/renewal-failed.mail';
import { RenewalReceiptMail } from './templates/renewal-receipt.mail';
import { RenewalReminderMail } from './templates/renewal-reminder.mail';
import { SubscriptionExpiredMail } from './templates/subscription-expired.mail';
import { SubscriptionFactsReader } from './templates/subscription-facts';
import { TrackerDeliveryMail } from './templates/tracker-delivery.mail';

/**
 * What the store tells its customers: each email of the mail queue rendered from what the owning
 * modules know (orders, subscriptions, counties, files, payments), then sent once. Worker only.
 */
@Module({
  imports: [
    CountiesModule,
    DatasetFilesModule,
    MailModule,
    MailSenderModule,
    OrdersModule,
    PaymentsModule,
    SubscriptionsModule,
  ],
  providers: [
    MailProcessor,
    MailComposer,
    SubscriptionFactsReader,
    ReceiptMail,
    TrackerDeliveryMail,
    RenewalReminderMail,
    SubscriptionExpiredMail,
    RenewalReceiptMail,
    RenewalFailedMail,
  ],
})
export class NotificationsWorkerModule {}
