import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { autoRenewalTerms, LICENSE_TERMS, LICENSE_VERSION } from '../../../src/contracts/license';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';
import { readPdf } from '../../support/pdf';

interface County {
  id: string;
  name: string;
  state: string;
}

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  sessionStorage: { clear(): void; setItem(key: string, value: string): void; getItem(key: string): string | null };
  document: { activeElement: unknown };
}

// The store shows dates like "Jan 5, 2025", by the UTC calendar day.
const shortDate = (value: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(value);

/**
 * The license a buyer accepts at checkout and the invoices that follow a purchase: refused until the
 * box is ticked, renewal terms only for County Trackers, then the invoice on the order page (its PDF
 * downloaded and read) and on the signed-in dashboard. One tab walks through it all.
 */
describe('License consent at checkout and invoices after it, in a real browser', () => {
  const context = useTestApp({ listen: true });
  const db = () => context.store.db;
  const buyer = `licensee.${Date.now()}@example.com`;
  const company = 'Acme Realty Partners LLC';
  const taxId = 'EIN 12-3456789';
  const browser = useBrowser();
  let page: Page;
  let origin: string;
  let snapshotCounty: County;
  let trackerCounty: County;
  let paymentIntentCalls: string[];

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [snapshotCounty, trackerCounty] = await db().query(
      `SELECT id, name, state FROM counties WHERE fips IN ('24510', '48201') ORDER BY fips`,
    );
    page = await browser.open({ acceptDownloads: true });
    paymentIntentCalls = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/api/create-payment-intent')) paymentIntentCalls.push(req.postData() ?? '');
    });
  });

  const toasts = () => page.getByRole('region', { name: 'Notifications' });
  const consent = () => page.getByRole('checkbox', { name: /^I accept the license terms/ });
  const termsBox = () => page.getByRole('group', { name: 'License terms' });
  const orderCount = async () => (await db().query(`SELECT count(*)::int AS n FROM orders`))[0].n as number;

  it('shows the renewal terms only while a County Tracker is in the order, and a changed order needs a new tick', async () => {
    // A single-county checkout starts on County Tracker; its plan chooser changes the order in place.
    await page.goto(`${origin}/checkout/${trackerCounty.id}`);
    await consent().waitFor();
    const license = await termsBox().innerText();
    for (const term of LICENSE_TERMS) expect(license).toContain(term);
    for (const term of autoRenewalTerms(1)) expect(license).toContain(term);
    expect(await consent().getAttribute('required')).not.toBeNull();
    expect(
      await termsBox()
        .getByRole('link', { name: /Terms and Conditions/ })
        .getAttribute('href'),
    ).toBe('/terms');
    await page.getByRole('checkbox', { name: 'I accept the license terms and the auto-renewal terms' }).check();

    await page.getByRole('radio', { name: /County SnapShot/ }).check();
    await page.getByRole('checkbox', { name: 'I accept the license terms', exact: true }).waitFor();
    expect(await termsBox().innerText()).not.toContain('Auto-renewal');
    expect(await termsBox().innerText()).not.toContain(autoRenewalTerms(1)[0]);
    // Ticked for other terms than the ones now shown: the buyer ticks again.
    expect(await consent().isChecked()).toBe(false);
    await screenshot(page, 'store-license-snapshot-only');
    expect(paymentIntentCalls).toEqual([]);
  });

  it('refuses to open a payment until the license is ticked, then pays with a company and tax ID on the invoice', async () => {
    const cart = [
      {
        countyId: snapshotCounty.id,
        countyName: snapshotCounty.name,
        state: snapshotCounty.state,
        purchaseType: 'one-time',
        price: 500,
      },
      {
        countyId: trackerCounty.id,
        countyName: trackerCounty.name,
        state: trackerCounty.state,
        purchaseType: 'annual',
        price: 1200,
      },
    ];
    await page.evaluate((stored) => {
      const { sessionStorage } = globalThis as unknown as PageGlobals;
      sessionStorage.clear();
      sessionStorage.setItem('cart', stored);
    }, JSON.stringify(cart));
    await page.goto(`${origin}/checkout`);
    await consent().waitFor();
    expect(await page.getByText('Auto-renewal', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('appear on your invoice', { exact: false }).isVisible()).toBe(true);

    const before = await orderCount();
    await page.getByLabel('Email address').fill(buyer);
    await page.getByLabel('Company name').fill(company);
    await page.getByLabel('Tax ID').fill(taxId);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await toasts().getByText('License Required').waitFor();
    expect(await toasts().textContent()).toContain('Please accept the license terms to continue');
    expect(
      await consent().evaluate((box) => box === (globalThis as unknown as PageGlobals).document.activeElement),
    ).toBe(true);
    await screenshot(page, 'store-license-refused');
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(paymentIntentCalls).toEqual([]);
    expect(await orderCount()).toBe(before);

    await consent().check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const pay = page.getByRole('button', { name: 'Complete Purchase - $1,700' });
    await pay.waitFor();
    expect(JSON.parse(paymentIntentCalls[0])).toEqual({
      items: [
        { countyId: snapshotCounty.id, purchaseType: 'one-time' },
        { countyId: trackerCounty.id, purchaseType: 'annual' },
      ],
      email: buyer,
      acceptedLicense: true,
      companyName: company,
      taxId,
    });
    expect(await page.getByText(`Invoice to ${company} · Tax ID ${taxId}`).isVisible()).toBe(true);
    // Kept beside the email, so a reload of the checkout keeps them.
    const remembered = await page.evaluate(() => {
      const { sessionStorage } = globalThis as unknown as PageGlobals;
      return ['checkoutEmail', 'checkoutCompanyName', 'checkoutTaxId'].map((key) => sessionStorage.getItem(key));
    });
    expect(remembered).toEqual([buyer, company, taxId]);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('ZIP').fill('94107');
    await screenshot(page, 'store-license-card-step');
    await pay.click();
    await toasts().getByText('2 subscription(s) activated! Check your email for details.').waitFor();
    await page.waitForURL(`${origin}/`);

    const [order] = await db().query(
      `SELECT status, amount_cents, license_version, company_name, tax_id FROM orders WHERE email = $1`,
      [buyer],
    );
    expect(order).toEqual({
      status: 'paid',
      amount_cents: 170_000,
      license_version: LICENSE_VERSION,
      company_name: company,
      tax_id: taxId,
    });
    // What the checkout kept for this purchase is gone with it.
    const kept = await page.evaluate(() => {
      const { sessionStorage } = globalThis as unknown as PageGlobals;
      return ['checkoutEmail', 'checkoutCompanyName', 'checkoutTaxId'].map((key) => sessionStorage.getItem(key));
    });
    expect(kept).toEqual([null, null, null]);
  }, 60_000);

  let invoiceNumber: string;

  it('lists the order invoice on the order page, and its PDF names the items and the total', async () => {
    const [{ id: orderId, paid_at: paidAt }] = await db().query(`SELECT id, paid_at FROM orders WHERE email = $1`, [
      buyer,
    ]);
    const token = (await context.store.app.get(OrderPageLinks).forOrder(orderId)).token;
    await page.goto(`${origin}/orders/${token}`);
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('listitem');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const text = await row.innerText();
    invoiceNumber = /CDS-\d+/.exec(text)?.[0] ?? '';
    expect(invoiceNumber).not.toBe('');
    expect(await row.getByText('Order', { exact: true }).isVisible()).toBe(true);
    expect(text).toContain(shortDate(paidAt));
    expect(text).toContain('$1,700');
    await screenshot(page, 'store-license-order-invoices');

    const link = row.getByRole('link', { name: /Download PDF/ });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/api/orders/${token}/invoices/[^/]+/pdf$`));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const pdf = await readPdf(readFileSync(await download.path()));
    const words = pdf.text.replace(/\s+/g, ' ');
    expect(words).toContain(invoiceNumber);
    expect(words).toContain(snapshotCounty.name);
    expect(words).toContain(trackerCounty.name);
    expect(words).toContain('County SnapShot');
    expect(words).toContain('County Tracker');
    expect(words).toMatch(/\$1,700(\.00)?/);
    expect(words).toContain(company);
    expect(words).toContain(taxId);
  });

  it('lists the same invoice on the signed-in dashboard', async () => {
    await signInInBrowser(page, origin, { email: buyer, firstName: 'Lee', lastName: 'Park' }, '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Lee!' }).waitFor();

    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('listitem');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain(invoiceNumber);
    expect(await row.getByText('Order', { exact: true }).isVisible()).toBe(true);
    expect(text).toContain('$1,700');
    expect(await row.getByRole('link', { name: /Download PDF/ }).getAttribute('href')).toMatch(
      /^\/api\/invoices\/[^/]+\/pdf$/,
    );
    await screenshot(page, 'store-license-dashboard-invoices');
  });
});
