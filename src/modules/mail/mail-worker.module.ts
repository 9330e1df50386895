import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MailTransport } from '../../integrations/mail/mail-transport';
import { MailModule } from './mail.module';
import { MailProcessor } from './mail.processor';
import { MailSender } from './mail-sender.service';
import { MailTemplates } from './mail-templates';

/**
 * The worker's side of mail: each job of the mail queue rendered by its registered template (found
 * in whichever module owns the message's facts), then sent once, claimed in email_deliveries.
 */
@Module({
  imports: [DiscoveryModule, MailModule],
  providers: [MailProcessor, MailSender, MailTemplates, MailTransport],
})
export class MailWorkerModule {}
