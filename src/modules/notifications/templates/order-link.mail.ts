import { Injectable } from '@nestjs/common';
import { MailJob, MailTemplate, OrderLinkJobData, RenderedMail } from '../../mail';
import { OrderPageLinks, OrdersRepository } from '../../orders';
import { MailComposer } from './mail-composer';

/** Staff replaced an order's links (one had leaked, say): the buyer gets the new one, and learns the old ones are dead. */
@Injectable()
@MailTemplate(MailJob.orderLink)
export class OrderLinkMail {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly links: OrderPageLinks,
    private readonly composer: MailComposer,
  ) {}

  async render({ orderId, rotatedAt }: OrderLinkJobData): Promise<RenderedMail | null> {
    const order = await this.orders.findById(orderId);
    // Only a paid (or since refunded) order has a page, and a later replacement sends its own email.
    if (!order?.paidAt || order.pageLinksRotatedAt?.toISOString() !== rotatedAt) return null;
    const { page } = await this.links.forOrder(orderId);
    return this.composer.compose({
      to: order.email,
      subject: 'Your new County Data Store order link',
      blocks: [
        'We have replaced the link to your order page. The links in earlier emails from us no longer open it.',
        'Your order page, where you can download your files at any time (keep this link private):',
        { label: 'Your order', link: page },
      ],
    });
  }
}
