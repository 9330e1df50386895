import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { formatDate } from '../../../common/dates';
import { escapeHtml } from '../../../common/html';
import { formatDollars } from '../../../common/money';
import { appConfig } from '../../../config';
import { planFor, PLANS, PurchaseType } from '../../../contracts/plans';
import { compareByStateThenName, CountiesRepository } from '../../counties';
import { OrdersRepository, OrderPageLinks } from '../../orders';
import { MailJob, MailTemplate, ReceiptJobData, RenderedMail } from '../../mail';
import { MailComposer } from './mail-composer';

interface ReceiptLine {
  purchase_type: PurchaseType;
  item_cents: number;
  name: string;
  state: string;
}

/** The email a buyer gets once an order is paid: what was bought and how to get the data. */
@Injectable()
@MailTemplate(MailJob.receipt)
export class ReceiptMail {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly counties: CountiesRepository,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    private readonly links: OrderPageLinks,
    private readonly composer: MailComposer,
  ) {}

  /** The receipt of a paid order, or null when the order is not paid. */
  async render({ orderId }: ReceiptJobData): Promise<RenderedMail | null> {
    const order = await this.orders.findById(orderId);
    if (order?.status !== 'paid' || !order.paidAt) return null;
    const lines = await this.linesOf(orderId);
    if (lines.length === 0) return null;
    const { email, amountCents: total, paidAt } = order;
    const count = lines.length;
    const subject = `Your County Data Store order: ${count} ${count === 1 ? 'county' : 'counties'}`;
    const hasTracker = lines.some((l) => l.purchase_type === 'annual');
    const hasSnapshot = lines.some((l) => l.purchase_type === 'one-time');
    const orderPage = (await this.links.forOrder(orderId)).page;
    const signIn = `${this.app.publicUrl}/api/login`;
    const paidOn = formatDate(new Date(paidAt));

    const howTo = [
      `Your data is ready to download now from your order page, no account needed: ${orderPage} (keep this link private; it always gives fresh download links).`,
      `Or sign in at ${signIn} with ${email} to see all your counties on your dashboard.`,
      hasSnapshot ? `${PLANS.oneTime.name}: the current county dataset, yours to download at any time.` : null,
      hasTracker
        ? `${PLANS.annual.name}: the current dataset now, then fresh data emailed to you every month for ${PLANS.annual.deliveries} months. ` +
          `It renews yearly at ${formatDollars(PLANS.annual.priceCents)} per county; we remind you 30 days before, and you can turn auto-renewal off any time on your dashboard.`
        : null,
    ].filter((line): line is string => line !== null);
    const support = this.composer.supportLine;

    const itemText = lines.map(
      (l) => `  ${l.name}, ${l.state} - ${planFor(l.purchase_type).name} - ${formatDollars(l.item_cents)}`,
    );
    const text = [
      'Thank you for your order.',
      '',
      `Paid ${paidOn}:`,
      ...itemText,
      `Total charged: ${formatDollars(total)}`,
      '',
      'How to get your data',
      ...howTo.map((line) => `- ${line}`),
      '',
      support,
    ].join('\n');

    const itemRows = lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.name)}, ${escapeHtml(l.state)}</td><td>${escapeHtml(planFor(l.purchase_type).name)}</td>` +
          `<td style="text-align:right">${formatDollars(l.item_cents)}</td></tr>`,
      )
      .join('');
    const html =
      `<p>Thank you for your order.</p><p>Paid ${escapeHtml(paidOn)}:</p>` +
      `<table cellpadding="4">${itemRows}<tr><td colspan="2"><strong>Total charged</strong></td>` +
      `<td style="text-align:right"><strong>${formatDollars(total)}</strong></td></tr></table>` +
      `<h3>How to get your data</h3><ul>${howTo.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(orderPage)}">Download your data</a></p><p>${escapeHtml(support)}</p>`;

    return { to: email, subject, text, html };
  }

  private async linesOf(orderId: string): Promise<ReceiptLine[]> {
    const items = await this.orders.items(orderId);
    const places = await this.counties.placesOf(items.map((item) => item.countyId));
    return items
      .map((item) => ({ item, place: places.get(item.countyId)! }))
      .sort((a, b) => compareByStateThenName(a.place, b.place))
      .map(({ item, place }) => ({
        purchase_type: item.purchaseType,
        item_cents: item.amountCents,
        name: place.name,
        state: place.state,
      }));
  }
}
