import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { normalizeEmail } from '../../common/email';
import { BusinessMetrics } from '../../integrations/metrics/business-metrics';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { BillingQueue } from '../billing';
import { InvoicesRepository } from '../invoices';
import { MailQueue } from '../mail';
import { PaymentsLedger, sumByPurchaseType } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';
import { UsersRepository } from '../users';
import { isSettled, Order, OrdersRepository } from '../orders';
import { RefundsService } from './refunds.service';
import { UnpaidIntents } from './unpaid-intents';

const ORDER_NOT_FOUND = 'We could not find an order for this payment';

export const TOO_MANY_CONFIRMATIONS = 'Too many payment confirmations. Please wait a few minutes and try again.';

const notSucceeded = (status: string) =>
  new ConflictException(`This payment has not succeeded (its status is ${status})`);

/**
 * Turns a paid order into subscriptions, exactly once. The buyer's browser
 * (payment-success) and Stripe's webhook both arrive here, in any order and
 * any number of times: the order row is locked while it is activated, and
 * unique keys on subscriptions, the ledger and invoices make any repeat add nothing.
 */
@Injectable()
export class ActivationService {
  private readonly logger = new Logger(ActivationService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly users: UsersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: PaymentsLedger,
    private readonly stripe: StripeGateway,
    private readonly mail: MailQueue,
    private readonly refunds: RefundsService,
    private readonly billing: BillingQueue,
    private readonly invoices: InvoicesRepository,
    private readonly unpaid: UnpaidIntents,
    private readonly limiter: RateLimiter,
    private readonly metrics: BusinessMetrics,
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

    // The items this activation turned into subscriptions; null when another got there first.
    const activated = await this.orders.transaction(async (db) => {
      const locked = await this.orders.lock(db, order.id);
      const items = await this.orders.items(order.id, db);
      if (isSettled(locked.status)) return null;
      const charge = intent.latest_charge as Stripe.Charge | null;
      const paidAt = new Date((charge?.created ?? intent.created) * 1000);
      const userId = await this.users.findOrCreateByEmail(db, order.email);
      await this.users.rememberStripeCustomer(db, userId, order.stripeCustomerId);
      await this.subscriptions.createForItems(db, userId, items, new Date());
      await this.ledger.record(db, {
        kind: 'charge',
        orderId: order.id,
        amountCents: intent.amount_received,
        amountByPurchaseType: sumByPurchaseType(items),
        currency: intent.currency,
        stripeObjectId: intent.id,
      });
      // The invoice comes with its ledger entry, in the same transaction: both or neither.
      await this.invoices.issueForCharge(db, intent.id, { order, items });
      await this.orders.markPaid(db, order.id, userId, paidAt);
      return items;
    });

    if (activated === null) return this.orders.countItems(order.id);
    this.metrics.orderPaid(sumByPurchaseType(activated));
    await this.queueReceipt(order.id);
    await this.queueRenewalEnrollment(order.id);
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

  private async queueRenewalEnrollment(orderId: string): Promise<void> {
    try {
      await this.billing.queueEnrollment(orderId);
    } catch (error) {
      // The worker's enrollment sweep enrolls it within minutes; the renewal is a year away.
      this.logger.error(`Renewals of order ${orderId} not queued: ${(error as Error).message}`);
    }
  }

  private async queueReceipt(orderId: string): Promise<void> {
    try {
      await this.mail.queueReceipt(orderId);
      await this.orders.markReceiptQueued(orderId);
    } catch (error) {
      // The payment stands; the mail worker's receipt sweep queues it within minutes.
      this.logger.error(`Receipt for order ${orderId} not queued: ${(error as Error).message}`);
    }
  }
}
