import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo } from '../../support/releases';
import { testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
}

const SUPPORT_EMAIL = 'help@county-data.example';

// The store shows dates like "Jan 5, 2025", by the UTC calendar day.
const shortDate = (value: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(value);

describe('The order page from the receipt email, in a real browser', () => {
  // The worker sends the receipt that carries the link.
  const context = useTestApp({ listen: true, worker: true, env: { SUPPORT_EMAIL } });
  const db = () => context.store.db;
  const browser = useBrowser();
  let origin: string;
  let orderId: string;
  let token: string;
  let link: string;
  let dc: { id: string };

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const counties = await db().query(`SELECT id, fips FROM counties WHERE fips IN ('24510', '11001') ORDER BY fips`);
    dc = counties.find((c: { fips: string }) => c.fips === '11001');
    const baltimore = counties.find((c: { fips: string }) => c.fips === '24510');
    orderId = await buy(context.store.server, 'receipt-reader@example.com', [
      { countyId: baltimore.id, purchaseType: 'annual' },
      { countyId: dc.id, purchaseType: 'one-time' },
    ]);
    const [receipt] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, orderId);
    const found = /(https?:\/\/[^\s"<>]+)\/orders\/([\w.-]+)/.exec(receipt.text as string);
    expect(found).not.toBeNull();
    token = found![2];
    // The receipt's link, opened on the address the test reaches the store by.
    link = `${origin}/orders/${token}`;
  });

  let page: Page;
  let requests: string[];

  beforeEach(async () => {
    page = await browser.open();
    requests = [];
    page.on('request', (req) => requests.push(req.url()));
  });

  const countyCard = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  const summary = () => page.getByRole('region', { name: 'Order details' });

  async function openOrder(): Promise<void> {
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
  }

  /** The token goes to the order page's own routes and nowhere else (no journey events, no other host). */
  function expectTokenKeptPrivate(): void {
    const carrying = requests.filter((url) => url.includes(token));
    expect(carrying.length).toBeGreaterThan(0);
    for (const url of carrying) {
      expect(url.startsWith(`${origin}/orders/`) || url.startsWith(`${origin}/api/orders/`)).toBe(true);
    }
    expect(requests.filter((url) => url.includes('/api/journey-events'))).toEqual([]);
  }

  it('shows the order and its counties without signing in, and downloads a county’s file', async () => {
    await openOrder();
    const [order] = await db().query(`SELECT paid_at FROM orders WHERE id = $1`, [orderId]);
    const details = await summary().innerText();
    expect(details).toMatch(new RegExp(`Order date\\s+${shortDate(order.paid_at)}`));
    expect(details).toMatch(/Email\s+receipt-reader@example\.com/);
    expect(details).toMatch(/Total\s+\$1,700/);
    expect(details).toMatch(/Status\s+Paid/);

    const dcCard = countyCard('District of Columbia');
    const baltimoreCard = countyCard('Baltimore City');
    expect(await dcCard.innerText()).toMatch(/County SnapShot[\s\S]*\$500/);
    expect(await baltimoreCard.innerText()).toMatch(/Maryland[\s\S]*County Tracker[\s\S]*\$1,200[\s\S]*Expires/);
    expect(await dcCard.locator('.badge', { hasText: 'Active' }).count()).toBe(1);
    expect(await baltimoreCard.locator('.badge', { hasText: 'Active' }).count()).toBe(1);
    await screenshot(page, 'store-order-page');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dcCard.getByRole('button', { name: 'Download Data' }).click(),
    ]);
    const file = readFileSync(await download.path());
    const [dataset] = await db().query(
      `SELECT bytes, sha256, release FROM county_datasets WHERE county_id = $1 ORDER BY release DESC LIMIT 1`,
      [dc.id],
    );
    expect(file.length).toBe(Number(dataset.bytes));
    expect(createHash('sha256').update(file).digest('hex')).toBe(dataset.sha256);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-dc-${dataset.release}\\.csv\\.gz$`));
    await dcCard.getByRole('status').filter({ hasText: 'Your download has started' }).waitFor();
    await screenshot(page, 'store-order-page-download');

    // The sign-in offer returns to the dashboard, not to this page: the token stays out of the sign-in flow.
    const signIn = page.getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe('/api/login?returnTo=%2Fdashboard');
    expectTokenKeptPrivate();
  });

  it('fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 780 });
    await openOrder();
    await countyCard('Baltimore City').waitFor();
    const fits = await page.evaluate(() => {
      const { documentElement } = (globalThis as unknown as PageGlobals).document;
      return documentElement.scrollWidth <= documentElement.clientWidth;
    });
    expect(fits).toBe(true);
    await screenshot(page, 'store-order-page-360');
  });

  it('offers a County Tracker’s change file next to the full file of each release, and downloads it', async () => {
    const [baltimore] = await db().query(`SELECT id FROM counties WHERE fips = '24510'`);
    const [older, last] = [monthsAgo(2), monthsAgo(1)];
    await makeRelease(context.store.app, older, [{ countyId: baltimore.id }]);
    const latest = await makeRelease(context.store.app, last, [
      { countyId: baltimore.id, changes: { previousRelease: older, added: 2, removed: 1, changed: 4 } },
    ]);
    await db().query(`UPDATE subscriptions SET start_date = $2 WHERE county_id = $1 AND purchase_type = 'annual'`, [
      baltimore.id,
      `${older}-15T12:00:00Z`,
    ]);
    const [year, month] = last.split('-').map(Number);
    const lastName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year, month - 1, 1)),
    );

    await openOrder();
    const releases = page.getByRole('region', { name: 'Monthly releases' });
    await releases.getByText('2 added, 1 removed, 4 changed').waitFor();
    // One Tracker in the order: the SnapShot shows only its own file.
    expect(await releases.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Download Data' }).count()).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      releases.getByRole('button', { name: `Changes, ${lastName}` }).click(),
    ]);
    const file = readFileSync(await download.path());
    expect(createHash('sha256').update(file).digest('hex')).toBe(
      createHash('sha256').update(latest.files.get(baltimore.id)!.changes!).digest('hex'),
    );
    expect(download.suggestedFilename()).toBe(`baltimore-city-md-${last}-changes.csv.gz`);
    expectTokenKeptPrivate();
  });

  it('says it cannot find the order when the token was altered, with the support email and a way home', async () => {
    const altered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    await page.goto(`${origin}/orders/${altered}`);
    await page.getByRole('heading', { level: 1, name: 'We could not find this order' }).waitFor();
    expect(await page.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('button', { name: 'Download Data' }).count()).toBe(0);
    await screenshot(page, 'store-order-page-not-found');
  });

  it('says the order is on hold while its payment is disputed, with whom to write to', async () => {
    const stripe = await testStripe();
    const [order] = await db().query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [orderId]);
    const intent = await stripe.server.paymentIntents.retrieve(order.stripe_payment_intent_id);
    const dispute = stripe.simulator.openDispute(intent.latest_charge as string);
    await stripe.simulator.flushWebhooks();

    await page.goto(`${origin}/orders/${token}`);
    const hold = page.getByRole('alert');
    await page.getByRole('heading', { level: 1, name: 'This order is not available' }).waitFor();
    expect(await hold.innerText()).toContain(
      `This order is on hold while a dispute of its payment is open. Write to ${SUPPORT_EMAIL} if you have questions.`,
    );
    expect(await page.getByRole('button', { name: 'Download Data' }).count()).toBe(0);
    await screenshot(page, 'store-order-page-on-hold');

    // Won: the order is back as it was, for the tests after this one.
    stripe.simulator.closeDispute(dispute.id, 'won');
    await stripe.simulator.flushWebhooks();
    await openOrder();
    await countyCard('District of Columbia').getByRole('button', { name: 'Download Data' }).waitFor();
  });

  it('says a link staff gave has expired after 30 days, and how to get a new one', async () => {
    const links = context.store.app.get(OrderPageLinks);
    const staffLink = await links.forStaff(db().manager, orderId);
    await db().query(
      `UPDATE order_page_tokens SET expires_at = now() - interval '1 minute' WHERE expires_at IS NOT NULL`,
    );
    await page.goto(staffLink.page.replace(/^https?:\/\/[^/]+/, origin));
    await page.getByRole('heading', { level: 1, name: 'This order link has expired' }).waitFor();
    expect(await page.getByRole('alert').innerText()).toContain(
      `This order link has expired. Please use the link in your receipt email, or write to ${SUPPORT_EMAIL} for a new one.`,
    );
    expect(await page.getByRole('button', { name: 'Download Data' }).count()).toBe(0);
    await screenshot(page, 'store-order-page-link-expired');
  });

  it('after a refund, shows the server’s reason for a download already on screen, then no downloads', async () => {
    await openOrder();
    const dcDownload = countyCard('District of Columbia').getByRole('button', { name: 'Download Data' });
    await dcDownload.waitFor();

    const stripe = await testStripe();
    const [order] = await db().query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [orderId]);
    await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
    await stripe.simulator.flushWebhooks();
    await eventually(async () => {
      const [after] = await db().query(`SELECT status FROM orders WHERE id = $1`, [orderId]);
      return after.status === 'refunded';
    });

    await dcDownload.click();
    const refused = countyCard('District of Columbia').getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/does not include this file any more/);
    await screenshot(page, 'store-order-page-refused');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
    expect(await summary().innerText()).toMatch(/Status\s+Refunded/);
    for (const name of ['District of Columbia', 'Baltimore City']) {
      const card = countyCard(name);
      expect(await card.locator('.badge', { hasText: 'Cancelled' }).count()).toBe(1);
      expect(await card.innerText()).toContain('This order was refunded, so its files can no longer be downloaded.');
    }
    expect(await page.getByRole('button', { name: 'Download Data' }).count()).toBe(0);
    await screenshot(page, 'store-order-page-refunded');
    expectTokenKeptPrivate();
  });
});
