import type { Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { PRODUCTION_ENV } from '../../support/production-env';
import { submitSignInForm } from '../../support/sign-in';
import { TestContext, useTestApp } from '../../support/test-app';

interface County {
  id: string;
  name: string;
  state: string;
}
type Plan = 'one-time' | 'annual';

const PRICE: Record<Plan, number> = { 'one-time': 500, annual: 1200 };

function cartOf(lines: [County, Plan][]) {
  return lines.map(([county, purchaseType]) => ({
    countyId: county.id,
    countyName: county.name,
    state: county.state,
    purchaseType,
    price: PRICE[purchaseType],
  }));
}

function originOf(context: TestContext): Promise<string> {
  return context.store.app.getUrl().then(browserOrigin);
}

/** Opens a store page, writes the tab's session storage as the picker would, then goes to `path`. */
async function openWith(page: Page, origin: string, path: string, storage: Record<string, string>): Promise<void> {
  await page.goto(`${origin}/privacy`);
  await page.evaluate((entries) => {
    const { sessionStorage } = globalThis as unknown as BrowserWindow;
    sessionStorage.clear();
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, storage);
  await page.goto(`${origin}${path}`);
}

// Page functions run in the browser; the test project's types know only Node, so they name what they use.
interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  clear(): void;
}
interface BrowserWindow {
  sessionStorage: KeyValueStore;
  localStorage: KeyValueStore;
  innerWidth: number;
  document: { documentElement: { scrollWidth: number } };
}

/** The cart and the checkout email this tab keeps. */
const storedCheckout = (page: Page) =>
  page.evaluate(() => {
    const { sessionStorage } = globalThis as unknown as BrowserWindow;
    return [sessionStorage.getItem('cart'), sessionStorage.getItem('checkoutEmail')];
  });

const toastRegion = (page: Page) => page.getByRole('region', { name: 'Notifications' });

describe('Checkout in the store (browser, Stripe simulator)', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let page: Page;
  let origin: string;
  let counties: County[];
  let run = 0;
  const email = (name: string) => `${name}.${Date.now()}.${++run}@example.com`;

  beforeAll(async () => {
    origin = await originOf(context);
    counties = await context.store.db.query(`SELECT id, name, state FROM counties ORDER BY fips LIMIT 20`);
  });

  beforeEach(async () => {
    page = await browser.open();
  });

  const acceptLicense = () => page.getByRole('checkbox', { name: /^I accept the license terms/ }).check();

  async function continueWith(address: string): Promise<void> {
    await page.getByLabel('Email address').fill(address);
    await acceptLicense();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').waitFor();
  }

  async function fillCard(number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('94107');
  }

  async function ordersOf(address: string): Promise<{ id: string; status: string; amount_cents: number }[]> {
    return context.store.db.query(`SELECT id, status, amount_cents FROM orders WHERE email = $1 ORDER BY created_at`, [
      address,
    ]);
  }

  async function subscriptionsOf(orderId: string): Promise<{ county_id: string; purchase_type: string }[]> {
    return context.store.db.query(
      `SELECT s.county_id, s.purchase_type FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
        WHERE i.order_id = $1 ORDER BY s.purchase_type`,
      [orderId],
    );
  }

  async function eventsOf(visitorId: string): Promise<{ event: string; metadata: Record<string, unknown> }[]> {
    return context.store.db.query(`SELECT event, metadata FROM journey_events WHERE visitor_id = $1 ORDER BY id`, [
      visitorId,
    ]);
  }

  it('pays a two-county cart with 4242, activates both, clears the cart and lands on /', async () => {
    const buyer = email('cart-buyer');
    const cart = cartOf([
      [counties[0], 'one-time'],
      [counties[1], 'annual'],
    ]);
    await openWith(page, origin, '/checkout', { cart: JSON.stringify(cart) });

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText(counties[0].name, { exact: true }).waitFor();
    expect(await summary.getByText(counties[1].name, { exact: true }).isVisible()).toBe(true);
    expect(await summary.getByText('County SnapShot', { exact: true }).first().isVisible()).toBe(true);
    expect(await summary.getByText('County Tracker', { exact: true }).first().isVisible()).toBe(true);
    expect(await summary.getByTestId('checkout-total').textContent()).toBe('$1,700');
    expect(await summary.getByText('Fresh county data emailed to you every month for 12 months.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Back to counties' }).getAttribute('href')).toBe('/select-counties');
    await screenshot(page, 'store-checkout-email-step');

    await continueWith(buyer);
    // The card is charged what the server priced; the button says the same.
    const pay = page.getByRole('button', { name: 'Complete Purchase - $1,700' });
    await pay.waitFor();
    expect(await page.getByText(buyer).isVisible()).toBe(true);
    expect((await ordersOf(buyer))[0]).toMatchObject({ status: 'pending', amount_cents: 170_000 });
    await fillCard('4242 4242 4242 4242');
    await screenshot(page, 'store-checkout-card-step');

    // Hold the confirmation at the simulator, to see the page while the payment is in flight.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/dev/stripe-api/v1/payment_intents/*/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await pay.click();
    const processing = page.getByRole('button', { name: 'Processing...' });
    await processing.waitFor();
    expect(await processing.isDisabled()).toBe(true);
    expect(await page.getByLabel('Card number').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Change' }).isDisabled()).toBe(true);
    await screenshot(page, 'store-checkout-processing');
    release();

    await toastRegion(page).getByText('Payment Successful').waitFor();
    expect(await toastRegion(page).textContent()).toContain(
      '2 subscription(s) activated! Check your email for details.',
    );
    await page.waitForURL(`${origin}/`);
    await screenshot(page, 'store-checkout-paid');
    const stored = await storedCheckout(page);
    expect(stored).toEqual([null, null]);

    const [order] = await ordersOf(buyer);
    expect(order).toMatchObject({ status: 'paid', amount_cents: 170_000 });
    expect(await subscriptionsOf(order.id)).toEqual([
      { county_id: counties[1].id, purchase_type: 'annual' },
      { county_id: counties[0].id, purchase_type: 'one-time' },
    ]);
    const visitorId = await page.evaluate(() =>
      (globalThis as unknown as BrowserWindow).localStorage.getItem('visitorId'),
    );
    const events = await eventually(async () => {
      const rows = await eventsOf(visitorId!);
      return rows.some((row) => row.event === 'payment_success') && rows;
    });
    expect(events.find((e) => e.event === 'checkout_view')?.metadata).toEqual({ cartSize: 2, totalAmount: 1700 });
    expect(events.some((e) => e.event === 'email_entered')).toBe(true);
    expect(events.find((e) => e.event === 'payment_success')?.metadata).toEqual({
      cartSize: 2,
      totalAmount: 1700,
      email: buyer,
    });
  });

  it('reports a declined card, stays on checkout with the button ready again, and a retry with 4242 succeeds', async () => {
    const buyer = email('declined');
    await openWith(page, origin, '/checkout', { cart: JSON.stringify(cartOf([[counties[2], 'one-time']])) });
    await continueWith(buyer);
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Complete Purchase - $500' }).click();

    await toastRegion(page).getByText('Payment Failed').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Your card was declined.');
    await screenshot(page, 'store-checkout-declined');
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const pay = page.getByRole('button', { name: 'Complete Purchase - $500' });
    expect(await pay.isEnabled()).toBe(true);
    expect((await ordersOf(buyer))[0].status).not.toBe('paid');

    await fillCard('4242 4242 4242 4242');
    await pay.click();
    await toastRegion(page).getByText('1 subscription(s) activated! Check your email for details.').waitFor();
    await page.waitForURL(`${origin}/`);
    const orders = await ordersOf(buyer);
    expect(orders).toHaveLength(1);
    expect(orders[0].status).toBe('paid');
    expect(await subscriptionsOf(orders[0].id)).toEqual([{ county_id: counties[2].id, purchase_type: 'one-time' }]);
  });

  it('refuses an email without "@", keeps it, and Change goes back to the email step', async () => {
    const buyer = email('change');
    await openWith(page, origin, '/checkout', { cart: JSON.stringify(cartOf([[counties[3], 'annual']])) });
    const field = page.getByLabel('Email address');
    await field.waitFor();
    expect(await field.getAttribute('type')).toBe('email');
    expect(await field.getAttribute('required')).not.toBeNull();

    await field.fill('buyer.example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await toastRegion(page).getByText('Invalid Email').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Please enter a valid email address');
    await screenshot(page, 'store-checkout-invalid-email');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await ordersOf('buyer.example.com')).toHaveLength(0);

    await continueWith(buyer);
    expect(
      await page.evaluate(() => (globalThis as unknown as BrowserWindow).sessionStorage.getItem('checkoutEmail')),
    ).toBe(buyer);
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe(buyer);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await screenshot(page, 'store-checkout-changed');

    // The old payment is dropped: continuing opens a new one, with a working card form.
    await continueWith(buyer);
    await page.getByRole('button', { name: 'Complete Purchase - $1,200' }).waitFor();
    expect(await ordersOf(buyer)).toHaveLength(2);

    // A reload prefills the email the tab remembered.
    await page.reload();
    expect(await page.getByLabel('Email address').inputValue()).toBe(buyer);
  });

  it('sends a visitor with no cart back to /select-counties with "Cart Empty"', async () => {
    await openWith(page, origin, '/checkout', {});
    await toastRegion(page).getByText('Cart Empty').waitFor();
    expect(await toastRegion(page).textContent()).toContain('Please select counties to purchase');
    await page.waitForURL(`${origin}/select-counties`);
    await screenshot(page, 'store-checkout-empty-cart');
    // Stripe.js is loaded for a payment only, never for a checkout that had nothing to pay.
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
  });

  it('sends a tab with an unreadable cart back to /select-counties with "Failed to load cart"', async () => {
    await openWith(page, origin, '/checkout', { cart: '{"countyId": oops' });
    await toastRegion(page).getByText('Failed to load cart').waitFor();
    await page.waitForURL(`${origin}/select-counties`);
    await screenshot(page, 'store-checkout-bad-cart');
  });

  it('buys one county on /checkout/{countyId} for a signed-in customer, on the chosen plan, leaving the cart alone', async () => {
    const buyer = email('single');
    const county = counties[4];
    const cart = JSON.stringify(cartOf([[counties[5], 'annual']]));
    // Browse Counties sends a signed-in customer here; sign in through the development provider first.
    await openWith(page, origin, `/api/login?returnTo=${encodeURIComponent(`/checkout/${county.id}`)}`, { cart });
    await submitSignInForm(page, { email: buyer });
    await page.waitForURL(`${origin}/checkout/${county.id}`);

    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText(county.name, { exact: true }).waitFor();
    expect(await summary.getByText(counties[5].name, { exact: true }).count()).toBe(0);
    // County Tracker is where a single-county checkout starts.
    expect(await page.getByRole('radio', { name: /County Tracker/ }).isChecked()).toBe(true);
    expect(await summary.getByTestId('checkout-total').textContent()).toBe('$1,200');
    await page.getByRole('radio', { name: /County SnapShot/ }).check();
    expect(await summary.getByTestId('checkout-total').textContent()).toBe('$500');
    // The account's email is filled in.
    await eventually(async () => (await page.getByLabel('Email address').inputValue()) === buyer);
    await screenshot(page, 'store-checkout-single-county');

    await acceptLicense();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').waitFor();
    expect(await page.getByRole('radio', { name: /County Tracker/ }).isDisabled()).toBe(true);
    await fillCard('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Complete Purchase - $500' }).click();
    await toastRegion(page).getByText('1 subscription(s) activated! Check your email for details.').waitFor();
    await page.waitForURL(`${origin}/`);

    const [order] = await ordersOf(buyer);
    expect(order).toMatchObject({ status: 'paid', amount_cents: 50_000 });
    expect(await subscriptionsOf(order.id)).toEqual([{ county_id: county.id, purchase_type: 'one-time' }]);
    const stored = await storedCheckout(page);
    expect(stored).toEqual([cart, null]);
  });

  it('says so when /checkout/{countyId} names no county, with a way back to /counties', async () => {
    await openWith(page, origin, '/checkout/0f8e6b1e-2d0c-4f57-9f4e-9a3b2c1d0e5f', {});
    await page.getByRole('heading', { name: 'County not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Browse Counties' }).getAttribute('href')).toBe('/counties');
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    await screenshot(page, 'store-checkout-unknown-county');
  });

  it('fits a 360 px phone without sideways scrolling, on both steps', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openWith(page, origin, '/checkout', {
      cart: JSON.stringify(
        cartOf([
          [counties[6], 'annual'],
          [counties[7], 'one-time'],
        ]),
      ),
    });
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    const overflow = () =>
      page.evaluate(() => {
        const w = globalThis as unknown as BrowserWindow;
        return w.document.documentElement.scrollWidth - w.innerWidth;
      });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'store-checkout-phone-email');
    await continueWith(email('phone'));
    await page.getByRole('button', { name: 'Complete Purchase - $1,700' }).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'store-checkout-phone-card');
  });
});

describe('Checkout in production with no Stripe keys (browser)', () => {
  const context = useTestApp({ env: PRODUCTION_ENV, listen: true });
  const browser = useBrowser();

  it('shows "Payment processing is not configured. Please contact support." instead of the payment steps', async () => {
    const origin = await originOf(context);
    const [county] = await context.store.db.query(`SELECT id, name, state FROM counties ORDER BY fips LIMIT 1`);
    const page = await browser.open();
    const stripeRequests: string[] = [];
    page.on('request', (req) => {
      if (/stripe/.test(req.url())) stripeRequests.push(req.url());
    });
    await openWith(page, origin, '/checkout', { cart: JSON.stringify(cartOf([[county, 'annual']])) });
    await page.getByText('Payment processing is not configured. Please contact support.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue to Payment' }).count()).toBe(0);
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$1,200');
    expect(stripeRequests).toEqual([]);
    await screenshot(page, 'store-checkout-not-configured');
  });
});
