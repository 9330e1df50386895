import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { MAIL_QUEUE, MailJob, ReceiptJobData } from './mail.constants';

/** What the API does with mail: queue it. The worker renders and sends. */
@Injectable()
export class MailQueue {
  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue) {}

  /** One receipt per order, however often this is called (the job id is the order's). */
  async queueReceipt(orderId: string): Promise<void> {
    const data: ReceiptJobData = { orderId };
    await this.queue.add(MailJob.receipt, data, { jobId: `receipt-${orderId}` });
  }
}
