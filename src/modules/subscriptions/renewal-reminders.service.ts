import { Injectable } from '@nestjs/common';
import { DomainEvents } from '../events';
import { MailQueue } from '../mail';
import { SubscriptionsRepository } from './subscriptions.repository';
import { RENEWAL_NOTICE_DAYS, RENEWAL_REMINDER_DAYS } from './subscription-jobs.constants';

/**
 * Reminds customers of a County Tracker that renews within 30 days, and tells their systems
 * (subscription.renewing) within 7. The reminder's job and message are keyed by subscription and
 * expiration, and so are the event's listeners' effects, so the daily run may find the same
 * subscription again without sending again.
 */
@Injectable()
export class RenewalRemindersService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly mail: MailQueue,
    private readonly events: DomainEvents,
  ) {}

  async run(now = new Date()): Promise<string> {
    const due = await this.subscriptions.dueForRenewalReminder(now, RENEWAL_REMINDER_DAYS);
    for (const { id, expiresAt } of due) {
      await this.mail.queueRenewalReminder({ subscriptionId: id, expiresAt: expiresAt.toISOString() });
    }
    const renewing = await this.subscriptions.dueForRenewalReminder(now, RENEWAL_NOTICE_DAYS);
    if (renewing.length > 0) {
      await this.subscriptions.transaction(async (db) => {
        for (const { id, expiresAt } of renewing)
          await this.events.raise(db, 'subscription.renewing', {
            subscriptionId: id,
            renewsAt: expiresAt.toISOString(),
          });
      });
      await this.events.relay();
    }
    return `${due.length} renewal reminder(s) queued, ${renewing.length} renewal(s) announced`;
  }
}
