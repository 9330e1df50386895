import { Module } from '@nestjs/common';
import { MailTransport } from '../../integrations/mail/mail-transport';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { MailSender } from './mail-sender.service';

/** Sending, each message once (claimed in email_deliveries): the worker's side of mail. */
@Module({
  providers: [MailSender, MailTransport, EmailDeliveriesRepository],
  exports: [MailSender],
})
export class MailSenderModule {}
