import { createHash, randomUUID } from 'node:crypto';
import request from 'supertest';
import { JourneyRollupService } from '../../../src/modules/journey/journey-rollup.service';
import { buy } from '../../support/purchase';
import { testStripe } from '../../support/stripe';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('The admin API', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  let addressCounter = 0;
  // Each test signs in from its own address, so the login throttle of one test does not touch another.
  const address = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

  async function login(): Promise<string> {
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', address())
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    return res.body.token;
  }

  const admin = (token: string) => ({
    get: (path: string) => api().get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body?: object) => api().post(path).set('Authorization', `Bearer ${token}`).send(body),
    put: (path: string, body: object) => api().put(path).set('Authorization', `Bearer ${token}`).send(body),
    delete: (path: string) => api().delete(path).set('Authorization', `Bearer ${token}`),
  });

  describe('signing in', () => {
    it('answers the right password with a token kept only as a hash, and an httpOnly SameSite=Strict cookie', async () => {
      const res = await api()
        .post('/api/admin/login')
        .set('X-Forwarded-For', address())
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200);
      const token: string = res.body.token;
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cds.admin='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      const stored = await context.store.db.query(`SELECT token, expires_at FROM admin_sessions WHERE token = $1`, [
        sha256(token),
      ]);
      expect(stored).toHaveLength(1);
      const hours = (new Date(stored[0].expires_at).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
      expect(
        (await context.store.db.query(`SELECT count(*)::int AS n FROM admin_sessions WHERE token = $1`, [token]))[0].n,
      ).toBe(0);
      // The cookie alone works too.
      await api().get('/api/admin/check-auth').set('Cookie', cookie.split(';')[0]).expect(200);
    });

    it('says only "Invalid password" to a wrong or missing one', async () => {
      const wrong = await api()
        .post('/api/admin/login')
        .set('X-Forwarded-For', address())
        .send({ password: 'guess' })
        .expect(401);
      expect(wrong.body.message).toBe('Invalid password');
      const missing = await api().post('/api/admin/login').set('X-Forwarded-For', address()).send({}).expect(400);
      expect(missing.body.message).toBe('Password is required');
    });

    it('refuses an address after 5 failures in 15 minutes with 429 and Retry-After, even the right password', async () => {
      const from = address();
      for (let i = 0; i < 5; i++) {
        await api()
          .post('/api/admin/login')
          .set('X-Forwarded-For', from)
          .send({ password: `wrong-${i}` })
          .expect(401);
      }
      const blocked = await api()
        .post('/api/admin/login')
        .set('X-Forwarded-For', from)
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
      expect(blocked.body.message).toMatch(/Too many failed attempts/);
      // Another address is not affected.
      await api()
        .post('/api/admin/login')
        .set('X-Forwarded-For', address())
        .send({ password: TEST_ADMIN_PASSWORD })
        .expect(200);
    });
  });

  describe('every admin route', () => {
    const routes: [string, string][] = [
      ['get', '/api/admin/check-auth'],
      ['post', '/api/admin/logout'],
      ['get', '/api/admin/summary'],
      ['get', '/api/admin/analytics'],
      ['get', '/api/admin/subscriptions'],
      ['post', `/api/admin/subscriptions/${randomUUID()}/cancel`],
      ['get', '/api/admin/users'],
      ['put', `/api/admin/counties/${randomUUID()}`],
      ['delete', `/api/admin/counties/${randomUUID()}`],
      ['get', '/api/admin/audit-log'],
    ];
    let expired: string;
    let revoked: string;

    beforeAll(async () => {
      expired = 'expired-token-for-the-test';
      await context.store.db.query(
        `INSERT INTO admin_sessions (token, expires_at) VALUES ($1, now() - interval '1 minute')`,
        [sha256(expired)],
      );
      revoked = await login();
      await admin(revoked).post('/api/admin/logout').expect(200);
    });

    const tokens: [string, () => string | undefined][] = [
      ['no token', () => undefined],
      ['a wrong token', () => 'not-a-real-token'],
      ['an expired token', () => expired],
      ['a revoked token', () => revoked],
    ];

    it.each(routes.flatMap(([method, path]) => tokens.map(([name, token]) => [method, path, name, token] as const)))(
      'refuses %s %s with %s',
      async (method, path, _name, token) => {
        let call = (api() as unknown as Record<string, (p: string) => request.Test>)[method](path);
        const value = token();
        if (value) call = call.set('Authorization', `Bearer ${value}`);
        const res = await call.send({ name: 'x', state: 'y', stateCode: 'ZZ', population: 1 }).expect(401);
        expect(res.body.message).toBe('Unauthorized');
      },
    );
  });

  describe('figures, on a known set of events, orders and refunds', () => {
    let token: string;
    const visitors = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

    beforeAll(async () => {
      token = await login();
      const stripe = await testStripe();
      const journeys: [number, string][] = [
        [0, 'landing_view'],
        [0, 'landing_view'],
        [0, 'counties_view'],
        [0, 'cart_add'],
        [0, 'checkout_view'],
        [0, 'email_entered'],
        [0, 'payment_success'],
        [1, 'landing_view'],
        [1, 'cart_add'],
        [2, 'landing_view'],
        [3, 'cart_add'],
      ];
      for (const [visitor, event] of journeys) {
        await api()
          .post('/api/journey-events')
          .send({ visitorId: visitors[visitor], event, metadata: { source: 'test' } })
          .expect(202);
      }
      const counties: { id: string }[] = await context.store.db.query(`SELECT id FROM counties ORDER BY fips LIMIT 3`);
      await buy(context.store.server, 'figures-a@example.com', [
        { countyId: counties[0].id, purchaseType: 'one-time' },
        { countyId: counties[1].id, purchaseType: 'annual' },
      ]);
      const refundedOrder = await buy(context.store.server, 'figures-b@example.com', [
        { countyId: counties[2].id, purchaseType: 'annual' },
      ]);
      const [order] = await context.store.db.query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [
        refundedOrder,
      ]);
      await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
      await stripe.simulator.flushWebhooks();
      // A renewal charge, as renewal billing records it in the ledger.
      await context.store.db.query(
        `INSERT INTO payments (kind, amount_cents, amount_by_purchase_type, currency, stripe_object_id)
         VALUES ('renewal', 120000, '{"annual": 120000}', 'usd', 'in_test_renewal')`,
      );
      // What the worker's scheduled rollup does, without waiting for its schedule.
      await context.store.app.get(JourneyRollupService).catchUp(0);
    });

    it('summarises users, subscriptions, revenue with renewals and net of refunds, and conversion', async () => {
      const { body } = await admin(token).get('/api/admin/summary').expect(200);
      expect(body).toEqual({
        totalUsers: 2,
        activeSubscriptions: 2,
        totalRevenue: 2900,
        averageSubscriptionValue: 966.67,
        conversionRate: 25,
        uniqueVisitors: 4,
        totalSubscriptions: 3,
      });
    });

    it('gives the funnel, event counts and revenue by plan type', async () => {
      const { body } = await admin(token).get('/api/admin/analytics').expect(200);
      expect(body.journey.conversionFunnel).toEqual([
        { event: 'landing_view', count: 3, rate: 100 },
        { event: 'counties_view', count: 1, rate: 33.3 },
        { event: 'cart_add', count: 3, rate: 100 },
        { event: 'checkout_view', count: 1, rate: 33.3 },
        { event: 'email_entered', count: 1, rate: 33.3 },
        { event: 'payment_success', count: 1, rate: 33.3 },
      ]);
      expect(body.journey.uniqueVisitors).toBe(4);
      expect(body.journey.eventCounts).toEqual(
        expect.arrayContaining([
          { event: 'landing_view', count: 4 },
          { event: 'cart_add', count: 3 },
        ]),
      );
      expect(body.revenue).toEqual({
        totalRevenue: 2900,
        activeSubscriptions: 2,
        averageSubscriptionValue: 966.67,
        revenueByPurchaseType: { annual: 2400, 'one-time': 500 },
      });
    });

    it('lists subscriptions newest first with customer and county, and users with their subscriptions', async () => {
      const subscriptions = (await admin(token).get('/api/admin/subscriptions').expect(200)).body;
      expect(subscriptions).toHaveLength(3);
      expect(subscriptions[0]).toMatchObject({
        user: { email: 'figures-b@example.com' },
        status: 'cancelled',
        purchaseType: 'annual',
        amount: 1200,
      });
      expect(subscriptions[0].county).toEqual({ name: expect.any(String), state: expect.any(String) });
      const users = (await admin(token).get('/api/admin/users').expect(200)).body;
      const a = users.find((u: { email: string }) => u.email === 'figures-a@example.com');
      expect(a.subscriptions).toEqual(
        expect.arrayContaining([
          { status: 'active', amount: 500 },
          { status: 'active', amount: 1200 },
        ]),
      );
      expect(Object.keys(a).sort()).toEqual([
        'createdAt',
        'email',
        'firstName',
        'id',
        'lastName',
        'profileImageUrl',
        'subscriptions',
      ]);
    });

    it('cancels an active subscription once, audits it, and answers 409 after', async () => {
      const subscriptions = (await admin(token).get('/api/admin/subscriptions').expect(200)).body;
      const active = subscriptions.find((s: { status: string }) => s.status === 'active');
      await admin(token).post(`/api/admin/subscriptions/${active.id}/cancel`).expect(200);
      const again = await admin(token).post(`/api/admin/subscriptions/${active.id}/cancel`).expect(409);
      expect(again.body.message).toBe('Only an active subscription can be cancelled; this one is cancelled');
      const [row] = await context.store.db.query(`SELECT status, auto_renew FROM subscriptions WHERE id = $1`, [
        active.id,
      ]);
      expect(row).toEqual({ status: 'cancelled', auto_renew: false });
      const log = (await admin(token).get('/api/admin/audit-log').expect(200)).body;
      expect(log[0]).toMatchObject({
        action: 'subscription.cancel',
        targetId: active.id,
        before: { status: 'active' },
        after: { status: 'cancelled' },
      });
    });
  });

  describe('counties', () => {
    let token: string;
    let county: { id: string; fips: string };

    beforeAll(async () => {
      token = await login();
      [county] = await context.store.db.query(
        `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY fips DESC LIMIT 1`,
      );
    });

    it.each([
      [{ name: 'X', state: 'Y', stateCode: 'ABC', population: 1 }, 'State code must be exactly 2 letters'],
      [{ name: 'X', state: 'Y', stateCode: 'A1', population: 1 }, 'State code must be exactly 2 letters'],
      [{ name: '  ', state: 'Y', stateCode: 'AB', population: 1 }, 'County name is required'],
      [{ name: 'X', state: '', stateCode: 'AB', population: 1 }, 'State is required'],
      [{ name: 'X', state: 'Y', stateCode: 'AB', population: 'many' }, 'Population must be a whole number or empty'],
      [{ name: 'X', state: 'Y', stateCode: 'AB', population: -5 }, 'Population cannot be negative'],
      [{ name: 'X', state: 'Y', stateCode: 'AB', population: 1.5 }, 'Population must be a whole number or empty'],
    ])('refuses %j', async (body, message) => {
      const res = await admin(token).put(`/api/admin/counties/${county.id}`, body).expect(400);
      expect(res.body.message).toContain(message);
    });

    it('edits a county, stores the state code upper-case, and the catalog changes at once', async () => {
      const before = await api().get('/api/counties').set('Accept-Encoding', 'gzip');
      const res = await admin(token)
        .put(`/api/admin/counties/${county.id}`, {
          name: 'Renamed County',
          state: 'Somewhere',
          stateCode: 'sw',
          population: null,
        })
        .expect(200);
      expect(res.body).toMatchObject({ name: 'Renamed County', stateCode: 'SW', population: null });
      const after = await api()
        .get('/api/counties')
        .set('Accept-Encoding', 'gzip')
        .set('If-None-Match', before.headers.etag)
        .expect(200);
      expect(after.body.find((c: { id: string }) => c.id === county.id)).toMatchObject({
        name: 'Renamed County',
        stateCode: 'SW',
      });
      await admin(token)
        .put(`/api/admin/counties/${randomUUID()}`, { name: 'X', state: 'Y', stateCode: 'AB', population: 1 })
        .expect(404);
    });

    it('removes a county from the catalog while its subscriptions still show its name and state', async () => {
      const [sold] = await context.store.db.query(
        `SELECT id, name, state FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
      );
      await buy(context.store.server, 'removed-county@example.com', [{ countyId: sold.id, purchaseType: 'one-time' }]);
      await admin(token).delete(`/api/admin/counties/${sold.id}`).expect(200);
      const catalog = (await api().get('/api/counties').expect(200)).body;
      expect(catalog.some((c: { id: string }) => c.id === sold.id)).toBe(false);
      const subscriptions = (await admin(token).get('/api/admin/subscriptions').expect(200)).body;
      const kept = subscriptions.find(
        (s: { user: { email: string } }) => s.user.email === 'removed-county@example.com',
      );
      expect(kept.county).toEqual({ name: sold.name, state: sold.state });
      await admin(token).delete(`/api/admin/counties/${sold.id}`).expect(404);
      // A removed county cannot be bought any more.
      await api()
        .post('/api/create-payment-intent')
        .send({
          email: 'late@example.com',
          items: [{ countyId: sold.id, purchaseType: 'one-time' }],
          acceptedLicense: true,
        })
        .expect(400);
    });
  });
});
