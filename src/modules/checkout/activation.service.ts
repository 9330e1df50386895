import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { normalizeEmail } from '../../common/email';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { isSettled, Order, OrdersRepository } from '../orders';
import { PaidOrderRecorder } from './paid-order-recorder';
import { RefundsService } from './refunds.service';
import { UnpaidIntents } from './unpaid-intents';

const ORDER_NOT_FOUND = 'We could not find an order for this payment';

export const TOO_MANY_CONFIRMATIONS = 'Too many payment confirmations. Please wait a few minutes and try again.';

const notSucceeded = (status: string) =>
  new ConflictException(`This payment has not succeeded (its status is ${status})`);

/**
 * Turns a paid order into subscriptions, exactly once. The buyer's browser
 * (payment-success) and Stripe's webhook both arrive here, in any order and
 * any number of times: this checks with Stripe that the order is paid, and
 * PaidOrderRecorder writes it under the order's row lock, raising `order.paid`
 * for what follows (the receipt, the County Trackers' renewals) only the once.
 */
@Injectable()
export class ActivationService {
  private readonly logger = new Logger(ActivationService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly stripe: StripeGateway,
    private readonly paidOrders: PaidOrderRecorder,
    private readonly refunds: RefundsService,
    private readonly unpaid: UnpaidIntents,
    private readonly limiter: RateLimiter,
  ) {}

  /** From the buyer's browser: the email must be the order's. Answers how many subscriptions the order holds. */
  async activateForBuyer(paymentIntentId: string, email: string): Promise<number> {
    const order = await this.orders.findByPaymentIntent(paymentIntentId);
    if (!order || order.email !== normalizeEmail(email)) throw new NotFoundException(ORDER_NOT_FOUND);
    if (!isSettled(order.status)) {
      await this.limiter.enforce(TOO_MANY_CONFIRMATIONS, {
        key: ['payment-success', 'intent', paymentIntentId],
        max: 20,
        windowSeconds: 600,
      });
      // A browser asking again within seconds of Stripe saying "not paid" gets that answer again.
      const recentStatus = await this.unpaid.recentStatus(paymentIntentId);
      if (recentStatus) throw notSucceeded(recentStatus);
    }
    return this.activate(order);
  }

  /** From Stripe's webhook: payments that are no checkout order of ours are not ours to activate. */
  async activateFromWebhook(paymentIntentId: string): Promise<void> {
    const order = await this.orders.findByPaymentIntent(paymentIntentId);
    if (!order) return;
    // Stripe has news of this payment: a browser asking next must not get the answer from before it.
    await this.unpaid.forget(paymentIntentId);
    try {
      await this.activate(order);
    } catch (error) {
      // A mismatch will not heal by Stripe sending the event again.
      if (error instanceof ConflictException) this.logger.error(`Order ${order.id} not activated: ${error.message}`);
      else throw error;
    }
  }

  private async activate(order: Order): Promise<number> {
    if (isSettled(order.status)) return this.orders.countItems(order.id);
    const intent = await this.stripe.retrievePaymentIntent(order.stripePaymentIntentId as string);
    await this.checkPaid(order, intent);

    const activated = await this.paidOrders.record(order, intent);
    if (activated === null) return this.orders.countItems(order.id);
    // A refund may have come in before or during activation; it applies now.
    await this.refunds.sync(order.id);
    return activated.length;
  }

  /** Activates only a payment that succeeded, for exactly this order's amount and currency. */
  private async checkPaid(order: Order, intent: Stripe.PaymentIntent): Promise<void> {
    if (intent.status !== 'succeeded') {
      await this.unpaid.remember(intent.id, intent.status);
      throw notSucceeded(intent.status);
    }
    if (
      intent.amount !== order.amountCents ||
      intent.currency !== order.currency ||
      intent.metadata.order_id !== order.id
    ) {
      this.logger.error(
        `PaymentIntent ${intent.id} does not match order ${order.id}: ${intent.amount} ${intent.currency}`,
      );
      throw new ConflictException(
        'This payment does not match its order, so nothing was activated. Please contact support.',
      );
    }
  }
}
