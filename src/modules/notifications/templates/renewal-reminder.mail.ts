import { Injectable } from '@nestjs/common';
import { formatDate } from '../../../common/dates';
import { formatDollars } from '../../../common/money';
import { PLANS } from '../../../contracts/plans';
import { MailJob, MailTemplate, RenderedMail, RenewalReminderJobData } from '../../mail';
import { MailComposer } from './mail-composer';
import { SubscriptionFactsReader } from './subscription-facts';

/** Sent 30 days before a County Tracker renews: the amount, the date, and how to stop it. */
@Injectable()
@MailTemplate(MailJob.renewalReminder)
export class RenewalReminderMail {
  constructor(
    private readonly facts: SubscriptionFactsReader,
    private readonly composer: MailComposer,
  ) {}

  async render({ subscriptionId, expiresAt }: RenewalReminderJobData): Promise<RenderedMail | null> {
    const subscription = await this.facts.read(subscriptionId);
    // Turned off, ended or renewed since the reminder was queued: nothing to remind of.
    if (
      !subscription ||
      subscription.status !== 'active' ||
      !subscription.autoRenew ||
      subscription.expirationDate?.toISOString() !== expiresAt
    )
      return null;
    const { county } = subscription;
    const date = formatDate(subscription.expirationDate);
    const amount = formatDollars(PLANS.annual.priceCents);
    return this.composer.compose({
      to: subscription.email,
      subject: `Your County Tracker for ${county} renews on ${date}`,
      blocks: [
        `Your County Tracker subscription for ${county} renews automatically on ${date} for another year. ` +
          `We will charge ${amount} to the card you paid with.`,
        'If you want to keep receiving the monthly data, there is nothing to do.',
        `To stop the renewal, sign in with ${subscription.email} and turn auto-renewal off on your dashboard before ${date}:`,
        { label: 'Open your dashboard', link: this.composer.url('/dashboard') },
      ],
    });
  }
}
