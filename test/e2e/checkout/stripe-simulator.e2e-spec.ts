import type { Server } from 'node:http';
import Stripe from 'stripe';
import { StripeSimulator } from '../../../src/dev/stripe-simulator/stripe-simulator';
import { startWebhookReceiver, stripeClient } from '../../support/stripe';

describe('The Stripe simulator, driven by the real stripe SDK', () => {
  let simulator: StripeSimulator;
  let stripe: Stripe;
  let receiver: Server;
  let received: Stripe.Event[];

  beforeAll(async () => {
    simulator = await StripeSimulator.start({ retryDelaysMs: [10] });
    stripe = stripeClient(simulator);
    ({ server: receiver, received } = await startWebhookReceiver(simulator, stripe));
  });

  afterAll(async () => {
    await simulator.stop();
    receiver.close();
  });

  it('creates customers and finds them by email', async () => {
    const created = await stripe.customers.create({ email: 'buyer@example.com', metadata: { source: 'test' } });
    const found = await stripe.customers.list({ email: 'buyer@example.com', limit: 1 });
    expect(found.data.map((c) => c.id)).toEqual([created.id]);
  });

  it('charges 4242 4242 4242 4242 and delivers signed events for it', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 50000,
      currency: 'usd',
      metadata: { order_id: 'order-1' },
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));

    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(confirmed).toMatchObject({ status: 'succeeded', amount_received: 50000 });
    const charged = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect((charged.latest_charge as Stripe.Charge).amount).toBe(50000);

    await simulator.flushWebhooks();
    const succeeded = received.find((e) => e.type === 'payment_intent.succeeded' && e.data.object.id === intent.id);
    expect((succeeded?.data.object as Stripe.PaymentIntent).metadata).toEqual({ order_id: 'order-1' });
  });

  it('declines 4000 0000 0000 0002 with card_declined and leaves the payment retryable', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 50000, currency: 'usd' });
    await expect(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    expect((await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).status).toBe(
      'succeeded',
    );
  });

  it('asks for authentication on 4000 0027 6000 3184 and succeeds once it is given', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 120000,
      currency: 'usd',
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
    const res = await fetch(`${simulator.url}/_simulator/authenticate/${intent.id}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${simulator.keys.publishableKey}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ client_secret: intent.client_secret!, outcome: 'succeed' }),
    });
    expect(res.status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('refuses parameters Stripe does not accept, as Stripe words it', async () => {
    await expect(
      stripe.paymentIntents.create({ amount: 500, currency: 'usd', price: 5 } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'Received unknown parameter: price',
      param: 'price',
    });
    await expect(
      stripe.paymentIntents.create({ currency: 'usd' } as Stripe.PaymentIntentCreateParams),
    ).rejects.toMatchObject({
      message: 'Missing required param: amount.',
    });
  });

  it('lets the publishable key confirm only with the client secret, and list nothing', async () => {
    const browser = stripeClient(simulator, simulator.keys.publishableKey);
    await expect(browser.customers.list()).rejects.toMatchObject({ statusCode: 401 });
    const intent = await stripe.paymentIntents.create({ amount: 50000, currency: 'usd' });
    await expect(browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('answers a repeated idempotency key with the first result', async () => {
    const params = { amount: 50000, currency: 'usd' };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-42' });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.paymentIntents.create({ ...params, amount: 60000 }, { idempotencyKey: 'order-42' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('refunds a charge in full and reports charge.refunded', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 50000,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: true,
    });
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ amount: 50000, status: 'succeeded', payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    await simulator.flushWebhooks();
    const refunded = received.find((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intent.id);
    expect((refunded?.data.object as Stripe.Charge).refunded).toBe(true);
  });
});
