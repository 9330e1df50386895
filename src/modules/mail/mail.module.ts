import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { MAIL_QUEUE } from './mail.constants';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { SentEmails } from './sent-emails.service';
import { MailQueue } from './mail-queue.service';

@Module({
  imports: [
    BullModule.registerQueue({
      name: MAIL_QUEUE,
      defaultJobOptions: {
        attempts: 8,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    }),
  ],
  providers: [MailQueue, EmailDeliveriesRepository, SentEmails],
  exports: [MailQueue, EmailDeliveriesRepository, SentEmails],
})
export class MailModule {}
