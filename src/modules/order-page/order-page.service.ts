import { ForbiddenException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { centsToDollars } from '../../common/money';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { appConfig } from '../../config';
import { OrdersRepository, OrderPageLinks } from '../orders';
import { DownloadChoiceDto, DownloadsService } from '../downloads';
import { InvoiceFile, InvoicesService } from '../invoices';
import { PaymentDisputesRepository } from '../payments';
import { CustomerSubscriptionsService } from '../subscriptions';
import { OrderPageDto } from './dto/order-page.dto';

const NO_SUCH_ORDER = 'This order link is not valid. Please use the link in your receipt email.';
const TOO_MANY_LINKS = 'Too many downloads for this order. Please wait a few minutes and try again.';
const ON_HOLD = {
  open: 'This order is on hold while a dispute of its payment is open.',
  lost: 'The payment for this order was disputed and returned to the card, so the order no longer includes its data.',
};

/** An order seen through its page token: no account needed, the token is the key. */
@Injectable()
export class OrderPageService {
  constructor(
    private readonly links: OrderPageLinks,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: CustomerSubscriptionsService,
    private readonly downloads: DownloadsService,
    private readonly invoices: InvoicesService,
    private readonly limiter: RateLimiter,
    private readonly disputes: PaymentDisputesRepository,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
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

  /**
   * Each link is a fresh download grant: a leaked order link must not become an unmetered file
   * server. A 500-county order downloaded file by file, with retries, stays well inside.
   */
  async linkFor(token: string, subscriptionId: string, choice: DownloadChoiceDto = {}) {
    const order = await this.settledOrder(token);
    await this.limiter.enforce(TOO_MANY_LINKS, {
      key: ['order-download-links', order.id],
      max: 1000,
      windowSeconds: 600,
    });
    return this.downloads.linkFor(subscriptionId, { orderId: order.id }, choice);
  }

  /** Only a paid (or since refunded) order has a page: its token only ever went out in a receipt. */
  private async settledOrder(token: string) {
    const link = await this.links.lookup(token);
    const order = link ? await this.orders.findById(link.orderId) : null;
    if (!order || !order.paidAt) throw new NotFoundException(NO_SUCH_ORDER);
    if (link?.expired) {
      // A link staff passed on lasts 30 days; the receipt's does not expire, and support can make another.
      const contact = this.app.supportEmail ? `write to ${this.app.supportEmail}` : 'contact us';
      throw new GoneException(
        `This order link has expired. Please use the link in your receipt email, or ${contact} for a new one.`,
      );
    }
    // A disputed payment: the link in the receipt gives nothing while the dispute is open, or once it is lost.
    const hold = await this.disputes.holdOnOrder(order.id);
    if (hold) {
      const contact = this.app.supportEmail ? `Write to ${this.app.supportEmail}` : 'Contact us';
      throw new ForbiddenException(`${ON_HOLD[hold]} ${contact} if you have questions.`);
    }
    return order;
  }
}
