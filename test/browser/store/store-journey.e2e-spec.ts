import type { Page } from 'playwright-core';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { submitSignInForm } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

/**
 * One buyer's whole visit, screen to screen as a person clicks through it: the landing page,
 * the picker (a state, then a search), the cart, checkout against the Stripe simulator (a
 * declined card, then a good one), sign-in with the email they bought with, and the dashboard.
 */
describe('A buyer’s whole journey through the store, in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let page: Page;
  let origin: string;
  let refused: string[];
  const email = 'journey-buyer@example.com';

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    page = await browser.open();
    refused = cspRefusals(page);
  });

  const toasts = () => page.getByRole('region', { name: 'Notifications' });

  async function fillCard(number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('94107');
  }

  it('goes from the landing page to a paid order, then sees it on the dashboard after signing in', async () => {
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Pick Your County' }).first().click();
    await page.waitForURL(`${origin}/select-counties`);

    // A state's counties, then a search across every state.
    await page.getByLabel('State').selectOption('Delaware');
    await page.getByRole('button', { name: 'County Tracker $1,200/year for Kent, Delaware' }).click();
    await toasts().getByText('Added to Cart').waitFor();
    await page.getByLabel('State').selectOption({ label: 'All States' });
    await page.getByLabel('Search counties').fill('baltimore');
    await page.getByRole('button', { name: 'County SnapShot $500 for Baltimore City, Maryland' }).click();
    const cart = page.getByRole('complementary', { name: 'Your Cart' });
    await cart.getByText('2 counties').waitFor();
    await screenshot(page, 'store-journey-cart');
    await cart.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${origin}/checkout`);

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('checkbox', { name: /^I accept the license terms/ }).check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const pay = page.getByRole('button', { name: 'Complete Purchase - $1,700' });
    await pay.waitFor();
    await fillCard('4000 0000 0000 0002');
    await pay.click();
    await toasts().getByText('Payment Failed').waitFor();
    await toasts().getByText('Your card was declined.').waitFor();

    await fillCard('4242 4242 4242 4242');
    await pay.click();
    await toasts().getByText('Payment Successful').waitFor();
    await toasts().getByText('2 subscription(s) activated! Check your email for details.').waitFor();
    await page.waitForURL(`${origin}/`);
    await screenshot(page, 'store-journey-paid');

    const [order] = await context.store.db.query(
      `SELECT o.status, o.amount_cents, count(s.id)::int AS subscriptions
       FROM orders o JOIN order_items i ON i.order_id = o.id JOIN subscriptions s ON s.order_item_id = i.id
       WHERE o.email = $1 GROUP BY o.id`,
      [email],
    );
    expect(order).toEqual({ status: 'paid', amount_cents: 170_000, subscriptions: 2 });

    // Signing in with the verified email that paid shows the purchase on the dashboard.
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await submitSignInForm(page, { email, firstName: 'Jo', lastName: 'Rivera' });
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Jo!' }).waitFor();
    const tracker = page.getByRole('article', { name: 'Kent', exact: true });
    const snapshot = page.getByRole('article', { name: 'Baltimore City', exact: true });
    await tracker.waitFor();
    expect(await tracker.getByText('County Tracker').isVisible()).toBe(true);
    expect(await snapshot.getByText('County SnapShot').isVisible()).toBe(true);

    await tracker.getByRole('switch', { name: 'Auto-renewal' }).click();
    await toasts().getByText('Settings Updated').waitFor();
    const [renewal] = await context.store.db.query(
      `SELECT s.auto_renew FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id JOIN orders o ON o.id = i.order_id
       WHERE o.email = $1 AND s.purchase_type = 'annual'`,
      [email],
    );
    expect(renewal.auto_renew).toBe(false);
    await screenshot(page, 'store-journey-dashboard');
    // Every screen on the way, the card form and the sign-in pages included, worked within the security policy.
    expect(refused).toEqual([]);
  }, 90_000);
});
