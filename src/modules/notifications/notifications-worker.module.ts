import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { DatasetFilesModule } from '../releases';
import { MailModule } from '../mail';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
import { WebhooksModule } from '../webhooks';
import { ReceiptSweep } from './receipt-sweep';
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
import { WebhookDisabledMail } from './templates/webhook-disabled.mail';

/**
 * What the store tells its customers: one template for each message of the mail queue
 * (`@MailTemplate`), rendered from what the owning modules know (orders, subscriptions, counties,
 * files, payments); the mail module's worker finds them at start, renders and sends. Here rather
 * than in mail, so that mail imports none of the modules that queue mail. Worker only.
 */
@Module({
  imports: [
    CountiesModule,
    DatasetFilesModule,
    MailModule,
    OrdersModule,
    PaymentsModule,
    SubscriptionsModule,
    WebhooksModule,
  ],
  providers: [
    ReceiptSweep,
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
    WebhookDisabledMail,
  ],
})
export class NotificationsWorkerModule {}
