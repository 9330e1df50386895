import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { MAIL_QUEUE, MailJob, RECEIPT_SWEEP_EVERY_MS, ReceiptJobData } from './mail.constants';

const QUEUE_TIMEOUT_MS = 3000;

/** What the API does with mail: queue it. The worker renders and sends. */
@Injectable()
export class MailQueue {
  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue) {}

  /** One receipt per order, however often this is called (the job id is the order's). */
  async queueReceipt(orderId: string): Promise<void> {
    const data: ReceiptJobData = { orderId };
    let timer: NodeJS.Timeout | undefined;
    // While Redis is down BullMQ would wait for it; the caller must not (a later sweep queues it).
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the mail queue did not answer in time')), QUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.add(MailJob.receipt, data, { jobId: `receipt-${orderId}` }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One schedule in Redis, however many workers ask for it. */
  async scheduleReceiptSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      MailJob.receiptSweep,
      { every: RECEIPT_SWEEP_EVERY_MS },
      { name: MailJob.receiptSweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
