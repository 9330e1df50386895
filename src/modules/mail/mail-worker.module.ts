import { Module } from '@nestjs/common';
import { MailTransport } from '../../integrations/mail/mail-transport';
import { OrdersRepository } from '../checkout/orders.repository';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { MailModule } from './mail.module';
import { MailProcessor } from './mail.processor';
import { ReceiptMail } from './templates/receipt.mail';

/** The worker's side of mail: render and send. Imported by the worker only. */
@Module({
  imports: [MailModule],
  providers: [MailProcessor, MailTransport, EmailDeliveriesRepository, ReceiptMail, OrdersRepository],
})
export class MailWorkerModule {}
