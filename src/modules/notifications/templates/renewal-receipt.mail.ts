import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { formatDollars } from '../../../common/money';
import { PaymentsLedger } from '../../payments';
import { OrderPageLinks } from '../../orders';
import { MailFactsPendingError, MailJob, MailTemplate, RenderedMail, RenewalReceiptJobData } from '../../mail';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

/** The receipt of a yearly renewal charge, from the ledger entry it made. */
@Injectable()
@MailTemplate(MailJob.renewalReceipt)
export class RenewalReceiptMail {
  constructor(
    private readonly ledger: PaymentsLedger,
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
    private readonly links: OrderPageLinks,
  ) {}

  async render({ subscriptionId, invoiceId }: RenewalReceiptJobData): Promise<RenderedMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    const payment = await this.ledger.findByStripeObject(invoiceId, 'renewal');
    // Queued in the transaction that records the payment: not there yet means it has not committed.
    if (!payment) throw new MailFactsPendingError(`Renewal payment ${invoiceId}`);
    if (!subscription || !subscription.expirationDate) return null;
    const { county } = subscription;
    return this.composer.compose({
      to: subscription.email,
      subject: `Receipt: your County Tracker for ${county} has renewed`,
      blocks: [
        `We charged ${formatDollars(payment.amountCents)} on ${formatDate(payment.occurredAt)} to renew your County Tracker for ${county}.`,
        `It now runs until ${formatDate(subscription.expirationDate)}, with fresh data emailed to you every month.`,
        { label: 'Your files', link: (await this.links.forOrder(subscription.orderId)).page },
        'You can turn auto-renewal off at any time on your dashboard.',
      ],
    });
  }
}
