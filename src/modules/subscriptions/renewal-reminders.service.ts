import { Injectable } from '@nestjs/common';
import { MailQueue } from '../mail';
import { SubscriptionsRepository } from './subscriptions.repository';
import { RENEWAL_REMINDER_DAYS } from './subscription-jobs.constants';

/**
 * Reminds customers of a County Tracker that renews within 30 days. The
 * reminder's job and message are keyed by subscription and expiration, so
 * the daily run may find the same subscription again without sending again.
 */
@Injectable()
export class RenewalRemindersService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly mail: MailQueue,
  ) {}

  async run(now = new Date()): Promise<string> {
    const due = await this.subscriptions.dueForRenewalReminder(now, RENEWAL_REMINDER_DAYS);
    for (const { id, expiresAt } of due) {
      await this.mail.queueRenewalReminder({ subscriptionId: id, expiresAt: expiresAt.toISOString() });
    }
    return `${due.length} renewal reminder(s) queued`;
  }
}
