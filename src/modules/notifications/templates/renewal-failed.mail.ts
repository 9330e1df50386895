import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { formatDollars } from '../../../common/money';
import { MailJob, MailTemplate, RenderedMail, RenewalFailedJobData } from '../../mail';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

/** A renewal charge was declined: what happened and how to fix the card before the subscription lapses. */
@Injectable()
@MailTemplate(MailJob.renewalFailed)
export class RenewalFailedMail {
  constructor(
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
  ) {}

  async render({ subscriptionId, amountCents, payUrl }: RenewalFailedJobData): Promise<RenderedMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    if (!subscription) return null;
    const { county } = subscription;
    const fix = payUrl
      ? [
          'To keep your subscription, pay the renewal with another card on this secure page:',
          { label: 'Update your card and pay', link: payUrl },
        ]
      : [`To keep your subscription, reply to this email or call us and we will help you update your card.`];
    return this.composer.compose({
      to: subscription.email,
      subject: `Action needed: we could not renew your County Tracker for ${county}`,
      blocks: [
        `We tried to charge ${formatDollars(amountCents)} to renew your County Tracker for ${county}, but the card on file was declined.`,
        ...fix,
        subscription.expirationDate
          ? `If the renewal is not paid, the subscription ends after ${formatDate(subscription.expirationDate)} and the monthly data stops.`
          : 'If the renewal is not paid, the subscription ends and the monthly data stops.',
      ],
    });
  }
}
