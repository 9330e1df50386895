import { Injectable, Logger } from '@nestjs/common';
import { PLANS } from '../../contracts/plans';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { OrdersRepository } from '../orders';
import { SubscriptionsRepository } from '../subscriptions';

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
    private readonly subscriptions: SubscriptionsRepository,
    private readonly orders: OrdersRepository,
    private readonly stripe: StripeGateway,
  ) {}

  async enrollOrder(orderId: string): Promise<number> {
    return this.enroll(await this.unenrolled(await this.orders.itemIds(orderId)));
  }

  /** Trackers paid over a minute ago and still without renewal (their enrollment job never ran or failed). */
  async enrollPending(): Promise<number> {
    return this.enroll(await this.unenrolled());
  }

  /**
   * Ends the Stripe renewals of subscriptions that ended here (cancelled,
   * refunded, expired) whose ending Stripe has not confirmed yet: Stripe's
   * customer.subscription.deleted clears the id, so what is left was missed.
   */
  async endLapsed(): Promise<number> {
    const renewals = await this.subscriptions.lapsedRenewals();
    for (const stripeSubscriptionId of renewals) await this.stripe.cancelSubscription(stripeSubscriptionId);
    return renewals.length;
  }

  /** Unenrolled trackers (of these order items, or all), with the customer and payment of their order. */
  private async unenrolled(orderItemIds?: string[]): Promise<Unenrolled[]> {
    const trackers = await this.subscriptions.unenrolledTrackers(orderItemIds);
    if (trackers.length === 0) return [];
    const orders = await this.orders.ordersOfItems(trackers.map((tracker) => tracker.orderItemId));
    return trackers.flatMap((tracker) => {
      const order = orders.get(tracker.orderItemId);
      if (!order?.stripeCustomerId || !order.stripePaymentIntentId) return [];
      return [
        {
          id: tracker.id,
          orderId: order.orderId,
          customerId: order.stripeCustomerId,
          paymentIntentId: order.stripePaymentIntentId,
        },
      ];
    });
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
    return this.subscriptions.transaction(async (db) => {
      const row = await this.subscriptions.lockUnenrolled(db, subscription.id);
      if (!row) return false;
      const stripeSubscriptionId = await this.stripe.createRenewal(priceId, {
        subscriptionId: subscription.id,
        customerId: subscription.customerId,
        paymentMethodId,
        firstChargeAt: row.expiresAt,
        autoRenew: row.autoRenew,
      });
      await this.subscriptions.attachRenewal(db, subscription.id, stripeSubscriptionId);
      return true;
    });
  }
}
