import { ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { StripeGateway } from '../../../src/integrations/stripe/stripe.gateway';
import { AuditLogRepository } from '../../../src/modules/admin/audit/audit-log.repository';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { SubscriptionsRepository } from '../../../src/modules/subscriptions/subscriptions.repository';
import { TrackerDeliveriesService } from '../../../src/modules/subscriptions/tracker-deliveries.service';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { awaitMessages, outboxMessages } from '../../support/outbox';
import { readPdf } from '../../support/pdf';
import { buy, enrolledTracker, type EnrolledTracker } from '../../support/purchase';
import { testStripe } from '../../support/stripe';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

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
    // The same key with another amount is a mistake, refused: it refunds nothing more.
    const reused = await refund(30_000, key).expect(409);
    expect(reused.body.message).toBe('This request already refunded $200.00; another refund needs a new request');
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

  it('audits a refund whose Stripe answer was lost exactly once, when the same request is sent again', async () => {
    const gateway = context.store.app.get(StripeGateway);
    const real = gateway.createRefund.bind(gateway);
    // Stripe makes the refund, but its answer never reaches the store: the request fails as a lost connection does.
    const lost = jest.spyOn(gateway, 'createRefund').mockImplementationOnce(async (...args) => {
      await real(...args);
      throw new ServiceUnavailableException('We could not reach the payment provider. Please try again in a moment.');
    });
    const key = randomUUID();
    try {
      await refund(5_000, key, otherUserId, otherOrderId).expect(503);
    } finally {
      lost.mockRestore();
    }
    expect(await refundAudits(otherOrderId)).toEqual([]);
    const retried = await refund(5_000, key, otherUserId, otherOrderId).expect(200);
    await refund(5_000, key, otherUserId, otherOrderId).expect(200);
    const [{ amount_cents: amount }] = await db().query(`SELECT amount_cents FROM orders WHERE id = $1`, [
      otherOrderId,
    ]);
    expect(await refundAudits(otherOrderId)).toEqual([
      {
        before: { amount_cents: Number(amount), refunded_cents: 0 },
        after: { amount_cents: Number(amount), refunded_cents: 5_000, stripe_refund_id: retried.body.refundId },
      },
    ]);
  });

  describe('a County Tracker: its latest Tracker email resent, and more time given', () => {
    const subscriber = `tracker-page-${randomUUID().slice(0, 8)}@example.com`;
    const outbox = () => context.environment.env.MAIL_OUTBOX_DIR;
    let trackerUserId: string;
    let trackerOrderId: string;
    let tracker: EnrolledTracker;
    let snapshotId: string;
    const resend = (key: string, subscription = tracker.id, user = trackerUserId) =>
      post(`/api/admin/customers/${user}/subscriptions/${subscription}/resend-tracker-email`, { idempotencyKey: key });
    const extend = (body: object, subscription = tracker.id, user = trackerUserId) =>
      post(`/api/admin/customers/${user}/subscriptions/${subscription}/extend`, body);
    const expirationOf = async (id: string) =>
      new Date((await db().query(`SELECT expiration_date FROM subscriptions WHERE id = $1`, [id]))[0].expiration_date);

    beforeAll(async () => {
      const counties = await db().query(
        `SELECT id FROM counties WHERE population BETWEEN 20000 AND 40000 AND deleted_at IS NULL ORDER BY fips DESC LIMIT 2`,
      );
      trackerOrderId = await buy(context.store.server, subscriber, [
        { countyId: counties[0].id, purchaseType: 'annual' },
        { countyId: counties[1].id, purchaseType: 'one-time' },
      ]);
      [{ user_id: trackerUserId }] = await db().query(`SELECT user_id FROM orders WHERE id = $1`, [trackerOrderId]);
      tracker = await enrolledTracker(db(), trackerOrderId);
      [{ id: snapshotId }] = await db().query(
        `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
         WHERE i.order_id = $1 AND s.purchase_type = 'one-time'`,
        [trackerOrderId],
      );
    });

    it('refuses to resend a Tracker email before one was sent, or for a one-time purchase', async () => {
      const none = await resend(randomUUID()).expect(409);
      expect(none.body.message).toContain('no Tracker email yet');
      await resend(randomUUID(), snapshotId).expect(409);
      await resend(randomUUID(), tracker.id, userId).expect(404);
      await resend('not-a-key').expect(400);
      const detail = await get(`/api/admin/customers/${trackerUserId}`).expect(200);
      expect(detail.body.subscriptions.find((s: { id: string }) => s.id === tracker.id)).toMatchObject({
        hasTrackerEmail: false,
        countyName: expect.stringMatching(/, [A-Z]{2}$/),
      });
    });

    it('resends the latest Tracker email as exactly one more email per request, however often it is clicked', async () => {
      // As if bought last month: this month's delivery is due, and the monthly run sends it.
      await db().query(`UPDATE subscriptions SET start_date = start_date - interval '40 days' WHERE id = $1`, [
        tracker.id,
      ]);
      await context.worker!.get(TrackerDeliveriesService).run();
      const [first] = await awaitMessages(outbox(), `tracker-delivery-${tracker.id}`);
      const key = randomUUID();
      const clicks = await Promise.all([1, 2, 3].map(() => resend(key)));
      for (const click of clicks) {
        expect(click.status).toBe(200);
        expect(click.body).toMatchObject({ subscriptionId: tracker.id, emailedTo: subscriber, occasion: 'monthly' });
        expect(click.body.message).toMatch(/^A copy of the \w+ \d{4} County Tracker email is on its way to /);
      }
      const copies = await awaitMessages(outbox(), `tracker-delivery-${tracker.id}`, 2);
      expect(copies[1].subject).toBe(first.subject);
      const audits = await db().query(
        `SELECT after FROM audit_log WHERE action = 'subscription.tracker_email_resent' AND target_id = $1`,
        [tracker.id],
      );
      expect(audits).toEqual([{ after: expect.objectContaining({ request: key, occasion: 'monthly' }) }]);
      // A later, deliberate resend is another email, to the checkout email the Tracker's emails go to even
      // when the account's email has changed since.
      await db().query(`UPDATE users SET email = $2 WHERE id = $1`, [trackerUserId, `renamed-${subscriber}`]);
      const later = await resend(randomUUID()).expect(200);
      await db().query(`UPDATE users SET email = $2 WHERE id = $1`, [trackerUserId, subscriber]);
      expect(later.body).toMatchObject({ emailedTo: subscriber, message: expect.stringContaining(subscriber) });
      const third = (await awaitMessages(outbox(), `tracker-delivery-${tracker.id}`, 3))[2];
      expect(third.to).toMatchObject({ text: subscriber });
      await context.worker!.get(TrackerDeliveriesService).run();
      expect(await outboxMessages(outbox(), `tracker-delivery-${tracker.id}`)).toHaveLength(3);
      const detail = await get(`/api/admin/customers/${trackerUserId}`).expect(200);
      expect(detail.body.subscriptions.find((s: { id: string }) => s.id === tracker.id).hasTrackerEmail).toBe(true);
      expect(detail.body.emails.filter((e: { kind: string }) => e.kind === 'tracker-delivery')).toHaveLength(3);
    });

    it('refuses an extension out of range, of a one-time purchase or of another customer, changing nothing', async () => {
      for (const body of [
        { unit: 'months', count: 13, idempotencyKey: randomUUID() },
        { unit: 'months', count: 0, idempotencyKey: randomUUID() },
        { unit: 'days', count: 366, idempotencyKey: randomUUID() },
        { unit: 'days', count: 1.5, idempotencyKey: randomUUID() },
        { unit: 'years', count: 1, idempotencyKey: randomUUID() },
        { unit: 'months', count: '2', idempotencyKey: randomUUID() },
        { unit: 'months', count: 1, idempotencyKey: 'again' },
        { unit: 'months', count: 1 },
      ]) {
        const res = await extend(body).expect(400);
        expect(res.body).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request' });
      }
      // Six months and then twelve would run past Stripe's furthest renewal date: the second is refused whole.
      await extend({ unit: 'months', count: 6, idempotencyKey: randomUUID() }).expect(200);
      const far = await extend({ unit: 'months', count: 12, idempotencyKey: randomUUID() }).expect(400);
      expect(far.body.message).toContain('at most 730 days ahead');
      await db().query(`UPDATE subscriptions SET expiration_date = $2 WHERE id = $1`, [tracker.id, tracker.expiresAt]);
      await db().query(`DELETE FROM audit_log WHERE action = 'subscription.extend' AND target_id = $1`, [tracker.id]);
      await stripe.server.subscriptions.update(tracker.stripeSubscriptionId, {
        trial_end: Math.floor(new Date(tracker.expiresAt).getTime() / 1000),
        proration_behavior: 'none',
      });
      // An end that would still be past is refused, as Stripe would refuse it.
      await db().query(`UPDATE subscriptions SET expiration_date = now() - interval '30 days' WHERE id = $1`, [
        tracker.id,
      ]);
      const past = await extend({ unit: 'days', count: 1, idempotencyKey: randomUUID() }).expect(400);
      expect(past.body.message).toContain('still end it in the past');
      // Stripe renewed it for another year and the webhook has not come yet: moving the renewal to a date
      // inside that paid year would charge it again, so it is refused until the store has caught up.
      await db().query(
        `UPDATE subscriptions SET expiration_date = $2::timestamptz - interval '60 days' WHERE id = $1`,
        [tracker.id, tracker.expiresAt],
      );
      const behind = await extend({ unit: 'months', count: 1, idempotencyKey: randomUUID() }).expect(409);
      expect(behind.body.message).toContain('Stripe has renewed it meanwhile');
      const atStripe = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
      expect(atStripe.trial_end).toBe(Math.floor(new Date(tracker.expiresAt).getTime() / 1000));
      await db().query(`UPDATE subscriptions SET expiration_date = $2 WHERE id = $1`, [tracker.id, tracker.expiresAt]);
      const oneTime = await extend({ unit: 'months', count: 1, idempotencyKey: randomUUID() }, snapshotId).expect(409);
      expect(oneTime.body.message).toContain('one-time purchase');
      await extend({ unit: 'months', count: 1, idempotencyKey: randomUUID() }, tracker.id, userId).expect(404);
      expect(await expirationOf(tracker.id)).toEqual(new Date(tracker.expiresAt));
    });

    it('extends a subscription and its Stripe renewal once however often it is clicked, audited', async () => {
      const key = randomUUID();
      const before = new Date(tracker.expiresAt);
      const expected = new Date(before);
      expected.setUTCMonth(expected.getUTCMonth() + 2);
      const clicks = await Promise.all([1, 2, 3].map(() => extend({ unit: 'months', count: 2, idempotencyKey: key })));
      for (const click of clicks) {
        expect(click.status).toBe(200);
        expect(click.body).toMatchObject({
          subscriptionId: tracker.id,
          previousExpirationDate: before.toISOString(),
          expirationDate: expected.toISOString(),
          renewalMoved: true,
          message: expect.stringMatching(/^Extended by 2 months: now runs until \w{3} \d{1,2}, \d{4}$/),
        });
      }
      expect(await expirationOf(tracker.id)).toEqual(expected);
      // The same key with other values is a mistake, refused: it extends nothing more.
      const reused = await extend({ unit: 'months', count: 3, idempotencyKey: key }).expect(409);
      expect(reused.body.message).toContain('already extended it by 2 months');
      expect(await expirationOf(tracker.id)).toEqual(expected);
      const atStripe = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
      expect(atStripe).toMatchObject({ status: 'trialing', trial_end: Math.floor(expected.getTime() / 1000) });
      expect(atStripe.items.data[0].current_period_end).toBe(Math.floor(expected.getTime() / 1000));
      const audits = await db().query(
        `SELECT before, after FROM audit_log WHERE action = 'subscription.extend' AND target_id = $1`,
        [tracker.id],
      );
      expect(audits).toEqual([
        {
          before: { expiration_date: before.toISOString(), stripe_subscription_id: tracker.stripeSubscriptionId },
          after: {
            request: key,
            extended_by: '2 months',
            previous_expiration_date: before.toISOString(),
            expiration_date: expected.toISOString(),
            renewal_moved: true,
          },
        },
      ]);
      const days = await extend({ unit: 'days', count: 10, idempotencyKey: randomUUID() }).expect(200);
      expect(days.body.expirationDate).toBe(new Date(expected.getTime() + 10 * 24 * 3600 * 1000).toISOString());
      const detail = await get(`/api/admin/customers/${trackerUserId}`).expect(200);
      expect(detail.body.subscriptions.find((s: { id: string }) => s.id === tracker.id).expirationDate).toBe(
        days.body.expirationDate,
      );
    });

    it('counts an extension on the UTC calendar, whatever time zone the database session is in', async () => {
      const subscriptions = context.store.app.get(SubscriptionsRepository);
      const rolledBack = new Error('rolled back');
      const ends: Date[] = [];
      await db()
        .transaction(async (manager) => {
          // New York: Jan 31 03:00 UTC is still Jan 30 there, and its clocks go forward on Mar 14, 2027.
          await manager.query(`SET LOCAL TIME ZONE 'America/New_York'`);
          for (const [from, by] of [
            ['2027-01-31T03:00:00Z', { unit: 'months', count: 1 }],
            ['2027-03-13T12:00:00Z', { unit: 'days', count: 1 }],
          ] as const) {
            await manager.query(`UPDATE subscriptions SET expiration_date = $2 WHERE id = $1`, [tracker.id, from]);
            ends.push(await subscriptions.extendBy(manager, tracker.id, by));
          }
          throw rolledBack; // the subscription stays as it was
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
      expect(ends.map((end) => new Date(end).toISOString())).toEqual([
        '2027-02-28T03:00:00.000Z',
        '2027-03-14T12:00:00.000Z',
      ]);
    });

    it("serves a customer's invoice PDF and a new order-page link to staff, audited", async () => {
      const [invoice] = await eventually(async () => {
        const res = await get(`/api/admin/customers/${trackerUserId}`).expect(200);
        return res.body.invoices.length > 0 && res.body.invoices;
      });
      expect(invoice.pdfUrl).toBe(`/api/admin/customers/${trackerUserId}/invoices/${invoice.id}/pdf`);
      const pdf = await get(invoice.pdfUrl).buffer(true).parse(binaryBody).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await readPdf(pdf.body)).text).toContain(invoice.number);
      await get(`/api/admin/customers/${userId}/invoices/${invoice.id}/pdf`).expect(404);
      await get(`/api/admin/customers/${trackerUserId}/invoices/not-a-uuid/pdf`).expect(400);

      const link = await post(`/api/admin/customers/${trackerUserId}/orders/${trackerOrderId}/page-link`, {}).expect(
        200,
      );
      expect(link.body.url).toMatch(/\/orders\/[^/]+$/);
      const token = link.body.url.split('/orders/')[1];
      const page = await api().get(`/api/orders/${token}`).expect(200);
      expect(page.body).toMatchObject({ id: trackerOrderId });
      await post(`/api/admin/customers/${userId}/orders/${trackerOrderId}/page-link`, {}).expect(404);
      const audits = await db().query(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'order.page_link_issued' AND target_id = $1`,
        [trackerOrderId],
      );
      expect(audits[0].n).toBe(1);
      expect(new Date(link.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
      expect(new Date(link.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600 * 1000);

      // 30 days on, the link no longer opens the order, and says how to get a new one.
      await db().query(
        `UPDATE order_page_tokens SET expires_at = now() - interval '1 second' WHERE order_id = $1 AND expires_at IS NOT NULL`,
        [trackerOrderId],
      );
      const expired = await api().get(`/api/orders/${token}`).expect(410);
      expect(expired.body).toEqual({
        statusCode: 410,
        message: expect.stringMatching(
          /^This order link has expired\. Please use the link in your receipt email, or (write to \S+|contact us) for a new one\.$/,
        ),
        error: 'Gone',
      });
      // The receipt's own links do not expire.
      const receiptLink = (await context.store.app.get(OrderPageLinks).forOrder(trackerOrderId)).token;
      await api().get(`/api/orders/${receiptLink}`).expect(200);
    });

    it('mints no order-page link when its audit entry cannot be written', async () => {
      const tokens = async () =>
        (await db().query(`SELECT count(*)::int AS n FROM order_page_tokens WHERE order_id = $1`, [trackerOrderId]))[0]
          .n as number;
      const before = await tokens();
      const auditLog = context.store.app.get(AuditLogRepository);
      const failing = jest.spyOn(auditLog, 'record').mockRejectedValueOnce(new Error('audit log unavailable'));
      try {
        await post(`/api/admin/customers/${trackerUserId}/orders/${trackerOrderId}/page-link`, {}).expect(500);
      } finally {
        failing.mockRestore();
      }
      expect(await tokens()).toBe(before);
    });

    it('finds the customer with their orders count, what they spent and their last order', async () => {
      const { body } = await get(`/api/admin/customers?q=${encodeURIComponent(subscriber)}`).expect(200);
      const [{ amount_cents: charged }] = await db().query(`SELECT amount_cents FROM orders WHERE id = $1`, [
        trackerOrderId,
      ]);
      expect(body.items).toEqual([
        expect.objectContaining({
          id: trackerUserId,
          email: subscriber,
          ordersCount: 1,
          spentCents: Number(charged),
          lastOrderAt: expect.any(String),
        }),
      ]);
    });
  });

  const intentOf = async (order: string) =>
    (await db().query(`SELECT stripe_payment_intent_id AS id FROM orders WHERE id = $1`, [order]))[0].id as string;
});
