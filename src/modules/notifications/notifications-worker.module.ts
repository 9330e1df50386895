import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { DatasetFilesModule } from '../datasets';
import { MailSenderModule, MailModule } from '../mail';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
import { MailProcessor } from './mail.processor';
import { OrderPaidListener } from './order-paid.listener';
import { DisputeNoticeMail } from './templates/dispute-notice.mail';
import { MailComposer } from './templates/mail-composer';
import { OrderLinkMail } from './templates/order-link.mail';
import { ReceiptMail } from './templates/receipt.mail';
import { RenewalFailedMail } from './templates/renewal-failed.mail';
import { RenewalReceiptMail } from './templates/renewal-receipt.mail';
import { RenewalReminderMail } from './templates/renewal-reminder.mail';
import { SubscriptionExpiredMail } from './templates/subscription-expired.mail';
import { SubscriptionFactsReader } from './templates/subscription-facts';
import { TrackerDeliveryMail } from './templates/tracker-delivery.mail';
import { TrackerReleaseMail } from './templates/tracker-release.mail';

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
    OrderPaidListener,
    MailComposer,
    SubscriptionFactsReader,
    ReceiptMail,
    TrackerDeliveryMail,
    TrackerReleaseMail,
    RenewalReminderMail,
    SubscriptionExpiredMail,
    RenewalReceiptMail,
    RenewalFailedMail,
    OrderLinkMail,
    DisputeNoticeMail,
  ],
})
export class NotificationsWorkerModule {}
