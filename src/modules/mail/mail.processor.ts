import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { MailTransport, OutgoingMail } from '../../integrations/mail/mail-transport';
import { EmailDeliveriesRepository } from './email-deliveries.repository';
import { OrdersRepository } from '../checkout/orders.repository';
import { MAIL_QUEUE, MailJob, ReceiptJobData } from './mail.constants';
import { MailQueue } from './mail-queue.service';
import { ReceiptMail } from './templates/receipt.mail';

@Processor(MAIL_QUEUE)
export class MailProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('MailProcessor');

  constructor(
    private readonly transport: MailTransport,
    private readonly deliveries: EmailDeliveriesRepository,
    private readonly receipts: ReceiptMail,
    private readonly orders: OrdersRepository,
    private readonly mail: MailQueue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.mail.scheduleReceiptSweep();
  }

  async process(job: Job): Promise<string> {
    switch (job.name) {
      case MailJob.receipt:
        return this.sendOnce(await this.receipts.build((job.data as ReceiptJobData).orderId));
      case MailJob.receiptSweep:
        return this.queueMissingReceipts();
      default:
        throw new Error(`Unknown mail job ${job.name}`);
    }
  }

  /** The job id of a receipt is its order's, so an order queued twice still gets one receipt. */
  async queueMissingReceipts(): Promise<string> {
    const orders = await this.orders.withoutQueuedReceipt();
    for (const orderId of orders) {
      await this.mail.queueReceipt(orderId);
      await this.orders.markReceiptQueued(orderId);
    }
    return `${orders.length} receipt(s) queued`;
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
