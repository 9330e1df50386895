import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { formatDate } from '../../../common/dates';
import { formatDollars } from '../../../common/money';
import { appConfig } from '../../../config';
import { DisputeNoticeJobData, MailJob, MailTemplate, RenderedMail } from '../../mail';
import { OrdersRepository } from '../../orders';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

const STRIPE_DISPUTES = 'https://dashboard.stripe.com/disputes';

/** Tells the store's staff (SUPPORT_EMAIL) that a buyer disputed a payment, and how it ended. */
@Injectable()
@MailTemplate(MailJob.disputeNotice)
export class DisputeNoticeMail {
  private readonly logger = new Logger('DisputeNotice');

  constructor(
    private readonly composer: MailComposer,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionFactsReader,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  async render(data: DisputeNoticeJobData): Promise<RenderedMail | null> {
    if (!this.app.supportEmail) {
      this.logger.error(
        `Dispute ${data.stripeDisputeId} is ${data.status}, and SUPPORT_EMAIL is not set to tell staff`,
      );
      return null;
    }
    const what = await this.describe(data);
    const amount = `${formatDollars(data.amountCents)} ${data.currency.toUpperCase()}`;
    const facts = [
      `Dispute: ${data.stripeDisputeId} (${data.reason})`,
      `Amount: ${amount}`,
      `Payment for: ${what.payment}`,
      `Buyer: ${what.email ?? 'unknown'}`,
    ];
    const byStatus = {
      open: {
        subject: `Payment disputed: ${amount} (${data.reason})`,
        lines: [
          'A buyer has disputed a payment. Until the dispute closes, what it paid for is suspended: no downloads, no order page, no County Tracker deliveries.',
          ...(data.evidenceDueBy
            ? [
                `Answer with evidence in Stripe before ${formatDate(new Date(data.evidenceDueBy))}, or the dispute is lost.`,
              ]
            : []),
        ],
      },
      won: {
        subject: `Dispute won: ${amount}`,
        lines: ['The dispute was decided in the store’s favour: the suspended access is restored.'],
      },
      lost: {
        subject: `Dispute lost: ${amount} charged back`,
        lines: [
          'The dispute was lost: the money is returned to the buyer, recorded as a chargeback, and what it paid for is cancelled (renewals included).',
        ],
      },
    }[data.status];
    return this.composer.compose({
      to: this.app.supportEmail,
      subject: byStatus.subject,
      blocks: [...byStatus.lines, { list: facts }, { label: 'Disputes in Stripe', link: STRIPE_DISPUTES }],
    });
  }

  private async describe(data: DisputeNoticeJobData): Promise<{ payment: string; email: string | null }> {
    if (data.orderId) {
      const order = await this.orders.findById(data.orderId);
      return { payment: `order ${data.orderId} (checkout)`, email: order?.email ?? null };
    }
    const subscription = data.subscriptionId ? await this.subscriptions.read(data.subscriptionId) : null;
    return {
      payment: subscription
        ? `renewal of the County Tracker for ${subscription.county} (subscription ${subscription.id}, order ${subscription.orderId})`
        : `renewal of subscription ${data.subscriptionId}`,
      email: subscription?.email ?? null,
    };
  }
}
