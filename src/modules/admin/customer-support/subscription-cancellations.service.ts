import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { StripeGateway } from '../../../integrations/stripe/stripe.gateway';
import { SubscriptionRecords } from '../../subscriptions';
import { AuditLogRepository } from '../audit/audit-log.repository';

/** Subscriptions staff end before their time, each ending audited with the record before and after. */
@Injectable()
export class SubscriptionCancellations {
  // The log name staff actions have always been logged under, so an operator's searches still find them.
  private readonly logger = new Logger('AdminActions');

  constructor(
    private readonly subscriptions: SubscriptionRecords,
    private readonly stripe: StripeGateway,
    private readonly auditLog: AuditLogRepository,
  ) {}

  /** Ends an active subscription and its renewal. Any other status: 409. */
  async cancel(sessionId: string, id: string) {
    const result = await this.auditLog.transaction(async (db) => {
      const subscription = await this.subscriptions.lock(db, id);
      if (!subscription) throw new NotFoundException('Subscription not found');
      if (subscription.status !== 'active')
        throw new ConflictException(`Only an active subscription can be cancelled; this one is ${subscription.status}`);
      await this.subscriptions.cancel(db, id);
      // The audit log keeps the columns' names, as every entry before this one did.
      const before = {
        id,
        status: subscription.status,
        auto_renew: subscription.autoRenew,
        stripe_subscription_id: subscription.stripeSubscriptionId,
      };
      const after = { ...before, status: 'cancelled', auto_renew: false };
      await this.auditLog.record(db, {
        sessionId,
        action: 'subscription.cancel',
        targetType: 'subscription',
        targetId: id,
        before,
        after,
      });
      return before;
    });
    if (result.stripe_subscription_id) {
      // The cancellation stands either way; a renewal Stripe did not end now is ended by the billing sweep.
      await this.stripe.cancelSubscription(result.stripe_subscription_id).catch((error: Error) => {
        this.logger.error(`Renewal of cancelled subscription ${id} not ended yet: ${error.message}`);
      });
    }
    return { id, status: 'cancelled' };
  }
}
