import request from 'supertest';
import { PRODUCTION_ENV } from '../../support/production-env';
import { useTestApp } from '../../support/test-app';

describe('Production without Stripe or OpenID settings', () => {
  // Production settings, but no Stripe keys and no OpenID issuer: no stand-in may step in.
  const context = useTestApp({ env: PRODUCTION_ENV });

  it('tells the card form there is no key, and never falls back to the simulator', async () => {
    const { body } = await request(context.store.server).get('/api/checkout/config').expect(200);
    expect(body).toEqual({ publishableKey: null, testMode: false, stripeJsUrl: 'https://js.stripe.com/v3' });
  });

  it('answers a checkout with the spec’s message and records no order', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties LIMIT 1`);
    const res = await request(context.store.server)
      .post('/api/create-payment-intent')
      .send({
        email: 'buyer@example.com',
        items: [{ countyId: county.id, purchaseType: 'one-time' }],
        acceptedLicense: true,
      })
      .expect(503);
    expect(res.body.message).toBe('Payment processing is not configured. Please contact support.');
    expect((await context.store.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n).toBe(0);
  });

  it('answers sign-in with 503 "Sign-in is not configured", never the development provider', async () => {
    const res = await request(context.store.server).get('/api/login').expect(503);
    expect(res.body.message).toBe('Sign-in is not configured');
    await request(context.store.server).get('/dev/oidc/.well-known/openid-configuration').expect(404);
    await request(context.store.server).get('/dev/stripe.js').expect(404);
    await request(context.store.server).get('/dev/mail').expect(404);
  });

  it('tells browsers to use HTTPS only, for a year, and to upgrade any plain request', async () => {
    const res = await request(context.store.server).get('/').expect(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('marks the admin session cookie Secure, httpOnly and SameSite=Strict', async () => {
    const res = await request(context.store.server)
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.66.0.1')
      .send({ password: PRODUCTION_ENV.ADMIN_PASSWORD })
      .expect(200);
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('; ');
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });

  it('does not publish the API documentation', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json']) {
      const res = await request(context.store.server).get(path);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('openapi');
    }
  });
});
