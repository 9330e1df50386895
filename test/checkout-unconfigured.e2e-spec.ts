import request from 'supertest';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TestApp,
  TestEnvironment,
} from './support/test-app';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example.com',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_SECRET: 's'.repeat(40),
  ADMIN_PASSWORD: 'a'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'orders@example.com',
  SUPPORT_PHONE: '+1 604 555 0100',
  SUPPORT_EMAIL: 'support@example.com',
};

describe('Checkout in production without Stripe keys', () => {
  let environment: TestEnvironment;
  let store: TestApp;

  beforeAll(async () => {
    environment = await createTestEnvironment(production);
    store = await startTestApp(environment);
  });

  afterAll(async () => {
    await store.close();
    await destroyTestEnvironment(environment);
  });

  it('tells the card form there is no key, and never falls back to the simulator', async () => {
    const { body } = await request(store.server).get('/api/checkout/config').expect(200);
    expect(body).toEqual({ publishableKey: null, testMode: false });
  });

  it('answers a checkout with the spec’s message and records no order', async () => {
    const [county] = await store.db.query(`SELECT id FROM counties LIMIT 1`);
    const res = await request(store.server)
      .post('/api/create-payment-intent')
      .send({ email: 'buyer@example.com', items: [{ countyId: county.id, purchaseType: 'one-time' }] })
      .expect(503);
    expect(res.body.message).toBe('Payment processing is not configured. Please contact support.');
    expect((await store.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n).toBe(0);
  });
});
