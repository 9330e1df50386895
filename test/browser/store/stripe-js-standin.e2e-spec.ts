import request from 'supertest';
import type { Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { useTestApp } from '../../support/test-app';

// A bare page on the store's origin that uses Stripe.js as the checkout does.
const HARNESS = `<!doctype html><html><head><script src="/dev/stripe.js"></script></head>
<body><form id="pay"><div id="payment-element"></div></form></body></html>`;

interface ConfirmResult {
  paymentIntent?: { id: string; status: string };
  error?: { type: string; code?: string; message: string };
}

/** The part of Stripe.js the harness page uses, and where it keeps what it made. */
interface StandInElements {
  create(type: 'payment'): { mount(selector: string): void };
}
interface StandInStripe {
  elements(options: { clientSecret: string }): StandInElements;
  confirmPayment(options: { elements: StandInElements; redirect: 'if_required' }): Promise<ConfirmResult>;
}
interface HarnessWindow {
  Stripe(key: string): StandInStripe;
  stripe: StandInStripe;
  elements: StandInElements;
}

describe('The Stripe.js stand-in in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let page: Page;
  let origin: string;
  let counties: { id: string }[];

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    counties = await context.store.db.query(`SELECT id FROM counties ORDER BY fips LIMIT 10`);
  });

  beforeEach(async () => {
    page = await browser.open();
    await page.route(`${origin}/harness`, (route) => route.fulfill({ contentType: 'text/html', body: HARNESS }));
    await page.goto(`${origin}/harness`);
  });

  async function openCheckout(countyIndex: number, email: string): Promise<string> {
    const { body } = await request(context.store.server)
      .post('/api/create-payment-intent')
      .send({ email, items: [{ countyId: counties[countyIndex].id, purchaseType: 'one-time' }], acceptedLicense: true })
      .expect(200);
    const { publishableKey } = (await request(context.store.server).get('/api/checkout/config')).body;
    await page.evaluate(
      ({ key, clientSecret }) => {
        const w = globalThis as unknown as HarnessWindow;
        w.stripe = w.Stripe(key);
        w.elements = w.stripe.elements({ clientSecret });
        w.elements.create('payment').mount('#payment-element');
      },
      { key: publishableKey, clientSecret: body.clientSecret },
    );
    return body.clientSecret;
  }

  async function fillCard(number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('94107');
  }

  function confirm(): Promise<ConfirmResult> {
    return page.evaluate(() => {
      const w = globalThis as unknown as HarnessWindow;
      return w.stripe.confirmPayment({ elements: w.elements, redirect: 'if_required' });
    });
  }

  it('takes a 4242 card and the store activates the payment', async () => {
    const clientSecret = await openCheckout(0, 'standin-ok@example.com');
    expect(await page.getByText('Test mode: use 4242 4242 4242 4242').isVisible()).toBe(true);
    await fillCard('4242 4242 4242 4242');
    await screenshot(page, 'stripe-standin-card-form');
    const result = await confirm();
    expect(result.paymentIntent?.status).toBe('succeeded');
    const { body } = await request(context.store.server)
      .post('/api/payment-success')
      .send({ paymentIntentId: clientSecret.split('_secret_')[0], email: 'standin-ok@example.com' })
      .expect(200);
    expect(body).toEqual({ activated: 1 });
  });

  it('reports a declined 4000 0000 0000 0002 card as Stripe.js does', async () => {
    await openCheckout(1, 'standin-declined@example.com');
    await fillCard('4000 0000 0000 0002');
    const result = await confirm();
    expect(result.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('asks for 3-D Secure on 4000 0027 6000 3184 and succeeds once completed', async () => {
    await openCheckout(2, 'standin-3ds@example.com');
    await fillCard('4000 0027 6000 3184');
    const pending = confirm();
    const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
    await dialog.waitFor();
    await screenshot(page, 'stripe-standin-3ds');
    await dialog.getByRole('button', { name: 'Complete' }).click();
    expect((await pending).paymentIntent?.status).toBe('succeeded');
  });

  it('refuses an incomplete card before anything is sent', async () => {
    await openCheckout(3, 'standin-incomplete@example.com');
    await page.getByLabel('Card number').fill('4242');
    const result = await confirm();
    expect(result.error).toEqual({ type: 'validation_error', message: 'Your card number is incomplete.' });
  });
});
