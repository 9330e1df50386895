import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { MailQueue } from '../mail/mail-queue.service';

/**
 * Ends County Trackers past their expiration that were not renewed, and tells
 * the customer. One whose renewal is under way in Stripe gets a day's grace:
 * a renewal that succeeds extends the expiration first.
 */
@Injectable()
export class SubscriptionExpiryService {
  private readonly logger = new Logger('SubscriptionExpiry');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly mail: MailQueue,
    private readonly stripe: StripeGateway,
  ) {}

  async run(now = new Date()): Promise<string> {
    const expired = await this.db.transaction(async (db) => {
      // An UPDATE answers [rows, count].
      const [rows]: [{ id: string; expiresAt: Date; stripeSubscriptionId: string | null }[], number] = await db.query(
        `UPDATE subscriptions SET status = 'expired', auto_renew = false, updated_at = now()
         WHERE purchase_type = 'annual' AND status = 'active'
           AND expiration_date < $1::timestamptz - CASE WHEN auto_renew AND stripe_subscription_id IS NOT NULL
                                                        THEN interval '1 day' ELSE interval '0' END
         RETURNING id, expiration_date AS "expiresAt", stripe_subscription_id AS "stripeSubscriptionId"`,
        [now],
      );
      // Queued before the commit: if queueing fails, nothing expires and the next run tries again.
      for (const row of rows) {
        await this.mail.queueExpiryNotice({ subscriptionId: row.id, expiresAt: row.expiresAt.toISOString() });
      }
      return rows;
    });
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
