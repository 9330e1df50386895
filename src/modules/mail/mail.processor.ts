import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { MailTransport, OutgoingMail } from '../../integrations/mail/mail-transport';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { MAIL_QUEUE, MailJob, ReceiptJobData } from './mail.constants';
import { ReceiptMail } from './templates/receipt.mail';

@Processor(MAIL_QUEUE)
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger('MailProcessor');

  constructor(
    private readonly transport: MailTransport,
    private readonly deliveries: EmailDeliveriesRepository,
    private readonly receipts: ReceiptMail,
  ) {
    super();
  }

  async process(job: Job): Promise<string> {
    switch (job.name) {
      case MailJob.receipt:
        return this.sendOnce(await this.receipts.build((job.data as ReceiptJobData).orderId));
      default:
        throw new Error(`Unknown mail job ${job.name}`);
    }
  }

  /**
   * Claims the message before sending: a second job for the same message, or
   * a retry after a crash mid-send, finds it claimed and sends nothing.
   */
  private async sendOnce(mail: OutgoingMail | null): Promise<string> {
    if (!mail) return 'nothing to send';
    if (!(await this.deliveries.claim(mail.key, mail.to, mail.subject))) return 'already sent';
    try {
      await this.transport.send(mail);
    } catch (error) {
      await this.deliveries.release(mail.key);
      throw error;
    }
    await this.deliveries.markSent(mail.key);
    this.logger.log(`Sent ${mail.key}`);
    return 'sent';
  }
}
