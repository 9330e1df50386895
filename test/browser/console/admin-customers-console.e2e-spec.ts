import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { TrackerDeliveriesService } from '../../../src/modules/subscriptions/tracker-deliveries.service';
import { formatDate } from '../../../web-shared/format';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { readPdf } from '../../support/pdf';
import { buy } from '../../support/purchase';
import { testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';

describe('Customers in the console: find one, refund part of an order, resend a receipt, extend a subscription', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const db = () => context.store.db;
  const buyer = `console-customer-${randomUUID().slice(0, 8)}@example.com`;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let origin: string;
  let page: Page;
  let token: string;
  let userId: string;
  let orderId: string;
  let tracker: { id: string; stripeSubscriptionId: string; countyName: string };

  const toast = (title: string) => page.locator('.ant-notification-notice').getByText(title).first().waitFor();
  const customerPage = () => `/admin/customers/${userId}`;
  /** A phone's width, once the side menu has folded away behind its toggle. */
  const phoneWidth = async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Toggle menu' }).waitFor();
    // Folded, the menu is its 1 px border.
    await eventually(async () => ((await page.locator('.admin-sider').boundingBox())?.width ?? 0) <= 1);
  };

  beforeAll(async () => {
    stripe = await testStripe();
    origin = browserOrigin(await context.store.app.getUrl());
    const [snapshot, annual] = await db().query(
      `SELECT id FROM counties WHERE deleted_at IS NULL AND population IS NOT NULL ORDER BY population DESC, fips LIMIT 2`,
    );
    orderId = await buy(context.store.server, buyer, [
      { countyId: snapshot.id, purchaseType: 'one-time' },
      { countyId: annual.id, purchaseType: 'annual' },
    ]);
    [{ user_id: userId }] = await db().query(`SELECT user_id FROM orders WHERE id = $1`, [orderId]);
    tracker = await eventually(async () => {
      const [row] = await db().query(
        `SELECT s.id, s.stripe_subscription_id AS "stripeSubscriptionId", c.name || ', ' || c.state_code AS "countyName"
         FROM subscriptions s JOIN counties c ON c.id = s.county_id
         WHERE s.user_id = $1 AND s.purchase_type = 'annual'`,
        [userId],
      );
      return row?.stripeSubscriptionId && row;
    });
    // The receipt is sent before the page is looked at, so that a resend is the one email more.
    await eventually(
      async () =>
        (
          await db().query(`SELECT 1 FROM email_deliveries WHERE message_key = $1 AND sent_at IS NOT NULL`, [
            `receipt-${orderId}`,
          ])
        ).length,
    );
  });

  beforeEach(async () => {
    page = await browser.open();
    token = await signInToConsole(page, origin, '/admin/customers');
  });

  it('finds a customer by part of their email, shows what they bought, and opens them from the keyboard', async () => {
    const refusals = cspRefusals(page);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).waitFor();
    await page.getByLabel('Search customers by email or name').fill(buyer.slice(0, 24).toUpperCase());
    const row = page.getByRole('row').filter({ hasText: buyer });
    await row.waitFor();
    await expect(page.getByRole('row').count()).resolves.toBe(2);
    const [{ amount_cents: charged }] = await db().query(`SELECT amount_cents FROM orders WHERE id = $1`, [orderId]);
    await row.getByText(`$${(Number(charged) / 100).toLocaleString('en-US')}`).waitFor();
    await screenshot(page, 'admin-customers-1280');
    await phoneWidth();
    await screenshot(page, 'admin-customers-390');

    await page.getByLabel('Search customers by email or name').fill('nobody-has-this-address');
    await page.getByText('No customer matches this email or name').waitFor();
    await page.getByLabel('Search customers by email or name').fill(buyer);
    await row.getByRole('link', { name: buyer }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}${customerPage()}`);
    await page.getByRole('heading', { name: buyer, level: 1 }).waitFor();
    expect(refusals).toEqual([]);
  });

  it('refunds part of an order after showing the amount: the ledger and the invoice PDF record it', async () => {
    await page.goto(`${origin}${customerPage()}`);
    await page.getByRole('button', { name: `Refund order ${orderId.slice(0, 8)}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Refund order ${orderId.slice(0, 8)}?`).waitFor();
    await dialog.getByLabel('Part of it').check();
    const amount = dialog.getByLabel('Amount in dollars');
    await amount.fill('999999');
    await dialog.getByText(/^At most \$[\d,]+ of this order is refundable$/).waitFor();
    expect(await dialog.getByRole('button', { name: /^Refund/ }).isDisabled()).toBe(true);
    await amount.fill('200');
    await dialog.getByRole('button', { name: 'Refund $200' }).dblclick();
    await toast('Refund Issued');

    await stripe.simulator.flushWebhooks();
    const ledger = async () =>
      (await db().query(`SELECT amount_cents FROM payments WHERE order_id = $1 AND kind = 'refund'`, [orderId])).map(
        (r: { amount_cents: string }) => Number(r.amount_cents),
      );
    expect(await eventually(async () => (await ledger()).length > 0 && ledger())).toEqual([-20_000]);
    const audits = await db().query(`SELECT 1 FROM audit_log WHERE action = 'order.refund' AND target_id = $1`, [
      orderId,
    ]);
    expect(audits).toHaveLength(1);
    await page
      .getByRole('row')
      .filter({ hasText: orderId.slice(0, 8) })
      .getByText('$200')
      .waitFor();

    const pdfLink = page.getByRole('link', { name: /^PDF of invoice CDS-/ }).first();
    const href = (await pdfLink.getAttribute('href'))!;
    const pdf = await eventually(async () => {
      const res = await fetch(`${origin}${href}`, { headers: { Authorization: `Bearer ${token}` } });
      const text = res.ok ? (await readPdf(Buffer.from(await res.arrayBuffer()))).text : '';
      return /Refunded .*: \$200\.00/.test(text) && text;
    });
    expect(pdf).toMatch(/Refunded .*: \$200\.00/);
  });

  it('resends a receipt as exactly one more email, even with a double click', async () => {
    const copies = async () =>
      db().query(`SELECT sent_at FROM email_deliveries WHERE message_key LIKE $1`, [`receipt-${orderId}-resend-%`]);
    expect(await copies()).toEqual([]);
    await page.goto(`${origin}${customerPage()}`);
    await page.getByRole('button', { name: `Resend receipt of order ${orderId.slice(0, 8)}` }).dblclick();
    await toast('Receipt Sent');
    await eventually(async () => (await copies()).some((row: { sent_at: Date | null }) => row.sent_at));
    const audits = await db().query(
      `SELECT 1 FROM audit_log WHERE action = 'order.receipt_resent' AND target_id = $1`,
      [orderId],
    );
    expect(audits).toHaveLength(1);
    expect(await copies()).toHaveLength(1);
    await page.reload();
    const receipts = page.getByRole('table', { name: 'Emails sent' }).getByRole('row').filter({ hasText: 'Receipt' });
    await receipts.nth(1).waitFor();
    await expect(receipts.count()).resolves.toBe(2);
  });

  it("resends a County Tracker's latest email once for a double click, and gives staff an order-page link", async () => {
    // As if bought last month: the monthly run sends this month's Tracker email.
    await db().query(`UPDATE subscriptions SET start_date = start_date - interval '40 days' WHERE id = $1`, [
      tracker.id,
    ]);
    await context.worker!.get(TrackerDeliveriesService).run();
    const trackerEmails = async () =>
      db().query(`SELECT message_key, sent_at FROM email_deliveries WHERE message_key LIKE $1`, [
        `tracker-delivery-${tracker.id}-%`,
      ]);
    await eventually(async () => (await trackerEmails()).some((row: { sent_at: Date | null }) => row.sent_at));
    await page.goto(`${origin}${customerPage()}`);
    const row = page.getByRole('row').filter({ hasText: tracker.countyName });
    await row.getByRole('button', { name: `Resend Tracker email of ${tracker.countyName}` }).dblclick();
    await toast('Tracker Email Sent');
    await eventually(
      async () => (await trackerEmails()).filter((e: { sent_at: Date | null }) => e.sent_at).length === 2,
    );
    const audits = await db().query(
      `SELECT 1 FROM audit_log WHERE action = 'subscription.tracker_email_resent' AND target_id = $1`,
      [tracker.id],
    );
    expect(audits).toHaveLength(1);
    expect(await trackerEmails()).toHaveLength(2);

    await page.getByRole('button', { name: `Order page link of order ${orderId.slice(0, 8)}` }).click();
    const dialog = page.getByRole('dialog');
    const url = (await dialog.locator('.customer-link').innerText()).trim();
    expect(url).toMatch(/\/orders\/[^/]+$/);
    await dialog.getByRole('button', { name: /copy/i }).waitFor();
    const order = await fetch(`${origin}/api/orders/${url.split('/orders/')[1]}`);
    expect(order.status).toBe(200);
    expect(await order.json()).toMatchObject({ id: orderId });
  });

  it('extends a County Tracker after a confirmation: the new renewal date shows, Stripe renews then, audited', async () => {
    const [{ expiration_date: before }] = await db().query(`SELECT expiration_date FROM subscriptions WHERE id = $1`, [
      tracker.id,
    ]);
    await page.goto(`${origin}${customerPage()}`);
    const row = page.getByRole('row').filter({ hasText: tracker.countyName });
    await row.getByText(`${formatDate(before)} (renews)`).waitFor();
    await screenshot(page, 'admin-customer-1280');
    await phoneWidth();
    await screenshot(page, 'admin-customer-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: `Extend ${tracker.countyName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('How many').fill('2');
    const expected = new Date(before);
    expected.setUTCMonth(expected.getUTCMonth() + 2);
    await dialog.getByText(formatDate(expected)).waitFor();
    await dialog.getByRole('button', { name: 'Extend', exact: true }).dblclick();
    await toast('Subscription Extended');
    await row.getByText(`${formatDate(expected)} (renews)`).waitFor();

    const [{ expiration_date: after }] = await db().query(`SELECT expiration_date FROM subscriptions WHERE id = $1`, [
      tracker.id,
    ]);
    expect(new Date(after)).toEqual(expected);
    const atStripe = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
    expect(atStripe.trial_end).toBe(Math.floor(expected.getTime() / 1000));
    const audits = await db().query(
      `SELECT after FROM audit_log WHERE action = 'subscription.extend' AND target_id = $1`,
      [tracker.id],
    );
    expect(audits).toEqual([{ after: expect.objectContaining({ extended_by: '2 months', renewal_moved: true }) }]);
  });

  it('ends a subscription after a confirmation, through the same route as the Subscriptions page, audited', async () => {
    const [snapshot] = await db().query(
      `SELECT s.id, c.name || ', ' || c.state_code AS "countyName" FROM subscriptions s
       JOIN counties c ON c.id = s.county_id WHERE s.user_id = $1 AND s.purchase_type = 'one-time'`,
      [userId],
    );
    await page.goto(`${origin}${customerPage()}`);
    await page.getByRole('button', { name: `End ${snapshot.countyName}` }).click();
    await page.getByText(`End ${snapshot.countyName} now?`).waitFor();
    await page.getByRole('button', { name: 'End Subscription' }).click();
    await toast('Subscription Ended');
    const row = page.getByRole('row').filter({ hasText: snapshot.countyName });
    await row.getByText('cancelled').waitFor();
    await expect(row.getByRole('button', { name: `End ${snapshot.countyName}` }).count()).resolves.toBe(0);
    const [{ status }] = await db().query(`SELECT status FROM subscriptions WHERE id = $1`, [snapshot.id]);
    expect(status).toBe('cancelled');
    const audits = await db().query(`SELECT 1 FROM audit_log WHERE action = 'subscription.cancel' AND target_id = $1`, [
      snapshot.id,
    ]);
    expect(audits).toHaveLength(1);
  });
});
