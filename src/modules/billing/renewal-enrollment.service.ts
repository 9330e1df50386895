import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PLANS } from '../../contracts/plans';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';

interface Unenrolled {
  id: string;
  orderId: string;
  customerId: string;
  paymentIntentId: string;
}

/**
 * Every active County Tracker gets a Stripe subscription whose first charge
 * falls at its expiration, on the card the customer paid with: the checkout
 * payment is the first year, Stripe Billing takes the renewals.
 */
@Injectable()
export class RenewalEnrollmentService {
  private readonly logger = new Logger('RenewalEnrollment');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly stripe: StripeGateway,
  ) {}

  async enrollOrder(orderId: string): Promise<number> {
    return this.enroll(await this.unenrolled(`o.id = $1`, [orderId]));
  }

  /** Trackers paid over a minute ago and still without renewal (their enrollment job never ran or failed). */
  async enrollPending(): Promise<number> {
    return this.enroll(await this.unenrolled(`o.paid_at < now() - interval '1 minute'`, []));
  }

  /**
   * Ends the Stripe renewals of subscriptions that ended here (cancelled,
   * refunded, expired) whose ending Stripe has not confirmed yet: Stripe's
   * customer.subscription.deleted clears the id, so what is left was missed.
   */
  async endLapsed(): Promise<number> {
    const rows: { stripeSubscriptionId: string }[] = await this.db.query(
      `SELECT stripe_subscription_id AS "stripeSubscriptionId" FROM subscriptions
       WHERE status <> 'active' AND stripe_subscription_id IS NOT NULL AND updated_at < now() - interval '1 minute'
       LIMIT 500`,
    );
    for (const { stripeSubscriptionId } of rows) await this.stripe.cancelSubscription(stripeSubscriptionId);
    return rows.length;
  }

  private unenrolled(condition: string, params: unknown[]): Promise<Unenrolled[]> {
    return this.db.query(
      `SELECT s.id, o.id AS "orderId", o.stripe_customer_id AS "customerId", o.stripe_payment_intent_id AS "paymentIntentId"
       FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id JOIN orders o ON o.id = i.order_id
       WHERE ${condition} AND s.purchase_type = 'annual' AND s.status = 'active'
         AND s.stripe_subscription_id IS NULL AND s.expiration_date > now() + interval '1 day'
       ORDER BY o.paid_at LIMIT 500`,
      params,
    );
  }

  private async enroll(subscriptions: Unenrolled[]): Promise<number> {
    if (subscriptions.length === 0) return 0;
    const priceId = await this.stripe.trackerPriceId(PLANS.annual);
    const cards = new Map<string, string>();
    let enrolled = 0;
    for (const subscription of subscriptions) {
      let card = cards.get(subscription.paymentIntentId);
      if (!card) {
        const intent = await this.stripe.retrievePaymentIntent(subscription.paymentIntentId);
        card = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (!card) {
          this.logger.error(`Order ${subscription.orderId} has no card to renew with`);
          continue;
        }
        cards.set(subscription.paymentIntentId, card);
      }
      if (await this.enrollOne(subscription, priceId, card)) enrolled++;
    }
    return enrolled;
  }

  /**
   * Under the subscription's row lock, so that a customer turning renewal off
   * meanwhile is either seen here or sees the Stripe subscription and updates it.
   */
  private enrollOne(subscription: Unenrolled, priceId: string, paymentMethodId: string): Promise<boolean> {
    return this.db.transaction(async (db) => {
      const [row] = await db.query<{ autoRenew: boolean; expiresAt: Date }[]>(
        `SELECT auto_renew AS "autoRenew", expiration_date AS "expiresAt" FROM subscriptions
         WHERE id = $1 AND status = 'active' AND stripe_subscription_id IS NULL FOR UPDATE`,
        [subscription.id],
      );
      if (!row) return false;
      const stripeSubscriptionId = await this.stripe.createRenewal(priceId, {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        paymentMethodId,
        firstChargeAt: row.expiresAt,
        autoRenew: row.autoRenew,
      });
      await db.query(`UPDATE subscriptions SET stripe_subscription_id = $2, updated_at = now() WHERE id = $1`, [
        subscription.id,
        stripeSubscriptionId,
      ]);
      return true;
    });
  }
}
