import { Injectable, Logger } from '@nestjs/common';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { DomainEvents } from '../events';
import { MailQueue } from '../mail';
import { SubscriptionsRepository } from './subscriptions.repository';

/**
 * Ends County Trackers past their expiration that were not renewed, and tells
 * the customer. One whose renewal is under way in Stripe gets a day's grace:
 * a renewal that succeeds extends the expiration first.
 */
@Injectable()
export class SubscriptionExpiryService {
  private readonly logger = new Logger('SubscriptionExpiry');

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly mail: MailQueue,
    private readonly stripe: StripeGateway,
    private readonly events: DomainEvents,
  ) {}

  async run(now = new Date()): Promise<string> {
    const expired = await this.subscriptions.transaction(async (db) => {
      const rows = await this.subscriptions.expireLapsed(db, now);
      // Queued before the commit: if queueing fails, nothing expires and the next run tries again.
      for (const row of rows) {
        await this.mail.queueExpiryNotice({ subscriptionId: row.id, expiresAt: row.expiresAt.toISOString() });
        await this.events.raise(db, 'subscription.expired', {
          subscriptionId: row.id,
          expiredAt: row.expiresAt.toISOString(),
        });
      }
      return rows;
    });
    await this.events.relay();
    for (const { id, stripeSubscriptionId } of expired) {
      if (!stripeSubscriptionId) continue;
      // Stripe would otherwise keep retrying the declined renewal of a subscription that has ended here.
      await this.stripe.cancelSubscription(stripeSubscriptionId).catch((error: Error) => {
        this.logger.error(`Stripe subscription of expired subscription ${id} not cancelled: ${error.message}`);
      });
    }
    return `${expired.length} subscription(s) expired`;
  }
}
