import { simpleParser } from 'mailparser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type Stripe from 'stripe';
import { PLANS } from '../../../src/contracts/plans';
import { testStripe, sendWebhook } from '../../support/stripe';
import { eventually } from '../../support/eventually';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { MAIL_QUEUE } from '../../../src/modules/mail/mail.constants';
import { ReceiptSweep } from '../../../src/modules/notifications/receipt-sweep';
import { StripeGateway } from '../../../src/integrations/stripe/stripe.gateway';
import { useTestApp } from '../../support/test-app';

type Stripes = Awaited<ReturnType<typeof testStripe>>;

describe('Checkout and card payments', () => {
  const context = useTestApp({ listen: true, worker: true });
  let stripe: Stripes;
  let counties: { id: string; name: string; state: string }[];
  let emailCounter = 0;

  const newEmail = () => `buyer${++emailCounter}.${Date.now()}@example.com`;
  const api = () => request(context.store.server);
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await context.store.db.query(sql, params))[0].count);

  async function checkout(items: { countyId: string; purchaseType: string }[], email = newEmail()) {
    const res = await api()
      .post('/api/create-payment-intent')
      .send({ items, email, acceptedLicense: true })
      .expect(200);
    return { ...(res.body as { clientSecret: string; orderId: string; amount: number }), email };
  }

  const sendEvent = (event: object) => sendWebhook(context.store.server, stripe.simulator, event);

  function intentId(clientSecret: string): string {
    return clientSecret.split('_secret_')[0];
  }

  async function outboxFor(orderId: string): Promise<string[]> {
    const dir = context.environment.env.MAIL_OUTBOX_DIR;
    return readdirSync(dir)
      .filter((file) => file.includes(orderId))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
  }

  beforeAll(async () => {
    stripe = await testStripe();
    counties = await context.store.db.query(
      `SELECT id, name, state FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 600`,
    );
  });

  afterAll(async () => {
    await stripe.simulator.flushWebhooks();
  });

  it('publishes the two plans from the one plan definition', async () => {
    const { body } = await api().get('/api/plans').expect(200);
    expect(body.oneTime).toMatchObject({ type: 'one-time', name: 'County SnapShot', price: 500 });
    expect(body.annual).toMatchObject({
      type: 'annual',
      name: 'County Tracker',
      price: 1200,
      monthlyEquivalent: 100,
      popular: true,
    });
    expect(body.cartLimit).toBe(500);
  });

  it('gives the card form its publishable key, the Stripe.js stand-in and says it is in test mode', async () => {
    const { body } = await api().get('/api/checkout/config').expect(200);
    expect(body).toEqual({
      publishableKey: stripe.simulator.keys.publishableKey,
      testMode: true,
      stripeJsUrl: '/dev/stripe.js',
    });
  });

  describe('refuses a cart it cannot sell, with a message and no order', () => {
    const cases: [string, () => object, RegExp][] = [
      [
        'a missing email',
        () => ({ items: [{ countyId: counties[0].id, purchaseType: 'one-time' }] }),
        /Enter a valid email address/,
      ],
      [
        'a malformed email',
        () => ({ email: 'not-an-email', items: [{ countyId: counties[0].id, purchaseType: 'one-time' }] }),
        /Enter a valid email address/,
      ],
      ['an empty cart', () => ({ email: 'a@example.com', items: [] }), /Add at least one county to the cart/],
      [
        'more than 500 counties',
        () => ({
          email: 'a@example.com',
          items: counties.slice(0, 501).map((c) => ({ countyId: c.id, purchaseType: 'one-time' })),
        }),
        /A cart can hold at most 500 counties/,
      ],
      [
        'an unknown plan',
        () => ({ email: 'a@example.com', items: [{ countyId: counties[0].id, purchaseType: 'monthly' }] }),
        /purchaseType must be one-time or annual/,
      ],
      [
        'a county id that is no id',
        () => ({ email: 'a@example.com', items: [{ countyId: "1' OR '1'='1", purchaseType: 'annual' }] }),
        /countyId must be the id of a county/,
      ],
      [
        'a county that does not exist',
        () => ({
          email: 'a@example.com',
          items: [{ countyId: '00000000-0000-4000-8000-000000000000', purchaseType: 'annual' }],
        }),
        /no longer available/,
      ],
      [
        'the same county twice',
        () => ({
          email: 'a@example.com',
          items: [
            { countyId: counties[0].id, purchaseType: 'annual' },
            { countyId: counties[0].id, purchaseType: 'one-time' },
          ],
        }),
        /Each county can be in the cart only once/,
      ],
      [
        'a price sent by the client',
        () => ({ email: 'a@example.com', amount: 1, items: [{ countyId: counties[0].id, purchaseType: 'annual' }] }),
        /property amount should not exist/,
      ],
      [
        'a price inside an item',
        () => ({ email: 'a@example.com', items: [{ countyId: counties[0].id, purchaseType: 'annual', price: 1 }] }),
        /property price should not exist/,
      ],
    ];

    it.each(cases)('%s', async (_name, body, message) => {
      const ordersBefore = await count(`SELECT count(*) FROM orders`);
      const res = await api()
        .post('/api/create-payment-intent')
        .send({ acceptedLicense: true, ...body() })
        .expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await count(`SELECT count(*) FROM orders`)).toBe(ordersBefore);
    });

    it('a county staff have removed from the catalog', async () => {
      const removed = counties[1];
      await context.store.db.query(`UPDATE counties SET deleted_at = now() WHERE id = $1`, [removed.id]);
      try {
        const res = await api()
          .post('/api/create-payment-intent')
          .send({
            email: 'a@example.com',
            items: [{ countyId: removed.id, purchaseType: 'one-time' }],
            acceptedLicense: true,
          })
          .expect(400);
        expect(res.body.message).toMatch(/no longer available; remove it/);
      } finally {
        await context.store.db.query(`UPDATE counties SET deleted_at = NULL WHERE id = $1`, [removed.id]);
      }
    });
  });

  it('prices the cart on the server and opens a matching Stripe payment', async () => {
    const { orderId, clientSecret, amount, email } = await checkout([
      { countyId: counties[2].id, purchaseType: 'one-time' },
      { countyId: counties[3].id, purchaseType: 'annual' },
    ]);
    expect(amount).toBe(1700);

    const [order] = await context.store.db.query(`SELECT status, amount_cents, email FROM orders WHERE id = $1`, [
      orderId,
    ]);
    expect(order).toEqual({ status: 'pending', amount_cents: 170000, email });
    const intent = await stripe.server.paymentIntents.retrieve(intentId(clientSecret));
    expect(intent).toMatchObject({
      amount: 170000,
      currency: 'usd',
      receipt_email: email,
      metadata: { order_id: orderId },
      setup_future_usage: 'off_session',
    });
    const customer = (await stripe.server.customers.retrieve(intent.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe(email);
  });

  it('does not ask to keep the card when nothing renews', async () => {
    const { clientSecret } = await checkout([{ countyId: counties[4].id, purchaseType: 'one-time' }]);
    const intent = await stripe.server.paymentIntents.retrieve(intentId(clientSecret));
    expect(intent.setup_future_usage).toBeNull();
  });

  it('activates a paid order into subscriptions, one ledger entry and one receipt', async () => {
    const { orderId, clientSecret, email } = await checkout([
      { countyId: counties[5].id, purchaseType: 'one-time' },
      { countyId: counties[6].id, purchaseType: 'annual' },
    ]);
    await stripe.pay(clientSecret);
    const res = await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email: email.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual({ activated: 2 });

    const subscriptions = await context.store.db.query(
      `SELECT s.purchase_type, s.status, s.amount, s.auto_renew, s.start_date, s.expiration_date, u.email
       FROM subscriptions s JOIN users u ON u.id = s.user_id JOIN order_items i ON i.id = s.order_item_id
       WHERE i.order_id = $1 ORDER BY s.purchase_type`,
      [orderId],
    );
    expect(subscriptions).toHaveLength(2);
    const [annual, oneTime] = subscriptions;
    expect(oneTime).toMatchObject({
      purchase_type: 'one-time',
      status: 'active',
      amount: '500.00',
      auto_renew: false,
      expiration_date: null,
      email,
    });
    expect(annual).toMatchObject({
      purchase_type: 'annual',
      status: 'active',
      amount: '1200.00',
      auto_renew: true,
      email,
    });
    const year = new Date(annual.start_date);
    year.setFullYear(year.getFullYear() + 1);
    expect(new Date(annual.expiration_date).getTime()).toBe(year.getTime());

    const ledger = await context.store.db.query(
      `SELECT kind, amount_cents, amount_by_purchase_type FROM payments WHERE order_id = $1`,
      [orderId],
    );
    expect(ledger).toEqual([
      { kind: 'charge', amount_cents: 170000, amount_by_purchase_type: { 'one-time': 50000, annual: 120000 } },
    ]);
    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe('paid');

    const [raw] = await eventually(async () => {
      const files = await outboxFor(orderId);
      return files.length > 0 && files;
    });
    const mail = await simpleParser(raw);
    // The local outbox lists the message, shows it as its reader would (the order page a link to
    // follow, not quoted-printable lines cut with "="), and as sent.
    const listing = await api().get('/dev/mail').expect(200);
    const file = new RegExp(`href="/dev/mail/([^"]*${orderId}[^"]*)"`).exec(listing.text)![1];
    const shown = (await api().get(`/dev/mail/${file}`).expect(200)).text;
    const orderPage = /\/orders\/[\w-]+\.[\w-]{43}/.exec(mail.text!)![0];
    expect(shown).toMatch(new RegExp(`<a href="http[^"]*${orderPage.replace(/\./g, '\\.')}">`));
    expect(shown).toContain('Your County Data Store order: 2 counties');
    expect(shown).toContain(`href="/dev/mail/${file}/raw"`);
    expect((await api().get(`/dev/mail/${file}/raw`).expect(200)).text).toBe(raw);
    await api().get('/dev/mail/..%2F..%2Fpackage.json').expect(404);
    await api().get('/dev/mail/..%2F..%2Fpackage.json/raw').expect(404);
    expect(mail.to).toMatchObject({ text: email });
    expect(mail.subject).toBe('Your County Data Store order: 2 counties');
    expect(mail.text).toContain(`${counties[5].name}, ${counties[5].state} - County SnapShot - $500.00`);
    expect(mail.text).toContain(`${counties[6].name}, ${counties[6].state} - County Tracker - $1,200.00`);
    expect(mail.text).toContain('Total charged: $1,700.00');
    expect(mail.text).toMatch(/\/orders\/[\w-]+\.[\w-]{43}/);
    expect(mail.html).toContain('Total charged');
  });

  it('activates exactly once under 20 concurrent confirmations and a replayed webhook', async () => {
    const { orderId, clientSecret, email } = await checkout([
      { countyId: counties[7].id, purchaseType: 'annual' },
      { countyId: counties[8].id, purchaseType: 'annual' },
      { countyId: counties[9].id, purchaseType: 'one-time' },
    ]);
    await stripe.pay(clientSecret);
    const paymentIntentId = intentId(clientSecret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api().post('/api/payment-success').send({ paymentIntentId, email })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.body.activated === 3)).toBe(true);

    await stripe.simulator.flushWebhooks();
    const succeeded = (await stripe.server.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find(
      (e) => (e.data.object as Stripe.PaymentIntent).id === paymentIntentId,
    )!;
    await sendEvent({ ...succeeded, id: `${succeeded.id}_replayed` }).expect(200);

    const byOrder = `(SELECT id FROM order_items WHERE order_id = $1)`;
    expect(await count(`SELECT count(*) FROM subscriptions WHERE order_item_id IN ${byOrder}`, [orderId])).toBe(3);
    expect(await count(`SELECT count(*) FROM payments WHERE order_id = $1`, [orderId])).toBe(1);
    await eventually(async () => (await outboxFor(orderId)).length === 1);
    // Give any duplicate send time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboxFor(orderId)).toHaveLength(1);
    expect(
      await count(`SELECT count(*) FROM email_deliveries WHERE message_key = $1 AND sent_at IS NOT NULL`, [
        `receipt-${orderId}`,
      ]),
    ).toBe(1);
  });

  it('activates from the webhook alone when the browser closes right after paying', async () => {
    const { orderId, clientSecret } = await checkout([{ countyId: counties[10].id, purchaseType: 'annual' }]);
    await stripe.pay(clientSecret);
    await stripe.simulator.flushWebhooks();
    const [order] = await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]);
    expect(order.status).toBe('paid');
    expect(
      await count(
        `SELECT count(*) FROM subscriptions WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)`,
        [orderId],
      ),
    ).toBe(1);
  });

  it('leaves a declined card with no subscription and the order marked failed', async () => {
    const { orderId, clientSecret, email } = await checkout([{ countyId: counties[11].id, purchaseType: 'one-time' }]);
    await expect(stripe.pay(clientSecret, 'pm_card_chargeDeclined')).rejects.toMatchObject({ code: 'card_declined' });
    await stripe.simulator.flushWebhooks();
    const res = await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email })
      .expect(409);
    expect(res.body.message).toBe('This payment has not succeeded (its status is requires_payment_method)');
    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe(
      'failed',
    );
    expect(
      await count(
        `SELECT count(*) FROM subscriptions WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)`,
        [orderId],
      ),
    ).toBe(0);

    // The same payment, retried with a good card, still goes through once Stripe's news of it has come.
    await stripe.pay(clientSecret);
    await stripe.simulator.flushWebhooks();
    await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email })
      .expect(200);
  });

  it('refuses a payment whose amount differs from its order', async () => {
    const { orderId, clientSecret, email } = await checkout([{ countyId: counties[12].id, purchaseType: 'annual' }]);
    // The order says one thing, the payment another (as if either were tampered with).
    await context.store.db.query(`UPDATE orders SET amount_cents = 50000 WHERE id = $1`, [orderId]);
    await stripe.simulator.withoutWebhooks(() => stripe.pay(clientSecret));
    const res = await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email })
      .expect(409);
    expect(res.body.message).toMatch(/does not match its order/);
    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe(
      'pending',
    );
    expect(await count(`SELECT count(*) FROM payments WHERE order_id = $1`, [orderId])).toBe(0);
  });

  it('does not activate for another email or an unknown payment', async () => {
    const { clientSecret } = await checkout([{ countyId: counties[13].id, purchaseType: 'one-time' }]);
    await stripe.pay(clientSecret);
    const wrongEmail = await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email: 'someone@else.com' })
      .expect(404);
    expect(wrongEmail.body.message).toBe('We could not find an order for this payment');
    await api().post('/api/payment-success').send({ paymentIntentId: 'pi_doesnotexist', email: 'a@b.co' }).expect(404);
  });

  it('asks Stripe about an unpaid payment at most once every few seconds, and limits confirmations', async () => {
    const { orderId, clientSecret, email } = await checkout([{ countyId: counties[19].id, purchaseType: 'one-time' }]);
    const paymentIntentId = intentId(clientSecret);
    const asked = jest.spyOn(context.store.app.get(StripeGateway), 'retrievePaymentIntent');
    try {
      const confirm = () =>
        api().post('/api/payment-success').set('X-Forwarded-For', '203.0.113.50').send({ paymentIntentId, email });
      const looped = [];
      for (let n = 0; n < 20; n++) looped.push(await confirm());
      expect(looped.map((r) => r.status)).toEqual(Array(20).fill(409));
      expect(looped[19].body.message).toBe('This payment has not succeeded (its status is requires_payment_method)');
      expect(asked.mock.calls.filter(([id]) => id === paymentIntentId).length).toBeLessThanOrEqual(2);

      const limited = await confirm().expect(429);
      expect(limited.body.message).toBe('Too many payment confirmations. Please wait a few minutes and try again.');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        await count(
          `SELECT count(*) FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
          [orderId],
        ),
      ).toBe(0);
    } finally {
      asked.mockRestore();
    }
    // Paid, the order still activates from Stripe's webhook: the limit holds back browsers, not Stripe.
    await stripe.pay(clientSecret);
    await stripe.simulator.flushWebhooks();
    await eventually(
      async () => (await count(`SELECT count(*) FROM orders WHERE id = $1 AND status = 'paid'`, [orderId])) === 1,
    );
  });

  it('limits confirmations from one address across payments', async () => {
    const answers = [];
    for (let n = 0; n < 61; n++) {
      answers.push(
        await api()
          .post('/api/payment-success')
          .set('X-Forwarded-For', '203.0.113.51')
          .send({ paymentIntentId: `pi_unknown${n}`, email: 'a@b.co' }),
      );
    }
    expect(answers.slice(0, 60).map((r) => r.status)).toEqual(Array(60).fill(404));
    expect(answers[60].status).toBe(429);
  });

  it('ignores a webhook with a bad signature and changes nothing', async () => {
    const { orderId, clientSecret } = await checkout([{ countyId: counties[14].id, purchaseType: 'one-time' }]);
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: intentId(clientSecret), object: 'payment_intent' } },
    });
    const res = await api()
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)
      .send(forged)
      .expect(400);
    expect(res.body.message).toBe('Invalid Stripe signature');
    await api().post('/api/stripe/webhook').set('Content-Type', 'application/json').send(forged).expect(400);
    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe(
      'pending',
    );
    expect(await count(`SELECT count(*) FROM stripe_events WHERE id = 'evt_forged'`)).toBe(0);
  });

  it('cancels access and records the refund when an order is refunded in full', async () => {
    const { orderId, clientSecret, email } = await checkout([
      { countyId: counties[15].id, purchaseType: 'annual' },
      { countyId: counties[16].id, purchaseType: 'one-time' },
    ]);
    await stripe.pay(clientSecret);
    await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email })
      .expect(200);
    await stripe.server.refunds.create({ payment_intent: intentId(clientSecret) });
    await stripe.simulator.flushWebhooks();

    const statuses = await context.store.db.query(
      `SELECT status, auto_renew FROM subscriptions WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)`,
      [orderId],
    );
    expect(statuses).toEqual([
      { status: 'cancelled', auto_renew: false },
      { status: 'cancelled', auto_renew: false },
    ]);
    const ledger = await context.store.db.query(
      `SELECT kind, amount_cents, amount_by_purchase_type FROM payments WHERE order_id = $1 ORDER BY kind`,
      [orderId],
    );
    expect(ledger).toEqual([
      { kind: 'charge', amount_cents: 170000, amount_by_purchase_type: { annual: 120000, 'one-time': 50000 } },
      { kind: 'refund', amount_cents: -170000, amount_by_purchase_type: { annual: -120000, 'one-time': -50000 } },
    ]);
    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe(
      'refunded',
    );
  });

  it('ends in the same state when Stripe’s events arrive out of order and twice', async () => {
    const { orderId, clientSecret } = await checkout([{ countyId: counties[17].id, purchaseType: 'annual' }]);
    const paymentIntentId = intentId(clientSecret);
    await stripe.simulator.withoutWebhooks(async () => {
      await stripe.pay(clientSecret);
      await stripe.server.refunds.create({ payment_intent: paymentIntentId });
    });
    const events = (await stripe.server.events.list({ limit: 100 })).data.filter((e) => {
      const object = e.data.object as { id: string; payment_intent?: string };
      return object.id === paymentIntentId || object.payment_intent === paymentIntentId;
    });
    const refunded = events.find((e) => e.type === 'charge.refunded')!;
    const succeeded = events.find((e) => e.type === 'payment_intent.succeeded')!;
    // The refund first, then the payment, then both again.
    for (const event of [refunded, succeeded, refunded, succeeded]) await sendEvent(event).expect(200);

    expect((await context.store.db.query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status).toBe(
      'refunded',
    );
    const subscriptions = await context.store.db.query(
      `SELECT status FROM subscriptions WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)`,
      [orderId],
    );
    expect(subscriptions).toEqual([{ status: 'cancelled' }]);
    const ledger = await context.store.db.query(
      `SELECT kind, amount_cents FROM payments WHERE order_id = $1 ORDER BY kind`,
      [orderId],
    );
    expect(ledger).toEqual([
      { kind: 'charge', amount_cents: PLANS.annual.priceCents },
      { kind: 'refund', amount_cents: -PLANS.annual.priceCents },
    ]);
  });

  it('sends the receipt of a paid order whose receipt could not be queued at payment', async () => {
    const { orderId, clientSecret, email } = await checkout([{ countyId: counties[18].id, purchaseType: 'one-time' }]);
    await stripe.simulator.withoutWebhooks(() => stripe.pay(clientSecret));
    const sweep = context.worker!.get(ReceiptSweep);
    await api()
      .post('/api/payment-success')
      .send({ paymentIntentId: intentId(clientSecret), email })
      .expect(200);
    await eventually(async () => (await outboxFor(orderId)).length === 1);
    // As if the queue had been unreachable when the payment was activated.
    await context.store.db.query(`DELETE FROM email_deliveries WHERE message_key = $1`, [`receipt-${orderId}`]);
    await context.store.db.query(
      `UPDATE orders SET receipt_queued_at = NULL, paid_at = now() - interval '2 minutes' WHERE id = $1`,
      [orderId],
    );
    await context.worker!.get<Queue>(getQueueToken(MAIL_QUEUE), { strict: false }).remove(`receipt-${orderId}`);

    expect(await sweep.queueMissingReceipts()).toBe('1 receipt(s) queued');
    await eventually(async () => (await outboxFor(orderId)).length === 2);
    expect(
      (await context.store.db.query(`SELECT receipt_queued_at FROM orders WHERE id = $1`, [orderId]))[0]
        .receipt_queued_at,
    ).not.toBeNull();
    expect(await sweep.queueMissingReceipts()).toBe('0 receipt(s) queued');
  });
});
