import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { MailFactsPendingError, MailJob, MailTemplate, RenderedMail, SubscriptionExpiredJobData } from '../../mail';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

/** Tells the customer a County Tracker has ended and how to get the county's data again. */
@Injectable()
@MailTemplate(MailJob.subscriptionExpired)
export class SubscriptionExpiredMail {
  constructor(
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
  ) {}

  async render({ subscriptionId, expiresAt }: SubscriptionExpiredJobData): Promise<RenderedMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    if (!subscription || subscription.expirationDate?.toISOString() !== expiresAt) return null;
    // Queued in the transaction that expires it: still active means that transaction has not committed.
    if (subscription.status === 'active')
      throw new MailFactsPendingError(`The expiry of subscription ${subscriptionId}`);
    if (subscription.status !== 'expired') return null;
    const { county } = subscription;
    const date = formatDate(subscription.expirationDate);
    return this.composer.compose({
      to: subscription.email,
      subject: `Your County Tracker for ${county} has expired`,
      blocks: [
        `Your County Tracker subscription for ${county} expired on ${date}, so its monthly data deliveries and downloads have stopped.`,
        "To keep receiving the county's data, you can subscribe again at any time:",
        { label: 'Choose counties', link: this.composer.url('/select-counties') },
      ],
    });
  }
}
