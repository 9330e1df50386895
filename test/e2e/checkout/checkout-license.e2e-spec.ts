import request from 'supertest';
import { LICENSE_VERSION } from '../../../src/contracts/license';
import { testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';

describe('Checkout: the license accepted and who is billed', () => {
  const context = useTestApp();
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let countyId: string;
  let buyers = 0;

  const newEmail = () => `license.${++buyers}.${Date.now()}@example.com`;
  const orders = async () => (await context.store.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n as number;
  const checkout = (body: Record<string, unknown>) =>
    request(context.store.server)
      .post('/api/create-payment-intent')
      .set('X-Forwarded-For', `10.66.0.${buyers}`)
      .send({ items: [{ countyId, purchaseType: 'one-time' }], ...body });
  /** Whether the checkout reached Stripe: it finds or creates the buyer's Customer first. */
  const reachedStripe = async (email: string) => (await stripe.server.customers.list({ email })).data.length > 0;

  beforeAll(async () => {
    stripe = await testStripe();
    [{ id: countyId }] = await context.store.db.query(`SELECT id FROM counties WHERE deleted_at IS NULL LIMIT 1`);
  });

  describe('refuses a checkout whose license was not accepted, writing no order and calling no Stripe', () => {
    it.each([
      ['without acceptedLicense', {}],
      ['with acceptedLicense false', { acceptedLicense: false }],
      ['with acceptedLicense "true" (text, not true)', { acceptedLicense: 'true' }],
      ['with acceptedLicense 1', { acceptedLicense: 1 }],
    ])('%s', async (_case, license) => {
      const email = newEmail();
      const before = await orders();
      const res = await checkout({ email, ...license }).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Accept the license terms to continue',
        error: 'Bad Request',
      });
      expect(await orders()).toBe(before);
      expect(await reachedStripe(email)).toBe(false);
    });
  });

  it('records the license version and when it was accepted, and the company and tax ID, trimmed', async () => {
    const started = new Date();
    const email = newEmail();
    const res = await checkout({
      email,
      acceptedLicense: true,
      companyName: '  Acme Realty LLC  ',
      taxId: ' US 12-3456789 ',
    }).expect(200);
    const [order] = await context.store.db.query(
      `SELECT license_version, license_accepted_at, company_name, tax_id FROM orders WHERE id = $1`,
      [res.body.orderId],
    );
    expect(order).toMatchObject({
      license_version: LICENSE_VERSION,
      company_name: 'Acme Realty LLC',
      tax_id: 'US 12-3456789',
    });
    // Accepted as the order was written: not before the request, not after now.
    expect(order.license_accepted_at.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1000);
    expect(order.license_accepted_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await reachedStripe(email)).toBe(true);
  });

  it('takes no company or tax ID when none is given, or null', async () => {
    for (const details of [{}, { companyName: null, taxId: null }]) {
      const res = await checkout({ email: newEmail(), acceptedLicense: true, ...details }).expect(200);
      const [order] = await context.store.db.query(
        `SELECT license_version, company_name, tax_id FROM orders WHERE id = $1`,
        [res.body.orderId],
      );
      expect(order).toEqual({ license_version: LICENSE_VERSION, company_name: null, tax_id: null });
    }
  });

  it.each([
    [
      'a company name over 200 characters',
      { companyName: 'A'.repeat(201) },
      /company name must be 1 to 200 characters/,
    ],
    ['a blank company name', { companyName: '   ' }, /company name must be 1 to 200 characters/],
    ['a company name with a line break', { companyName: 'Acme\nEvil' }, /without line breaks/],
    ['a company name with a right-to-left override', { companyName: 'Acme \u202Efdp.exe' }, /control characters/],
    ['a company name with a line separator', { companyName: 'Acme\u2028Evil' }, /without line breaks/],
    ['a tax ID over 50 characters', { taxId: '1'.repeat(51) }, /tax ID must be 1 to 50 characters/],
    ['a tax ID with other characters', { taxId: 'DE<script>' }, /letters, digits, spaces and the characters - \. \//],
    ['a company name that is no text', { companyName: 42 }, /companyName must be text/],
  ])('refuses %s with a message saying why, and writes no order', async (_case, details, message) => {
    const email = newEmail();
    const before = await orders();
    const res = await checkout({ email, acceptedLicense: true, ...details }).expect(400);
    expect(res.body.message).toMatch(message);
    expect(await orders()).toBe(before);
    expect(await reachedStripe(email)).toBe(false);
  });

  it('accepts a company name of exactly 200 characters, accents included', async () => {
    const companyName = `Société ${'é'.repeat(192)}`;
    expect([...companyName]).toHaveLength(200);
    const res = await checkout({ email: newEmail(), acceptedLicense: true, companyName }).expect(200);
    const [order] = await context.store.db.query(`SELECT company_name FROM orders WHERE id = $1`, [res.body.orderId]);
    expect(order.company_name).toBe(companyName);
  });
});
