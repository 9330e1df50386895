import {
  clone,
  inRange,
  invalidRequest,
  Json,
  newId,
  noSuch,
  now,
  onlyModeled,
  previousAttributes,
  Route,
  SimulatorContext,
  StripeApiError,
} from './simulator-core';

const DAY = 86_400;
/** Stripe's longest trial: a trial end further ahead is refused. */
const MAX_TRIAL_DAYS = 730;
/** Stripe retries a failed renewal on its own schedule; the first retry comes days later. */
const RETRY_AFTER = 3 * DAY;

const words = (names: string) => names.split(' ');

/** The parameters each call models; Stripe's others are refused rather than ignored (see onlyModeled). */
const MODELED = {
  product: words(
    'name id active description images marketing_features metadata ' +
      'package_dimensions shippable statement_descriptor tax_code unit_label url expand',
  ),
  price: words(
    'currency product product_data unit_amount recurring lookup_key ' +
      'transfer_lookup_key nickname metadata active tax_behavior expand',
  ),
  subscription_create: words(
    'customer items default_payment_method trial_end trial_period_days trial_settings ' +
      'cancel_at_period_end metadata description off_session payment_behavior expand',
  ),
  subscription_update: words(
    'cancel_at_period_end default_payment_method metadata description cancellation_details ' +
      'off_session payment_behavior proration_behavior trial_end expand',
  ),
};

export interface Recurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
}

/** `count` intervals after `anchor` (unix seconds); month ends clamp as Stripe's do (Jan 31 → Feb 28). */
export function addIntervals(anchor: number, recurring: Recurring, count: number): number {
  const n = count * recurring.interval_count;
  if (recurring.interval === 'day') return anchor + n * DAY;
  if (recurring.interval === 'week') return anchor + n * 7 * DAY;
  const from = new Date(anchor * 1000);
  const month = from.getUTCMonth() + (recurring.interval === 'year' ? 12 * n : n);
  const lastDay = new Date(Date.UTC(from.getUTCFullYear(), month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return (
    Date.UTC(from.getUTCFullYear(), month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds()) / 1000
  );
}

/** The first billing boundary after `after`, counted from the anchor so a clamped day recovers (Feb 28 → Mar 31). */
export function periodEndAfter(anchor: number, recurring: Recurring, after: number): number {
  let count = 1;
  while (addIntervals(anchor, recurring, count) <= after) count++;
  return addIntervals(anchor, recurring, count);
}

const money = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

const per = ({ interval, interval_count }: Recurring) =>
  interval_count === 1 ? interval : `every ${interval_count} ${interval}s`;

/** Stripe's metadata update: keys merge, and a key set to '' (or the whole of it to '') is removed. */
function mergeMetadata(current: Json, update: Json | ''): Json {
  if (update === '') return {};
  const merged = { ...current, ...update };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}

/** A trial end as Stripe takes one, on a new subscription or an update: in the future, at most 730 days ahead. */
function checkTrialEnd(trialEnd: unknown, start: number): number {
  if (typeof trialEnd !== 'number' || trialEnd <= start) {
    throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', { param: 'trial_end' });
  }
  if (trialEnd > start + MAX_TRIAL_DAYS * DAY) {
    throw invalidRequest(`Invalid timestamp: can be no more than ${MAX_TRIAL_DAYS} days in the future.`, {
      param: 'trial_end',
    });
  }
  return trialEnd;
}

const unmodeled = (message: string, param: string) =>
  new StripeApiError(501, { type: 'invalid_request_error', message: `The Stripe simulator ${message}`, param });

/** A charge attempt for an invoice: the PaymentIntent when one was made, the error when it did not succeed. */
interface Payment {
  intent?: Json;
  error?: Json;
}

const NO_PAYMENT_METHOD = {
  type: 'invalid_request_error',
  code: 'resource_missing',
  message:
    'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
};

/**
 * Stripe Billing in the simulator: products, prices, subscriptions with
 * trials, their invoices, and renewal at period end (`advance`), charged
 * off-session through the simulator's test cards.
 */
export class Billing {
  constructor(private readonly sim: SimulatorContext) {}

  routes(): Route[] {
    return [...this.productRoutes(), ...this.priceRoutes(), ...this.subscriptionRoutes(), ...this.invoiceRoutes()];
  }

  /**
   * What happens at the end of a subscription's current period: it ends if set
   * to cancel then, otherwise a new period is invoiced and charged. Time stamps
   * stay the wall clock's; only the billing periods jump.
   */
  advance(id: string): Json {
    const subscription = this.sim.find('subscription', id, 'subscription');
    if (!['trialing', 'active', 'past_due'].includes(subscription.status)) {
      throw invalidRequest(`This subscription's status is ${subscription.status}; it has no period to advance.`, {
        param: 'subscription',
      });
    }
    if (subscription.cancel_at_period_end) return this.end(subscription);
    const customer = this.sim.find('customer', subscription.customer, 'customer');
    if (subscription.status === 'trialing' && !this.payer(subscription, customer)) {
      const behavior = subscription.trial_settings.end_behavior.missing_payment_method;
      if (behavior === 'cancel') return this.end(subscription);
      if (behavior === 'pause') return this.pause(subscription);
    }

    const before = clone(subscription);
    const [first] = subscription.items.data;
    const period = { start: first.current_period_start, end: first.current_period_end };
    const next = {
      start: period.end,
      end: periodEndAfter(subscription.billing_cycle_anchor, first.price.recurring, period.end),
    };
    for (const item of subscription.items.data) {
      Object.assign(item, { current_period_start: next.start, current_period_end: next.end });
    }
    const invoice = this.sim.save(this.newInvoice(subscription, customer, 'subscription_cycle', next, period));
    subscription.latest_invoice = invoice.id;
    this.open(invoice);
    const payment = invoice.amount_due > 0 ? this.charge(invoice, subscription, customer) : undefined;
    subscription.status = this.settle(invoice, payment) ? 'active' : 'past_due';
    this.sim.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
    return subscription;
  }

  /** What the page behind `hosted_invoice_url` shows the customer. */
  hostedInvoice(id: string): Json {
    const invoice = this.sim.find('invoice', id, 'invoice');
    return {
      id: invoice.id,
      object: 'invoice',
      number: invoice.number,
      status: invoice.status,
      amount_due: invoice.amount_due,
      amount_paid: invoice.amount_paid,
      amount_remaining: invoice.amount_remaining,
      currency: invoice.currency,
      customer_email: invoice.customer_email,
      lines: invoice.lines.data.map((line: Json) => ({
        description: line.description,
        amount: line.amount,
        period: line.period,
      })),
    };
  }

  // ---------------------------------------------------------------- products and prices

  private productRoutes(): Route[] {
    return [
      { method: 'POST', path: '/v1/products', handle: ({ body }) => this.createProduct(body) },
      { method: 'GET', path: '/v1/products/{id}', handle: ({ params }) => this.sim.find('product', params[0], 'id') },
      {
        method: 'GET',
        path: '/v1/products',
        handle: ({ query }) =>
          this.sim.list(
            'product',
            '/v1/products',
            (p) =>
              (query.active === undefined || p.active === query.active) &&
              (!query.ids || query.ids.includes(p.id)) &&
              inRange(p.created, query.created),
            query,
          ),
      },
    ];
  }

  private createProduct(body: Json): Json {
    onlyModeled(body, MODELED.product, 'POST /v1/products');
    if (body.id && this.sim.all('product').some((p) => p.id === body.id)) {
      throw invalidRequest('Product already exists.', { param: 'id', code: 'resource_already_exists' });
    }
    const created = now();
    const product = this.sim.save({
      id: body.id ?? newId('prod'),
      object: 'product',
      active: body.active ?? true,
      created,
      default_price: null,
      description: body.description ?? null,
      images: body.images ?? [],
      livemode: false,
      marketing_features: body.marketing_features ?? [],
      metadata: body.metadata ?? {},
      name: body.name,
      package_dimensions: body.package_dimensions ?? null,
      shippable: body.shippable ?? null,
      statement_descriptor: body.statement_descriptor ?? null,
      tax_code: body.tax_code ?? null,
      tax_details: null,
      type: 'service',
      unit_label: body.unit_label ?? null,
      updated: created,
      url: body.url ?? null,
    });
    this.sim.emit('product.created', product);
    return product;
  }

  private priceRoutes(): Route[] {
    return [
      { method: 'POST', path: '/v1/prices', handle: ({ body }) => this.createPrice(body) },
      { method: 'GET', path: '/v1/prices/{price}', handle: ({ params }) => this.sim.find('price', params[0], 'price') },
      {
        method: 'GET',
        path: '/v1/prices',
        handle: ({ query }) =>
          this.sim.list(
            'price',
            '/v1/prices',
            (p) =>
              (query.active === undefined || p.active === query.active) &&
              (!query.lookup_keys || query.lookup_keys.includes(p.lookup_key)) &&
              (!query.product || p.product === query.product) &&
              (!query.currency || p.currency === query.currency.toLowerCase()) &&
              (!query.type || p.type === query.type) &&
              (!query.recurring?.interval || p.recurring?.interval === query.recurring.interval) &&
              inRange(p.created, query.created),
            query,
          ),
      },
    ];
  }

  private createPrice(body: Json): Json {
    onlyModeled(body, MODELED.price, 'POST /v1/prices');
    if (body.recurring) onlyModeled(body.recurring, ['interval', 'interval_count'], 'recurring prices');
    if (body.product && body.product_data) {
      throw invalidRequest('You may only specify one of these parameters: product, product_data.', {
        code: 'parameters_exclusive',
      });
    }
    if (!body.product && !body.product_data) {
      throw invalidRequest('Missing required param: product.', { param: 'product', code: 'parameter_missing' });
    }
    if (body.unit_amount === undefined) {
      throw invalidRequest('Missing required param: unit_amount.', { param: 'unit_amount', code: 'parameter_missing' });
    }
    // Stripe keeps a lookup key unique over every price, archived ones included.
    const holder = body.lookup_key ? this.sim.all('price').find((p) => p.lookup_key === body.lookup_key) : undefined;
    if (holder && !body.transfer_lookup_key) {
      throw invalidRequest(`A price (\`${holder.id}\`) already uses that lookup key.`, { param: 'lookup_key' });
    }
    const product = body.product
      ? this.sim.find('product', body.product, 'product')
      : this.createProduct(body.product_data);
    const price = this.sim.save({
      id: newId('price'),
      object: 'price',
      active: body.active ?? true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: String(body.currency).toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: body.lookup_key ?? null,
      metadata: body.metadata ?? {},
      nickname: body.nickname ?? null,
      product: product.id,
      recurring: body.recurring
        ? {
            interval: body.recurring.interval,
            interval_count: body.recurring.interval_count ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: body.tax_behavior ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: body.recurring ? 'recurring' : 'one_time',
      unit_amount: body.unit_amount,
      unit_amount_decimal: String(body.unit_amount),
    });
    if (holder) {
      holder.lookup_key = null;
      this.sim.emit('price.updated', holder, { lookup_key: price.lookup_key });
    }
    this.sim.emit('price.created', price);
    return price;
  }

  // ---------------------------------------------------------------- subscriptions

  private subscriptionRoutes(): Route[] {
    const path = '/v1/subscriptions/{subscription_exposed_id}';
    return [
      { method: 'POST', path: '/v1/subscriptions', handle: ({ body }) => this.createSubscription(body) },
      { method: 'GET', path, handle: ({ params }) => this.sim.find('subscription', params[0], 'id') },
      { method: 'POST', path, handle: ({ params, body }) => this.updateSubscription(params[0], body) },
      { method: 'DELETE', path, handle: ({ params, body }) => this.cancelSubscription(params[0], body) },
      {
        method: 'GET',
        path: '/v1/subscriptions',
        handle: ({ query }) =>
          this.sim.list(
            'subscription',
            '/v1/subscriptions',
            (s) =>
              (!query.customer || s.customer === query.customer) &&
              this.hasStatus(s, query.status) &&
              (!query.price || s.items.data.some((item: Json) => item.price.id === query.price)) &&
              inRange(s.created, query.created) &&
              inRange(s.items.data[0].current_period_start, query.current_period_start) &&
              inRange(s.items.data[0].current_period_end, query.current_period_end),
            query,
          ),
      },
    ];
  }

  /** Stripe lists subscriptions that have not been canceled unless asked for a status, `ended` or `all`. */
  private hasStatus(subscription: Json, status: string | undefined): boolean {
    if (status === 'all') return true;
    if (status === 'ended') return ['canceled', 'incomplete_expired'].includes(subscription.status);
    return status ? subscription.status === status : subscription.status !== 'canceled';
  }

  private createSubscription(body: Json): Json {
    onlyModeled(body, MODELED.subscription_create, 'POST /v1/subscriptions');
    if (body.payment_behavior && !['allow_incomplete', 'error_if_incomplete'].includes(body.payment_behavior)) {
      throw unmodeled(`does not implement payment_behavior=${body.payment_behavior}`, 'payment_behavior');
    }
    const customer = this.sim.find('customer', body.customer, 'customer');
    const items: Json[] = body.items ?? [];
    if (items.length === 0) {
      throw invalidRequest('Missing required param: items.', { param: 'items', code: 'parameter_missing' });
    }
    const prices = items.map((item, i) => this.subscribablePrice(item, i));
    if (new Set(prices.map((p) => p.currency)).size > 1) {
      throw invalidRequest('Currency and interval fields must match across all plans on this subscription.', {
        param: 'items',
      });
    }
    if (new Set(prices.map((p) => per(p.recurring))).size > 1) {
      throw unmodeled('bills only subscriptions whose prices share one interval', 'items');
    }
    const start = now();
    const trialEnd = this.trialEnd(body, start);
    const defaultPaymentMethod = body.default_payment_method
      ? this.attachedPaymentMethod(body.default_payment_method, customer.id).id
      : null;

    const id = newId('sub');
    const periodEnd = trialEnd ?? addIntervals(start, prices[0].recurring, 1);
    const subscription: Json = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: trialEnd ?? start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible' },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: prices[0].currency,
      customer: customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: defaultPaymentMethod,
      default_source: null,
      default_tax_rates: [],
      description: body.description ?? null,
      discounts: [],
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: {
        object: 'list',
        data: items.map((item, i) => this.subscriptionItem(id, item, prices[i], start, periodEnd)),
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: body.metadata || {},
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: {
        end_behavior: {
          missing_payment_method: body.trial_settings?.end_behavior.missing_payment_method ?? 'create_invoice',
        },
      },
      trial_start: trialEnd ? start : null,
    };
    if (body.cancel_at_period_end) this.setCancelAtPeriodEnd(subscription, true);

    const invoice = this.newInvoice(
      subscription,
      customer,
      'subscription_create',
      { start, end: periodEnd },
      { start, end: start },
    );
    subscription.latest_invoice = invoice.id;
    // Charged before anything is kept: with error_if_incomplete, a refused card leaves no subscription behind.
    const payment = invoice.amount_due > 0 ? this.charge(invoice, subscription, customer) : undefined;
    if (payment?.error && body.payment_behavior === 'error_if_incomplete') {
      throw new StripeApiError(payment.error.type === 'card_error' ? 402 : 400, payment.error);
    }
    this.sim.save(subscription);
    this.sim.save(invoice);
    this.sim.emit('customer.subscription.created', subscription);
    this.open(invoice);
    const paid = this.settle(invoice, payment);
    if (!trialEnd && paid) {
      const before = clone(subscription);
      subscription.status = 'active';
      this.sim.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
    }
    return subscription;
  }

  private subscribablePrice(item: Json, i: number): Json {
    onlyModeled(item, ['price', 'quantity', 'metadata'], 'subscription items');
    const param = `items[${i}][price]`;
    if (!item.price) throw invalidRequest(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
    const price = this.sim.find('price', item.price, param);
    if (!price.active) {
      throw invalidRequest('The price specified is inactive. This field only accepts active prices.', { param });
    }
    if (price.type !== 'recurring') {
      throw invalidRequest(
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        { param },
      );
    }
    return price;
  }

  private trialEnd(body: Json, start: number): number | null {
    if (body.trial_end !== undefined && body.trial_period_days !== undefined) {
      throw invalidRequest('You may only specify one of these parameters: trial_end, trial_period_days.', {
        code: 'parameters_exclusive',
      });
    }
    if (typeof body.trial_end === 'number') return checkTrialEnd(body.trial_end, start);
    return body.trial_period_days ? start + body.trial_period_days * DAY : null;
  }

  private attachedPaymentMethod(id: string, customerId: string): Json {
    const paymentMethod = this.sim.paymentMethod(id, 'default_payment_method');
    if (paymentMethod.customer !== customerId) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        { param: 'default_payment_method', code: 'resource_missing' },
      );
    }
    return paymentMethod;
  }

  private subscriptionItem(subscriptionId: string, item: Json, price: Json, start: number, end: number): Json {
    return {
      id: newId('si'),
      object: 'subscription_item',
      billing_thresholds: null,
      created: start,
      current_period_end: end,
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: item.metadata ?? {},
      plan: {
        id: price.id,
        object: 'plan',
        active: price.active,
        amount: price.unit_amount,
        amount_decimal: price.unit_amount_decimal,
        billing_scheme: price.billing_scheme,
        created: price.created,
        currency: price.currency,
        interval: price.recurring.interval,
        interval_count: price.recurring.interval_count,
        livemode: false,
        metadata: price.metadata,
        meter: null,
        nickname: price.nickname,
        product: price.product,
        tiers_mode: null,
        transform_usage: null,
        trial_period_days: null,
        usage_type: 'licensed',
      },
      price: clone(price),
      quantity: item.quantity ?? 1,
      subscription: subscriptionId,
      tax_rates: [],
    };
  }

  private updateSubscription(id: string, body: Json): Json {
    onlyModeled(body, MODELED.subscription_update, 'POST /v1/subscriptions/{subscription_exposed_id}');
    const subscription = this.sim.find('subscription', id, 'id');
    if (
      subscription.status === 'canceled' &&
      Object.keys(body).some((key) => !['metadata', 'cancellation_details', 'expand'].includes(key))
    ) {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', {
        code: 'invalid_canceled_subscription_fields',
      });
    }
    const before = clone(subscription);
    if (body.default_payment_method !== undefined) {
      subscription.default_payment_method = this.attachedPaymentMethod(
        body.default_payment_method,
        subscription.customer,
      ).id;
    }
    if (body.cancel_at_period_end !== undefined && body.cancel_at_period_end !== subscription.cancel_at_period_end) {
      this.setCancelAtPeriodEnd(subscription, body.cancel_at_period_end);
    }
    if (body.trial_end !== undefined) this.moveTrialEnd(subscription, body.trial_end, body.proration_behavior);
    if (body.metadata !== undefined) subscription.metadata = mergeMetadata(subscription.metadata, body.metadata);
    if (body.description !== undefined) subscription.description = body.description || null;
    if (body.cancellation_details) this.noteCancellation(subscription, body.cancellation_details);
    const previous = previousAttributes(before, subscription);
    if (previous) this.sim.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  /**
   * A new trial end on a live subscription: as at Stripe, it is trialing from now to that moment, which
   * becomes its period end and billing anchor (a cancellation at period end follows it). Crediting the
   * unused part of a paid period (Stripe's prorations) is not modeled, so only proration_behavior=none
   * may move the trial of a subscription that is not trialing; ending a trial now is not modeled.
   */
  private moveTrialEnd(subscription: Json, trialEnd: number | string, proration: string | undefined): void {
    if (trialEnd === 'now') throw unmodeled('does not implement trial_end=now on a subscription update', 'trial_end');
    const start = now();
    checkTrialEnd(trialEnd, start);
    if (!['trialing', 'active'].includes(subscription.status)) {
      throw unmodeled(`does not implement trial_end on a ${subscription.status} subscription`, 'trial_end');
    }
    if (subscription.status !== 'trialing' && proration !== 'none') {
      throw unmodeled('moves the trial of a paid period only with proration_behavior=none', 'proration_behavior');
    }
    const trialing = subscription.status === 'trialing';
    for (const item of subscription.items.data) {
      Object.assign(item, {
        current_period_start: trialing ? item.current_period_start : start,
        current_period_end: trialEnd,
      });
    }
    Object.assign(subscription, {
      status: 'trialing',
      trial_start: trialing ? subscription.trial_start : start,
      trial_end: trialEnd,
      billing_cycle_anchor: trialEnd,
      cancel_at: subscription.cancel_at_period_end ? trialEnd : subscription.cancel_at,
    });
  }

  /** As at Stripe, asking to end at period end already counts as the cancellation request. */
  private setCancelAtPeriodEnd(subscription: Json, cancel: boolean): void {
    Object.assign(subscription, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? subscription.items.data[0].current_period_end : null,
      canceled_at: cancel ? now() : null,
    });
    subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
  }

  private noteCancellation(subscription: Json, details: Json): void {
    const { comment, feedback } = details;
    subscription.cancellation_details = {
      ...subscription.cancellation_details,
      ...(comment !== undefined && { comment: comment || null }),
      ...(feedback !== undefined && { feedback: feedback || null }),
    };
  }

  private cancelSubscription(id: string, body: Json): Json {
    onlyModeled(body, ['cancellation_details', 'expand'], 'DELETE /v1/subscriptions/{subscription_exposed_id}');
    const subscription = this.sim.find('subscription', id, 'id');
    // Stripe treats a canceled subscription as gone for a second cancel.
    if (subscription.status === 'canceled') throw noSuch('subscription', id, 'id');
    subscription.canceled_at = now();
    if (body.cancellation_details) this.noteCancellation(subscription, body.cancellation_details);
    return this.end(subscription);
  }

  private end(subscription: Json): Json {
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: now(),
      canceled_at: subscription.canceled_at ?? now(),
    });
    subscription.cancellation_details.reason ??= 'cancellation_requested';
    this.sim.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  private pause(subscription: Json): Json {
    const before = clone(subscription);
    subscription.status = 'paused';
    this.sim.emit('customer.subscription.paused', subscription);
    this.sim.emit('customer.subscription.updated', subscription, previousAttributes(before, subscription));
    return subscription;
  }

  // ---------------------------------------------------------------- invoices

  private invoiceRoutes(): Route[] {
    return [
      {
        method: 'GET',
        path: '/v1/invoices/{invoice}',
        handle: ({ params, query }) => {
          const invoice = this.sim.find('invoice', params[0], 'invoice');
          // `payments` is includable: Stripe returns it only when expanded.
          if (!(query.expand ?? []).includes('payments')) return invoice;
          return this.withPayments(invoice);
        },
      },
      {
        method: 'GET',
        path: '/v1/invoices',
        handle: ({ query }) => {
          const list = this.sim.list(
            'invoice',
            '/v1/invoices',
            (i) =>
              (!query.customer || i.customer === query.customer) &&
              (!query.subscription || i.parent?.subscription_details?.subscription === query.subscription) &&
              (!query.status || i.status === query.status) &&
              (!query.collection_method || i.collection_method === query.collection_method) &&
              inRange(i.created, query.created),
            query,
          );
          if (!(query.expand ?? []).includes('data.payments')) return list;
          return { ...list, data: list.data.map((invoice: Json) => this.withPayments(invoice)) };
        },
      },
    ];
  }

  private withPayments(invoice: Json): Json {
    const payments = this.sim.list('invoice_payment', '/v1/invoice_payments', (p) => p.invoice === invoice.id, {
      limit: 100,
    });
    return { ...invoice, payments };
  }

  /**
   * A draft invoice for a subscription. `lines` cover the period billed; the
   * invoice's own `period_start`/`period_end` are, as at Stripe, the period
   * that just ended (for a first invoice, its creation).
   */
  private newInvoice(
    subscription: Json,
    customer: Json,
    reason: 'subscription_create' | 'subscription_cycle',
    billed: { start: number; end: number },
    ended: { start: number; end: number },
  ): Json {
    const id = newId('in');
    const trial = reason === 'subscription_create' && subscription.trial_end !== null;
    const lines = subscription.items.data.map((item: Json) => this.invoiceLine(id, subscription, item, billed, trial));
    const total = lines.reduce((sum: number, line: Json) => sum + line.amount, 0);
    return {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: null,
      account_tax_ids: null,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      currency: subscription.currency,
      custom_fields: null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `${this.sim.url()}/_simulator/invoices/${id}`,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: {
        object: 'list',
        data: lines,
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: ended.end,
      period_start: ended.start,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: null,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
  }

  private invoiceLine(
    invoiceId: string,
    subscription: Json,
    item: Json,
    period: { start: number; end: number },
    trial: boolean,
  ): Json {
    const { price, quantity } = item;
    const product = this.sim.find('product', price.product, 'product');
    const unitAmount = trial ? 0 : price.unit_amount;
    return {
      id: newId('il'),
      object: 'line_item',
      amount: unitAmount * quantity,
      currency: price.currency,
      description: trial
        ? `Trial period for ${product.name}`
        : `${quantity} × ${product.name} (at ${money(price.unit_amount, price.currency)} / ${per(price.recurring)})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: clone(subscription.metadata),
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { ...period },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: price.id, product: price.product },
        type: 'price_details',
        unit_amount_decimal: String(unitAmount),
      },
      quantity,
      quantity_decimal: String(quantity),
      subscription: subscription.id,
      subtotal: unitAmount * quantity,
      taxes: [],
    };
  }

  /** Announces a draft invoice and finalizes it, numbered per customer as Stripe numbers them. */
  private open(invoice: Json): void {
    this.sim.emit('invoice.created', invoice);
    const numbered = this.sim.all('invoice').filter((i) => i.customer === invoice.customer && i.number).length;
    const prefix = invoice.customer.slice(-8).toUpperCase();
    const at = now();
    Object.assign(invoice, {
      status: 'open',
      number: `${prefix}-${String(numbered + 1).padStart(4, '0')}`,
      effective_at: at,
      ending_balance: 0,
    });
    invoice.status_transitions.finalized_at = at;
    this.sim.emit('invoice.finalized', invoice);
  }

  /** The subscription's card, else the customer's default for invoices. */
  private payer(subscription: Json, customer: Json): string | null {
    return subscription.default_payment_method ?? customer.invoice_settings?.default_payment_method ?? null;
  }

  private charge(invoice: Json, subscription: Json, customer: Json): Payment {
    const payer = this.payer(subscription, customer);
    if (!payer) return { error: NO_PAYMENT_METHOD };
    return this.sim.chargeOffSession({
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: customer.id,
      payment_method: this.sim.paymentMethod(payer).id,
      description: invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    });
  }

  /** Records the outcome of collecting an invoice (none needed when nothing is due); true when paid. */
  private settle(invoice: Json, payment: Payment | undefined): boolean {
    if (payment) invoice.attempt_count += 1;
    invoice.attempted = true;
    if (payment?.intent) this.recordPayment(invoice, payment.intent);
    if (payment?.error) {
      invoice.next_payment_attempt = now() + RETRY_AFTER;
      if (payment.error.code === 'authentication_required') this.sim.emit('invoice.payment_action_required', invoice);
      this.sim.emit('invoice.payment_failed', invoice);
      return false;
    }
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      next_payment_attempt: null,
    });
    invoice.status_transitions.paid_at = now();
    this.sim.emit('invoice.paid', invoice);
    this.sim.emit('invoice.payment_succeeded', invoice);
    return true;
  }

  private recordPayment(invoice: Json, intent: Json): void {
    const paid = intent.status === 'succeeded';
    this.sim.save({
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: paid ? intent.amount : null,
      amount_requested: invoice.amount_due,
      created: now(),
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { payment_intent: intent.id, type: 'payment_intent' },
      status: paid ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: paid ? now() : null },
    });
  }
}
