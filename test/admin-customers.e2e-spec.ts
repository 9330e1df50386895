import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { OrderPageLinks } from '../src/modules/orders/order-page-links';
import { binaryBody } from './support/binary-body';
import { eventually } from './support/eventually';
import { readPdf } from './support/pdf';
import { buy } from './support/purchase';
import { testStripe } from './support/stripe';
import { TEST_ADMIN_PASSWORD, useTestApp } from './support/test-app';

describe('Customers in the admin console', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let token: string;
  const buyer = `customer-page-${randomUUID().slice(0, 8)}@example.com`;
  const other = `someone-else-${randomUUID().slice(0, 8)}@example.com`;
  let orderId: string;
  let otherOrderId: string;
  let userId: string;
  let otherUserId: string;

  const get = (path: string) => api().get(path).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) => api().post(path).set('Authorization', `Bearer ${token}`).send(body);
  const refund = (amountCents: number, key: string = randomUUID(), user = userId, order = orderId) =>
    post(`/api/admin/customers/${user}/orders/${order}/refund`, { amountCents, idempotencyKey: key });
  const ledgerRefunds = async (order: string): Promise<number[]> =>
    (
      await db().query(
        `SELECT amount_cents FROM payments WHERE order_id = $1 AND kind = 'refund' ORDER BY occurred_at`,
        [order],
      )
    ).map((row: { amount_cents: string | number }) => Number(row.amount_cents));
  const refundAudits = async (order: string) =>
    db().query(`SELECT before, after FROM audit_log WHERE action = 'order.refund' AND target_id = $1`, [order]);

  beforeAll(async () => {
    stripe = await testStripe();
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.9.0.1')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    token = res.body.token;
    const [county, second] = await db().query(
      `SELECT id FROM counties WHERE deleted_at IS NULL AND population IS NOT NULL ORDER BY population, fips LIMIT 2`,
    );
    orderId = await buy(context.store.server, buyer, [
      { countyId: county.id, purchaseType: 'one-time' },
      { countyId: second.id, purchaseType: 'annual' },
    ]);
    otherOrderId = await buy(context.store.server, other, [{ countyId: county.id, purchaseType: 'one-time' }]);
    [{ user_id: userId }] = await db().query(`SELECT user_id FROM orders WHERE id = $1`, [orderId]);
    [{ user_id: otherUserId }] = await db().query(`SELECT user_id FROM orders WHERE id = $1`, [otherOrderId]);
  });

  it('finds a customer by part of their email, one page at a time', async () => {
    const { body } = await get(`/api/admin/customers?q=${buyer.slice(0, 16).toUpperCase()}&page=1&pageSize=5`).expect(
      200,
    );
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect(body.items.map((item: { email: string }) => item.email)).toEqual([buyer]);
    const all = await get('/api/admin/customers?pageSize=1&page=2').expect(200);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a search out of range or with unknown parameters, with the one error contract', async () => {
    for (const query of ['pageSize=101', 'page=0', 'q=' + 'x'.repeat(101), 'sort=email']) {
      const res = await get(`/api/admin/customers?${query}`).expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request' });
    }
  });

  it("shows a customer's orders, subscriptions, invoices and the emails sent to them", async () => {
    await eventually(async () => (await db().query(`SELECT 1 FROM invoices WHERE order_id = $1`, [orderId])).length);
    const body = await eventually(async () => {
      const res = await get(`/api/admin/customers/${userId}`).expect(200);
      return (
        res.body.emails.some((e: { kind: string; state: string }) => e.kind === 'receipt' && e.state === 'sent') &&
        res.body
      );
    });
    expect(body.customer).toMatchObject({ id: userId, email: buyer });
    expect(body.orders).toEqual([
      expect.objectContaining({
        id: orderId,
        status: 'paid',
        amountCents: 170_000,
        refundedCents: 0,
        refundableCents: 170_000,
      }),
    ]);
    expect(body.subscriptions.map((s: { purchaseType: string }) => s.purchaseType).sort()).toEqual([
      'annual',
      'one-time',
    ]);
    expect(body.invoices).toEqual([expect.objectContaining({ kind: 'order', totalCents: 170_000 })]);
    expect(body.emails[0]).toEqual(
      expect.objectContaining({ kind: expect.any(String), subject: expect.any(String), sentAt: expect.any(String) }),
    );
    await get(`/api/admin/customers/${randomUUID()}`).expect(404);
    await get('/api/admin/customers/not-a-uuid').expect(400);
  });

  it('resends a receipt as exactly one more email however often it is clicked, audited once', async () => {
    const sent = async () =>
      (
        await db().query(`SELECT message_key FROM email_deliveries WHERE recipient = $1 AND sent_at IS NOT NULL`, [
          buyer,
        ])
      ).map((row: { message_key: string }) => row.message_key);
    const before = await eventually(async () => {
      const keys = await sent();
      return keys.includes(`receipt-${orderId}`) && keys;
    });
    const key = randomUUID();
    const clicks = await Promise.all(
      [1, 2, 3].map(() =>
        post(`/api/admin/customers/${userId}/orders/${orderId}/resend-receipt`, { idempotencyKey: key }),
      ),
    );
    for (const click of clicks)
      expect(click.body).toEqual({
        orderId,
        emailedTo: buyer,
        message: `A copy of the receipt is on its way to ${buyer}`,
      });
    const after = await eventually(async () => {
      const keys = await sent();
      return keys.length > before.length && keys;
    });
    expect(after.filter((k: string) => !before.includes(k))).toEqual([`receipt-${orderId}-resend-${key}`]);
    const audits = await db().query(
      `SELECT after FROM audit_log WHERE action = 'order.receipt_resent' AND target_id = $1`,
      [orderId],
    );
    expect(audits).toEqual([{ after: { request: key, emailed_to: buyer } }]);
    const detail = await get(`/api/admin/customers/${userId}`).expect(200);
    expect(detail.body.emails.filter((e: { kind: string }) => e.kind === 'receipt')).toHaveLength(2);
    await post(`/api/admin/customers/${otherUserId}/orders/${orderId}/resend-receipt`, { idempotencyKey: key }).expect(
      404,
    );
    await post(`/api/admin/customers/${userId}/orders/${orderId}/resend-receipt`, { idempotencyKey: 'x' }).expect(400);
  });

  it('refuses to refund more than is refundable, and changes nothing', async () => {
    const res = await refund(170_001).expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: expect.stringContaining('$1,700.00'), error: 'Bad Request' });
    await refund(0).expect(400);
    await refund(100, 'not-a-key').expect(400);
    expect(await refundAudits(orderId)).toEqual([]);
    expect(await stripe.server.refunds.list({ payment_intent: await intentOf(orderId) })).toMatchObject({ data: [] });
  });

  it("refuses to refund another customer's order through this customer", async () => {
    await refund(100, randomUUID(), userId, otherOrderId).expect(404);
    await refund(100, randomUUID(), otherUserId, orderId).expect(404);
    expect(await refundAudits(otherOrderId)).toEqual([]);
  });

  it('refunds part of an order once however often it is clicked: the ledger and the invoice PDF show it, audited', async () => {
    const key = randomUUID();
    const answers = await Promise.all([refund(20_000, key), refund(20_000, key), refund(20_000, key)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(new Set(answers.map((a) => a.body.refundId)).size).toBe(1);
    expect(answers[0].body).toMatchObject({
      amountCents: 20_000,
      refundableCents: 150_000,
      message: 'Refunded $200.00 of order ' + orderId.slice(0, 8),
    });
    await stripe.simulator.flushWebhooks();
    expect(await eventually(async () => (await ledgerRefunds(orderId)).length === 1 && ledgerRefunds(orderId))).toEqual(
      [-20_000],
    );
    const audits = await refundAudits(orderId);
    expect(audits).toEqual([
      {
        before: { amount_cents: 170_000, refunded_cents: 0 },
        after: { amount_cents: 170_000, refunded_cents: 20_000, stripe_refund_id: answers[0].body.refundId },
      },
    ]);
    const link = (await context.store.app.get(OrderPageLinks).forOrder(orderId)).token;
    const [invoice] = await db().query(`SELECT id FROM invoices WHERE order_id = $1`, [orderId]);
    const pdf = await api()
      .get(`/api/orders/${link}/invoices/${invoice.id}/pdf`)
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect((await readPdf(pdf.body)).text).toMatch(/Refunded .*: \$200\.00/);
    const detail = await get(`/api/admin/customers/${userId}`).expect(200);
    expect(detail.body.orders[0]).toMatchObject({ refundedCents: 20_000, refundableCents: 150_000 });
  });

  it('refunds the rest in full: the order is refunded and nothing more can be', async () => {
    const res = await refund(150_000).expect(200);
    expect(res.body).toMatchObject({ amountCents: 150_000, refundableCents: 0 });
    await stripe.simulator.flushWebhooks();
    await eventually(async () => (await ledgerRefunds(orderId)).length === 2);
    expect(await ledgerRefunds(orderId)).toEqual([-20_000, -150_000]);
    await eventually(
      async () => (await db().query(`SELECT status FROM orders WHERE id = $1`, [orderId]))[0].status === 'refunded',
    );
    const again = await refund(1).expect(409);
    expect(again.body.message).toContain('refunded in full');
    expect(await refundAudits(orderId)).toHaveLength(2);
  });

  const intentOf = async (order: string) =>
    (await db().query(`SELECT stripe_payment_intent_id AS id FROM orders WHERE id = $1`, [order]))[0].id as string;
});
