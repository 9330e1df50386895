import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { MAIL_QUEUE, MailJob, MailQueue } from '../mail';
import { OrdersRepository } from '../orders';

/**
 * The receipts' last sweep: receipts follow order.paid now, and this queues those an older API
 * left unqueued (Redis away at payment). Here, beside the receipt's template, because it reads
 * orders, which mail may not import.
 */
@Injectable()
export class ReceiptSweep implements OnApplicationBootstrap {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap(): Promise<void> {
    return this.mail.retireReceiptSweep();
  }

  /** The job id of a receipt is its order's, so an order queued twice still gets one receipt. */
  @JobHandler(MAIL_QUEUE, MailJob.receiptSweep)
  async queueMissingReceipts(): Promise<string> {
    const orders = await this.orders.withoutQueuedReceipt();
    for (const orderId of orders) {
      await this.mail.queueReceipt(orderId);
      await this.orders.markReceiptQueued(orderId);
    }
    return `${orders.length} receipt(s) queued`;
  }
}
