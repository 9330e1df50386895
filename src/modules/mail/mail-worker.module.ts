import { Module } from '@nestjs/common';
import { MailTransport } from '../../integrations/mail/mail-transport';
import { OrdersModule } from '../orders/orders.module';
import { OrderPageLinks } from '../order-page/order-page-links';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { MailModule } from './mail.module';
import { MailProcessor } from './mail.processor';
import { MailSender } from './mail-sender.service';
import { MailComposer } from './templates/mail-composer';
import { ReceiptMail } from './templates/receipt.mail';
import { RenewalFailedMail } from './templates/renewal-failed.mail';
import { RenewalReceiptMail } from './templates/renewal-receipt.mail';
import { RenewalReminderMail } from './templates/renewal-reminder.mail';
import { SubscriptionExpiredMail } from './templates/subscription-expired.mail';
import { SubscriptionFactsReader } from './templates/subscription-facts';
import { TrackerDeliveryMail } from './templates/tracker-delivery.mail';

/** The worker's side of mail: render and send. Imported by the worker only. */
@Module({
  imports: [MailModule, OrdersModule],
  providers: [
    MailProcessor,
    MailSender,
    MailTransport,
    EmailDeliveriesRepository,
    OrderPageLinks,
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
export class MailWorkerModule {}
