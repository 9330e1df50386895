import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, OrderPaid } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { MailQueue } from '../mail';
import { OrdersRepository } from '../orders';

/**
 * An order paid: its buyer is sent the receipt. The receipt's job id is its order's and its message
 * is claimed by key, so this run twice still sends one; a queue that does not answer fails the
 * job, which is retried.
 */
@Injectable()
export class OrderPaidListener {
  constructor(
    private readonly mail: MailQueue,
    private readonly orders: OrdersRepository,
  ) {}

  @JobHandler(EVENTS_QUEUE, 'order.paid:receipt')
  async queueReceipt({ orderId }: OrderPaid): Promise<string> {
    await this.mail.queueReceipt(orderId);
    await this.orders.markReceiptQueued(orderId);
    return `Receipt of order ${orderId} queued`;
  }
}
