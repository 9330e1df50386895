import type { Server } from 'node:http';
import Stripe from 'stripe';
import { StripeSimulator } from '../../../src/dev/stripe-simulator/stripe-simulator';
import { advanceSubscription, startWebhookReceiver, stripeClient } from '../../support/stripe';

const DAY = 86_400;
const LOOKUP_KEY = 'county-tracker-annual';

/** One year after a moment, in unix seconds, as Stripe bills a yearly price. */
const yearAfter = (seconds: number) => {
  const date = new Date(seconds * 1000);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.getTime() / 1000;
};

describe('Stripe Billing in the simulator, driven by the real stripe SDK', () => {
  let simulator: StripeSimulator;
  let stripe: Stripe;
  let receiver: Server;
  let price: Stripe.Price;
  let received: Stripe.Event[];
  const startedAt = Math.floor(Date.now() / 1000);

  const eventsFor = async (type: string, id: string) => {
    await simulator.flushWebhooks();
    return received.filter((e) => e.type === type && (e.data.object as { id: string }).id === id);
  };

  async function customerWithCard(card = 'pm_card_visa') {
    const customer = await stripe.customers.create({ email: 'tracker@example.com' });
    const paymentMethod = await stripe.paymentMethods.attach(card, { customer: customer.id });
    return { customer: customer.id, card: paymentMethod.id };
  }

  /** A County Tracker as the store enrolls it: its first year paid, renewals from the trial's end. */
  async function trackerSubscription(params: Partial<Stripe.SubscriptionCreateParams> = {}) {
    const { customer, card } = await customerWithCard();
    return stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      trial_end: startedAt + 30 * DAY,
      default_payment_method: card,
      cancel_at_period_end: false,
      metadata: { subscription_id: 'our-subscription-uuid' },
      off_session: true,
      ...params,
    });
  }

  beforeAll(async () => {
    simulator = await StripeSimulator.start({ retryDelaysMs: [10] });
    stripe = stripeClient(simulator);
    ({ server: receiver, received } = await startWebhookReceiver(simulator, stripe));

    const product = await stripe.products.create(
      { name: 'County Tracker', metadata: { plan: 'tracker' } },
      { idempotencyKey: 'tracker-product' },
    );
    price = await stripe.prices.create(
      {
        product: product.id,
        unit_amount: 120000,
        currency: 'usd',
        recurring: { interval: 'year' },
        lookup_key: LOOKUP_KEY,
        nickname: 'County Tracker, yearly',
      },
      { idempotencyKey: 'tracker-price' },
    );
  });

  afterAll(async () => {
    await simulator.stop();
    receiver.close();
  });

  it('finds the yearly price by its lookup key', async () => {
    const found = await stripe.prices.list({ lookup_keys: [LOOKUP_KEY], active: true, limit: 1 });
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    expect(found.data[0]).toMatchObject({ unit_amount: 120000, currency: 'usd', type: 'recurring' });
    expect(found.data[0].recurring).toMatchObject({ interval: 'year', interval_count: 1 });
    expect((await stripe.prices.list({ lookup_keys: ['no-such-key'] })).data).toEqual([]);
  });

  it('refuses a second price with a lookup key in use, unless the key is transferred', async () => {
    const params = { product: price.product as string, unit_amount: 500, currency: 'usd', lookup_key: 'transfer-me' };
    const first = await stripe.prices.create(params);
    await expect(stripe.prices.create(params)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: `A price (\`${first.id}\`) already uses that lookup key.`,
      param: 'lookup_key',
    });
    const second = await stripe.prices.create({ ...params, transfer_lookup_key: true });
    expect(second.lookup_key).toBe('transfer-me');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
  });

  it('starts a trial subscription that charges nothing and whose first invoice is a paid $0 one', async () => {
    const { customer, card } = await customerWithCard();
    const params: Stripe.SubscriptionCreateParams = {
      customer,
      items: [{ price: price.id }],
      trial_end: startedAt + 30 * DAY,
      default_payment_method: card,
      cancel_at_period_end: false,
      metadata: { subscription_id: 'trial-uuid' },
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      off_session: true,
      payment_behavior: 'allow_incomplete',
    };
    const subscription = await stripe.subscriptions.create(params, { idempotencyKey: 'renewal-trial-uuid' });
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_end: startedAt + 30 * DAY,
      default_payment_method: card,
      metadata: { subscription_id: 'trial-uuid' },
    });
    const [item] = subscription.items.data;
    expect(item.current_period_end).toBe(startedAt + 30 * DAY);
    expect(item.current_period_start).toBeGreaterThanOrEqual(startedAt);
    expect(item.price.id).toBe(price.id);

    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice).toMatchObject({
      amount_due: 0,
      status: 'paid',
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });
    expect((await stripe.paymentIntents.list({ customer })).data).toEqual([]);
    expect(await eventsFor('customer.subscription.created', subscription.id)).toHaveLength(1);
    expect(await eventsFor('invoice.paid', invoice.id)).toHaveLength(1);

    const again = await stripe.subscriptions.create(params, { idempotencyKey: 'renewal-trial-uuid' });
    expect(again.id).toBe(subscription.id);
  });

  it('subscribes with the card a checkout saved for off-session use', async () => {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const intent = await stripe.paymentIntents.create({
      amount: 170000,
      currency: 'usd',
      customer: customer.id,
      setup_future_usage: 'off_session',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      trial_end: startedAt + 365 * DAY,
      default_payment_method: intent.payment_method as string,
      off_session: true,
    });
    expect(subscription.default_payment_method).toBe(intent.payment_method);
    expect(simulator.advanceSubscription(subscription.id).status).toBe('active');
  });

  it('renews at period end by charging the saved card, extending the period a year and sending invoice.paid', async () => {
    const subscription = await trackerSubscription();
    const trialEnd = subscription.trial_end as number;
    simulator.advanceSubscription(subscription.id);

    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({
      current_period_start: trialEnd,
      current_period_end: yearAfter(trialEnd),
    });
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string, { expand: ['payments'] });
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_due: 120000,
      amount_paid: 120000,
      currency: 'usd',
      customer: subscription.customer,
    });
    expect(invoice.lines.data[0]).toMatchObject({
      amount: 120000,
      period: { start: trialEnd, end: yearAfter(trialEnd) },
      pricing: { price_details: { price: price.id, product: price.product } },
    });
    const hosted = await fetch(invoice.hosted_invoice_url!);
    expect(await hosted.json()).toMatchObject({ id: invoice.id, status: 'paid', amount_paid: 120000 });
    const intentId = invoice.payments!.data[0].payment.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'succeeded',
      amount: 120000,
      payment_method: subscription.default_payment_method,
    });

    const [paid] = await eventsFor('invoice.paid', invoice.id);
    const paidInvoice = paid.data.object as Stripe.Invoice;
    expect(paidInvoice.parent?.subscription_details).toMatchObject({
      subscription: subscription.id,
      metadata: { subscription_id: 'our-subscription-uuid' },
    });
    expect(Math.max(...paidInvoice.lines.data.map((line) => line.period.end))).toBe(yearAfter(trialEnd));
    const [updated] = await eventsFor('customer.subscription.updated', subscription.id);
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
  });

  it('moves a renewal later with a new trial end, charging nothing, as Stripe does; refuses what Stripe refuses', async () => {
    const subscription = await trackerSubscription();
    const later = (subscription.trial_end as number) + 60 * DAY;
    const moved = await stripe.subscriptions.update(subscription.id, { trial_end: later, proration_behavior: 'none' });
    expect(moved).toMatchObject({ status: 'trialing', trial_end: later, billing_cycle_anchor: later });
    expect(moved.items.data[0].current_period_end).toBe(later);
    const [updated] = await eventsFor('customer.subscription.updated', subscription.id);
    expect(updated.data.previous_attributes).toMatchObject({ trial_end: subscription.trial_end });

    const renewed = simulator.advanceSubscription(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: later, current_period_end: yearAfter(later) });
    const paidOnce = await stripe.subscriptions.update(subscription.id, {
      trial_end: yearAfter(later) + 10 * DAY,
      proration_behavior: 'none',
    });
    expect(paidOnce).toMatchObject({ status: 'trialing', trial_end: yearAfter(later) + 10 * DAY });

    const refusal = (params: Stripe.SubscriptionUpdateParams) =>
      stripe.subscriptions.update(subscription.id, params).then(
        () => null,
        (error: Stripe.errors.StripeError) => ({
          status: error.statusCode,
          param: error.param,
          message: error.message,
        }),
      );
    expect(await refusal({ trial_end: startedAt - DAY })).toMatchObject({ status: 400, param: 'trial_end' });
    expect(await refusal({ trial_end: startedAt + 800 * DAY })).toMatchObject({ status: 400, param: 'trial_end' });
    expect(await refusal({ trial_end: 'soon' as unknown as number })).toMatchObject({
      status: 400,
      param: 'trial_end',
    });
  });

  it('leaves a renewal the card declines open and the subscription past_due, reporting invoice.payment_failed', async () => {
    const subscription = await trackerSubscription();
    const declining = await stripe.paymentMethods.attach('pm_card_chargeDeclined', {
      customer: subscription.customer as string,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: declining.id });

    const advanced = await advanceSubscription(simulator, subscription.id);
    expect(advanced.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(advanced.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, amount_remaining: 120000 });
    expect(invoice.next_payment_attempt).toBeGreaterThan(startedAt);
    const [failed] = await eventsFor('invoice.payment_failed', invoice.id);
    expect((failed.data.object as Stripe.Invoice).parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('cannot renew off-session with a card that needs authentication', async () => {
    const subscription = await trackerSubscription();
    const card = await stripe.paymentMethods.attach('pm_card_authenticationRequired', {
      customer: subscription.customer as string,
    });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: card.id });
    expect(simulator.advanceSubscription(subscription.id).status).toBe('past_due');
    const [intent] = (await stripe.paymentIntents.list({ customer: subscription.customer as string })).data;
    expect(intent.last_payment_error?.code).toBe('authentication_required');
  });

  it('ends a subscription set to cancel at period end when the period ends, without an invoice', async () => {
    const subscription = await trackerSubscription();
    const updated = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(updated).toMatchObject({ cancel_at_period_end: true, cancel_at: subscription.trial_end });
    const [update] = await eventsFor('customer.subscription.updated', subscription.id);
    expect(update.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });

    expect(simulator.advanceSubscription(subscription.id).status).toBe('canceled');
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((i) => i.billing_reason)).toEqual(['subscription_create']);
    expect(await eventsFor('customer.subscription.deleted', subscription.id)).toHaveLength(1);
  });

  it('cancels a subscription now, then refuses to change or cancel it again as Stripe does', async () => {
    const subscription = await trackerSubscription();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBeGreaterThanOrEqual(startedAt);
    expect(canceled.ended_at).toBeGreaterThanOrEqual(startedAt);
    expect(await eventsFor('customer.subscription.deleted', subscription.id)).toHaveLength(1);

    await expect(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const customer = subscription.customer as string;
    expect((await stripe.subscriptions.list({ customer })).data).toEqual([]);
    const ended = await stripe.subscriptions.list({ customer, status: 'canceled' });
    expect(ended.data.map((s) => s.id)).toEqual([subscription.id]);
  });

  it('refuses subscriptions Stripe would refuse', async () => {
    const { customer, card } = await customerWithCard();
    const params = { customer, items: [{ price: price.id }], trial_end: startedAt + DAY, default_payment_method: card };
    await expect(stripe.subscriptions.create({ ...params, customer: 'cus_missing' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
    await expect(stripe.subscriptions.create({ ...params, items: [{ price: 'price_missing' }] })).rejects.toMatchObject(
      { code: 'resource_missing', param: 'items[0][price]' },
    );
    await expect(stripe.subscriptions.create({ ...params, trial_end: startedAt - DAY })).rejects.toMatchObject({
      message: 'Invalid timestamp: must be an integer Unix timestamp in the future.',
      param: 'trial_end',
    });
    // Stripe's longest trial is 730 days, on a new subscription as on an update.
    await expect(stripe.subscriptions.create({ ...params, trial_end: startedAt + 800 * DAY })).rejects.toMatchObject({
      message: 'Invalid timestamp: can be no more than 730 days in the future.',
      param: 'trial_end',
    });
    const other = await customerWithCard();
    await expect(stripe.subscriptions.create({ ...params, default_payment_method: other.card })).rejects.toMatchObject({
      param: 'default_payment_method',
    });
  });

  it('refuses parameters Stripe does not accept on Billing calls', async () => {
    const { customer } = await customerWithCard();
    await expect(
      stripe.subscriptions.create({
        customer,
        items: [{ price: price.id }],
        trial_days: 30,
      } as Stripe.SubscriptionCreateParams),
    ).rejects.toMatchObject({ message: 'Received unknown parameter: trial_days', param: 'trial_days' });
    await expect(
      stripe.prices.create({
        product: price.product as string,
        currency: 'usd',
        unit_amount: 100,
        recurring: { interval: 'fortnight' },
      }),
    ).rejects.toMatchObject({ code: 'parameter_invalid_enum', param: 'recurring[interval]' });
    await expect(stripe.products.create({} as Stripe.ProductCreateParams)).rejects.toMatchObject({
      message: 'Missing required param: name.',
    });
  });

  it('lists events since a moment by their types', async () => {
    const subscription = await trackerSubscription();
    await stripe.subscriptions.cancel(subscription.id);
    const types = ['invoice.paid', 'customer.subscription.deleted'];
    const events: Stripe.Event[] = [];
    for await (const event of stripe.events.list({ created: { gte: startedAt }, types, limit: 2 })) events.push(event);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(types));
    expect(events.some((e) => e.type === 'customer.subscription.deleted' && e.data.object.id === subscription.id)).toBe(
      true,
    );
    expect((await stripe.events.list({ created: { gt: Math.floor(Date.now() / 1000) + 60 }, types })).data).toEqual([]);
  });
});
