import request from 'supertest';
import { PRODUCTION_ENV } from './support/production-env';
import { useTestApp } from './support/test-app';

describe('Checkout in production without Stripe keys', () => {
  // Production settings, but no Stripe keys.
  const context = useTestApp({ env: PRODUCTION_ENV });

  it('tells the card form there is no key, and never falls back to the simulator', async () => {
    const { body } = await request(context.store.server).get('/api/checkout/config').expect(200);
    expect(body).toEqual({ publishableKey: null, testMode: false });
  });

  it('answers a checkout with the spec’s message and records no order', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties LIMIT 1`);
    const res = await request(context.store.server)
      .post('/api/create-payment-intent')
      .send({ email: 'buyer@example.com', items: [{ countyId: county.id, purchaseType: 'one-time' }] })
      .expect(503);
    expect(res.body.message).toBe('Payment processing is not configured. Please contact support.');
    expect((await context.store.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n).toBe(0);
  });
});
