import request from 'supertest';
import { awaitMessages } from './support/outbox';
import { buy } from './support/purchase';
import { testStripe } from './support/stripe';
import { useTestApp } from './support/test-app';

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
