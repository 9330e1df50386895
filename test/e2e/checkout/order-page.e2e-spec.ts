import request from 'supertest';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { testStripe } from '../../support/stripe';
import type { ConfigType } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { authConfig } from '../../../src/config';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { DerivedOrderPageTokens } from '../../../src/modules/orders/order-page-token';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

describe('The order page, reached through the link in the receipt', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  let orderId: string;
  let token: string;

  beforeAll(async () => {
    const counties = await context.store.db.query(
      `SELECT id FROM counties WHERE fips IN ('24510', '11001') ORDER BY fips`,
    );
    orderId = await buy(context.store.server, 'no-account@example.com', [
      { countyId: counties[0].id, purchaseType: 'annual' },
      { countyId: counties[1].id, purchaseType: 'one-time' },
    ]);
    const [receipt] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, orderId);
    token = /\/orders\/([\w.-]+)/.exec(receipt.text as string)![1];
  });

  it('shows the order and what each county can download, without signing in', async () => {
    const { body } = await api().get(`/api/orders/${token}`).expect(200);
    expect(body).toMatchObject({ id: orderId, email: 'no-account@example.com', status: 'paid', totalAmount: 1700 });
    expect(body.subscriptions).toHaveLength(2);
    expect(body.subscriptions.map((s: { county: { name: string } }) => s.county.name)).toEqual([
      'District of Columbia',
      'Baltimore City',
    ]);
    for (const subscription of body.subscriptions) expect(subscription.downloadableRelease).toMatch(/^\d{4}-\d{2}$/);
  });

  it('gives fresh download links for the order’s subscriptions, and a lasting link that redirects to one', async () => {
    const { body } = await api().get(`/api/orders/${token}`).expect(200);
    const subscriptionId = body.subscriptions[0].id;
    const link = await api().post(`/api/orders/${token}/subscriptions/${subscriptionId}/download-link`).expect(200);
    await api().get(new URL(link.body.url).pathname).expect(200);

    const lasting = await api().get(`/api/orders/${token}/subscriptions/${subscriptionId}/download`).expect(302);
    expect(lasting.headers.location).toMatch(/\/api\/downloads\/[\w-]+\.[\w-]+$/);
    const file = await api().get(new URL(lasting.headers.location).pathname).expect(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv\.gz"$/);
  });

  it('refuses a changed token with the same answer as an unknown order', async () => {
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    const refused = await api().get(`/api/orders/${tampered}`).expect(404);
    expect(refused.body.message).toBe('This order link is not valid. Please use the link in your receipt email.');
    await api().get(`/api/orders/${orderId}`).expect(404);
  });

  it('gives no link for a subscription of another order', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '06037'`);
    const otherOrder = await buy(context.store.server, 'someone-else@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    const [other] = await context.store.db.query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [otherOrder],
    );
    await api().post(`/api/orders/${token}/subscriptions/${other.id}/download-link`).expect(404);
  });

  it('keeps only a hash of each link it sends, and gives each email a link of its own', async () => {
    const stored = await context.store.db.query(`SELECT token_hash FROM order_page_tokens WHERE order_id = $1`, [
      orderId,
    ]);
    expect(stored.map((row: { token_hash: string }) => row.token_hash)).toContain(
      createHash('sha256').update(token).digest('hex'),
    );
    const another = await context.store.app.get(OrderPageLinks).forOrder(orderId);
    expect(another.token).not.toBe(token);
    await api().get(`/api/orders/${another.token}`).expect(200);
  });

  it('limits the download links one order gives out', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '06075'`);
    const busyOrder = await buy(context.store.server, 'busy@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    const busyToken = (await context.store.app.get(OrderPageLinks).forOrder(busyOrder)).token;
    const { body } = await api().get(`/api/orders/${busyToken}`).expect(200);
    const path = `/api/orders/${busyToken}/subscriptions/${body.subscriptions[0].id}/download-link`;
    // As a buyer of 500 counties downloading each twice, twenty at a time.
    for (let batch = 0; batch < 50; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => api().post(path)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    }
    const limited = await api().post(path).expect(429);
    expect(limited.body.message).toBe('Too many downloads for this order. Please wait a few minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets staff end every link of a leaked order, old receipts’ included, and emails the buyer a new one', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '17031'`);
    const leaked = await buy(context.store.server, 'leaked@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    const [receipt] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `receipt-${leaked}`);
    const receiptToken = /\/orders\/([\w.-]+)/.exec(receipt.text as string)![1];
    // A link as receipts carried it before links were stored: derived from the order id.
    const derivedToken = new DerivedOrderPageTokens(
      context.store.app.get<ConfigType<typeof authConfig>>(authConfig.KEY).sessionSecret,
    ).issue(leaked);
    for (const old of [receiptToken, derivedToken]) await api().get(`/api/orders/${old}`).expect(200);

    const [subscription] = await context.store.db.query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [leaked],
    );
    const staff = (
      await api()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.77.0.1')
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200)
    ).body.token as string;
    const replaced = await api()
      .post(`/api/admin/subscriptions/${subscription.id}/replace-order-link`)
      .set('Authorization', `Bearer ${staff}`)
      .expect(200);
    expect(replaced.body).toMatchObject({ orderId: leaked, emailedTo: 'leaked@example.com' });
    expect(JSON.stringify(replaced.body)).not.toMatch(/\/orders\//);

    for (const old of [receiptToken, derivedToken]) {
      const refused = await api().get(`/api/orders/${old}`).expect(404);
      expect(refused.body.message).toBe('This order link is not valid. Please use the link in your receipt email.');
    }
    const [notice] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `order-link-${leaked}`);
    expect(notice.to).toMatchObject({ text: 'leaked@example.com' });
    expect(notice.subject).toBe('Your new County Data Store order link');
    const newToken = /\/orders\/([\w.-]+)/.exec(notice.text as string)![1];
    await api().get(`/api/orders/${newToken}`).expect(200);

    const [entry] = await context.store.db.query(
      `SELECT action, target_type, target_id FROM audit_log WHERE target_id = $1 ORDER BY occurred_at DESC LIMIT 1`,
      [leaked],
    );
    expect(entry).toEqual({ action: 'order.links_replaced', target_type: 'order', target_id: leaked });
  });

  it('refuses to replace links without staff sign-in', async () => {
    const [subscription] = await context.store.db.query(`SELECT id FROM subscriptions LIMIT 1`);
    await api().post(`/api/admin/subscriptions/${subscription.id}/replace-order-link`).expect(401);
  });

  it('still shows a refunded order, but gives no more links', async () => {
    const stripe = await testStripe();
    const [order] = await context.store.db.query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [
      orderId,
    ]);
    await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
    await stripe.simulator.flushWebhooks();
    const { body } = await api().get(`/api/orders/${token}`).expect(200);
    expect(body.status).toBe('refunded');
    expect(body.subscriptions.map((s: { status: string }) => s.status)).toEqual(['cancelled', 'cancelled']);
    const refused = await api()
      .post(`/api/orders/${token}/subscriptions/${body.subscriptions[0].id}/download-link`)
      .expect(403);
    expect(refused.body.message).toMatch(/does not include this file any more/);
  });
});
