import { Injectable, NotFoundException } from '@nestjs/common';
import { centsToDollars } from '../../common/money';
import { OrdersRepository, OrderPageLinks } from '../orders';
import { DownloadsService } from '../downloads';
import { InvoiceFile, InvoicesService } from '../invoices';
import { CustomerSubscriptionsService } from '../subscriptions';
import { OrderPageDto } from './dto/order-page.dto';

const NO_SUCH_ORDER = 'This order link is not valid. Please use the link in your receipt email.';

/** An order seen through its page token: no account needed, the token is the key. */
@Injectable()
export class OrderPageService {
  constructor(
    private readonly links: OrderPageLinks,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: CustomerSubscriptionsService,
    private readonly downloads: DownloadsService,
    private readonly invoices: InvoicesService,
  ) {}

  async show(token: string): Promise<OrderPageDto> {
    const order = await this.settledOrder(token);
    const [subscriptions, invoices] = await Promise.all([
      this.subscriptions.listForOrder(order.id),
      this.invoices.forOrder(order.id, token),
    ]);
    return {
      id: order.id,
      email: order.email,
      status: order.status as OrderPageDto['status'],
      paidAt: (order.paidAt as Date).toISOString(),
      totalAmount: centsToDollars(order.amountCents),
      subscriptions,
      invoices,
    };
  }

  /** One of the order's invoices; another order's is answered as a missing one. */
  async invoicePdf(token: string, invoiceId: string): Promise<InvoiceFile> {
    const order = await this.settledOrder(token);
    return this.invoices.pdfForOrder(order.id, invoiceId);
  }

  async linkFor(token: string, subscriptionId: string) {
    const order = await this.settledOrder(token);
    return this.downloads.linkFor(subscriptionId, { orderId: order.id });
  }

  /** Only a paid (or since refunded) order has a page: its token only ever went out in a receipt. */
  private async settledOrder(token: string) {
    const orderId = this.links.tokens.orderIdOf(token);
    const order = orderId ? await this.orders.findById(orderId) : null;
    if (!order || !order.paidAt) throw new NotFoundException(NO_SUCH_ORDER);
    return order;
  }
}
