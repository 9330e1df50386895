import { ConflictException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { stripeConfig } from '../../config';
import type { StripeSimulator } from '../../dev/stripe-simulator/stripe-simulator';
import { STRIPE_JS_STANDIN_PATH, STRIPE_SIMULATOR } from './stripe-simulator.provider';

/** Stripe.js must be loaded from Stripe itself (PCI), never bundled. */
const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export const PAYMENTS_NOT_CONFIGURED = 'Payment processing is not configured. Please contact support.';

/** The County Tracker's yearly price at Stripe, found by this key (and made once when missing). */
export const TRACKER_PRICE_LOOKUP_KEY = 'county-tracker-annual';

export interface NewRenewal {
  /** Our subscription's id: the Stripe subscription carries it in its metadata. */
  subscriptionId: string;
  customerId: string;
  paymentMethodId: string;
  /** The first year is the checkout payment: Stripe bills nothing until then. */
  firstChargeAt: Date;
  autoRenew: boolean;
}

export interface NewPaymentIntent {
  orderId: string;
  amountCents: number;
  customerId: string;
  email: string;
  description: string;
  /** Keep the card for off-session renewals (any annual item). */
  saveCardForRenewals: boolean;
}

/** The store's one way to Stripe (or any Stripe-compatible server, or the simulator). */
@Injectable()
export class StripeGateway {
  private readonly logger = new Logger('Stripe');
  private readonly stripe: Stripe | null;
  readonly publishableKey: string | null;
  private readonly webhookSecret: string | null;
  readonly testMode: boolean;
  /** Where pages load Stripe.js from: Stripe's own, or the stand-in served with the simulator. */
  readonly stripeJsUrl: string;

  constructor(
    @Inject(stripeConfig.KEY) config: ConfigType<typeof stripeConfig>,
    @Inject(STRIPE_SIMULATOR) simulator: StripeSimulator | null,
  ) {
    const secretKey = simulator?.keys.secretKey ?? config.secretKey;
    const apiUrl = simulator?.url ?? config.apiUrl;
    this.publishableKey = simulator?.keys.publishableKey ?? config.publishableKey ?? null;
    this.webhookSecret = simulator?.keys.webhookSecret ?? config.webhookSecret ?? null;
    this.testMode = Boolean(simulator) || Boolean(secretKey?.startsWith('sk_test_'));
    this.stripeJsUrl = simulator ? STRIPE_JS_STANDIN_PATH : STRIPE_JS_URL;
    if (!secretKey) {
      this.stripe = null;
      this.logger.warn(
        `Stripe is not configured (STRIPE_SECRET_KEY unset): checkout answers "${PAYMENTS_NOT_CONFIGURED}"`,
      );
      return;
    }
    const server = apiUrl ? new URL(apiUrl) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'county-data-store' },
      ...(server && {
        host: server.hostname,
        port: Number(server.port || (server.protocol === 'https:' ? 443 : 80)),
        protocol: server.protocol === 'https:' ? 'https' : 'http',
      }),
    });
  }

  get configured(): boolean {
    return this.stripe !== null && this.publishableKey !== null;
  }

  private get api(): Stripe {
    if (!this.stripe) throw new ServiceUnavailableException(PAYMENTS_NOT_CONFIGURED);
    return this.stripe;
  }

  /** Stripe being unreachable or failing is the provider's outage, answered as 503; our own mistakes stay errors. */
  private async call<T>(work: (api: Stripe) => Promise<T>): Promise<T> {
    try {
      return await work(this.api);
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      ) {
        this.logger.error(`Stripe unavailable: ${error.message}`);
        throw new ServiceUnavailableException('We could not reach the payment provider. Please try again in a moment.');
      }
      throw error;
    }
  }

  /** The Customer for an email: the existing one, or a new one (one per email, even under races). */
  async findOrCreateCustomer(email: string): Promise<string> {
    return this.call(async (api) => {
      const existing = await api.customers.list({ email, limit: 1 });
      if (existing.data[0]) return existing.data[0].id;
      const created = await api.customers.create(
        { email },
        { idempotencyKey: `customer-${createHash('sha256').update(email).digest('hex')}` },
      );
      return created.id;
    });
  }

  async createPaymentIntent(intent: NewPaymentIntent): Promise<{ id: string; clientSecret: string }> {
    const created = await this.call((api) =>
      api.paymentIntents.create(
        {
          amount: intent.amountCents,
          currency: 'usd',
          customer: intent.customerId,
          receipt_email: intent.email,
          description: intent.description,
          metadata: { order_id: intent.orderId },
          automatic_payment_methods: { enabled: true },
          ...(intent.saveCardForRenewals && { setup_future_usage: 'off_session' as const }),
        },
        { idempotencyKey: `order-${intent.orderId}-payment-intent` },
      ),
    );
    return { id: created.id, clientSecret: created.client_secret as string };
  }

  retrievePaymentIntent(id: string): Promise<Stripe.PaymentIntent> {
    return this.call((api) => api.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
  }

  async listRefunds(paymentIntentId: string): Promise<Stripe.Refund[]> {
    return this.call(async (api) => {
      const refunds: Stripe.Refund[] = [];
      for await (const refund of api.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
        refunds.push(refund);
      return refunds;
    });
  }

  /**
   * Refunds part or all of a payment. The idempotency key makes a repeated request (a double click, a
   * retry after a lost answer) the same refund at Stripe, never a second one.
   */
  async createRefund(paymentIntentId: string, amountCents: number, idempotencyKey: string): Promise<Stripe.Refund> {
    return this.call((api) =>
      api.refunds.create(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { admin_request: idempotencyKey } },
        { idempotencyKey },
      ),
    );
  }

  retrieveCharge(id: string): Promise<Stripe.Charge> {
    return this.call((api) => api.charges.retrieve(id));
  }

  /**
   * The paid invoice a PaymentIntent paid (a renewal's charge knows no invoice of its own): the
   * customer's paid invoices up to the charge, with their payments, searched newest first.
   */
  async invoicePaidBy(customerId: string, paymentIntentId: string, chargedAt: number): Promise<Stripe.Invoice | null> {
    return this.call(async (api) => {
      const invoices = api.invoices.list({
        customer: customerId,
        status: 'paid',
        created: { lte: chargedAt },
        expand: ['data.payments'],
        limit: 100,
      });
      for await (const invoice of invoices) {
        const paidBy = invoice.payments?.data.some((p) => {
          const intent = p.payment.payment_intent;
          return (typeof intent === 'string' ? intent : intent?.id) === paymentIntentId;
        });
        if (paidBy) return invoice;
      }
      return null;
    });
  }

  /** The yearly County Tracker price: looked up by its key, created on first use. */
  async trackerPriceId(plan: { name: string; priceCents: number }): Promise<string> {
    return this.call(async (api) => {
      const found = await api.prices.list({ lookup_keys: [TRACKER_PRICE_LOOKUP_KEY], active: true, limit: 1 });
      if (found.data[0]) return found.data[0].id;
      const version = `${TRACKER_PRICE_LOOKUP_KEY}-${plan.priceCents}`;
      const product = await api.products.create({ name: plan.name }, { idempotencyKey: `${version}-product` });
      const price = await api.prices.create(
        {
          product: product.id,
          unit_amount: plan.priceCents,
          currency: 'usd',
          recurring: { interval: 'year' },
          lookup_key: TRACKER_PRICE_LOOKUP_KEY,
        },
        { idempotencyKey: `${version}-price` },
      );
      return price.id;
    });
  }

  /** A Stripe subscription that charges the saved card yearly from the end of the paid first year. */
  async createRenewal(priceId: string, renewal: NewRenewal): Promise<string> {
    const created = await this.call((api) =>
      api.subscriptions.create(
        {
          customer: renewal.customerId,
          items: [{ price: priceId }],
          default_payment_method: renewal.paymentMethodId,
          trial_end: Math.floor(renewal.firstChargeAt.getTime() / 1000),
          cancel_at_period_end: !renewal.autoRenew,
          off_session: true,
          metadata: { subscription_id: renewal.subscriptionId },
        },
        { idempotencyKey: `renewal-${renewal.subscriptionId}` },
      ),
    );
    return created.id;
  }

  /** Stripe's events since a moment, oldest first (for catching up on webhooks missed while down). */
  async eventsSince(since: Date, types: string[]): Promise<Stripe.Event[]> {
    return this.call(async (api) => {
      const events: Stripe.Event[] = [];
      const created = { gte: Math.floor(since.getTime() / 1000) };
      for await (const event of api.events.list({ created, types, limit: 100 })) events.push(event);
      return events.reverse();
    });
  }

  /** A Stripe subscription renews at period end, or stops then. */
  async setRenewal(subscriptionId: string, autoRenew: boolean): Promise<void> {
    await this.call((api) => api.subscriptions.update(subscriptionId, { cancel_at_period_end: !autoRenew }));
  }

  /**
   * Moves a Stripe subscription's next charge to a later moment, charging and crediting nothing for
   * the time added: Stripe's way is a trial to that moment. Answers false, changing nothing, for one
   * that renews no more. Refuses one whose renewal is unpaid, and one Stripe has already renewed past
   * that moment (its renewal not yet recorded here): moving that one earlier would charge the year again.
   */
  async moveRenewal(subscriptionId: string, renewsAt: Date, idempotencyKey: string): Promise<boolean> {
    return this.call(async (api) => {
      const subscription = await api.subscriptions.retrieve(subscriptionId);
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return false;
      if (subscription.status !== 'trialing' && subscription.status !== 'active')
        throw new ConflictException(
          `Its Stripe renewal is ${subscription.status.replace('_', ' ')}: settle or end it before extending`,
        );
      const trialEnd = Math.floor(renewsAt.getTime() / 1000);
      const periodEnd = Math.max(...subscription.items.data.map((item) => item.current_period_end));
      // Equal is this very move made before (a retry whose answer was lost): Stripe's key answers it again.
      if (periodEnd > trialEnd)
        throw new ConflictException(
          'Stripe has renewed it meanwhile and the store has not recorded that yet: try again in a minute',
        );
      await api.subscriptions.update(
        subscriptionId,
        { trial_end: trialEnd, proration_behavior: 'none' },
        { idempotencyKey },
      );
      return true;
    });
  }

  /** Ends a Stripe subscription now; one already ended stays ended. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.call(async (api) => {
      const subscription = await api.subscriptions.retrieve(subscriptionId);
      if (subscription.status !== 'canceled') await api.subscriptions.cancel(subscriptionId);
    });
  }

  /** The event, if the payload carries Stripe's valid signature; throws otherwise. */
  verifyWebhook(payload: Buffer, signature: string): Stripe.Event {
    if (!this.webhookSecret)
      throw new ServiceUnavailableException('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    return this.api.webhooks.constructEvent(payload, signature, this.webhookSecret);
  }
}
