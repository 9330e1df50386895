import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { eventually } from '../../support/eventually';
import { browserOrigin, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { Person, signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: { activeElement: { textContent: string } | null };
  navigator: { clipboard: { readText(): Promise<string> } };
}

const ANSWER_DELAY_MS = 1000;

/** One request the receiver got. */
interface Received {
  path: string;
  signature: string;
  body: string;
}

/** Whether a Cds-Signature header signs the body under the secret (one of its v1 values, as docs/webhooks.md says). */
function signedWith(header: string, body: string, secret: string): boolean {
  const items = header.split(',').map((item) => item.split('='));
  const t = items.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return items.some(([key, value]) => key === 'v1' && value === expected);
}

describe('Webhooks on the dashboard, in a real browser', () => {
  // The worker delivers, to a receiver on this machine (allowed outside production).
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const db = () => context.store.db;
  let origin: string;
  let page: Page;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  const person: Person = { email: `webhooks.${Date.now()}@example.com`, firstName: 'Ada' };
  let counties: { id: string; name: string; state: string }[];

  const deliveriesTo = (path: string) => received.filter((r) => r.path === path);
  const endpointsInDatabase = () =>
    db().query<{ id: string; url: string; subscriptionIds: string[] | null }[]>(
      `SELECT e.id, e.url, e.subscription_ids AS "subscriptionIds" FROM webhook_endpoints e
       JOIN users u ON u.id = e.user_id WHERE u.email = $1`,
      [person.email],
    );

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          path: req.url ?? '',
          signature: String(req.headers['cds-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        // Answered a little late, as a real receiver might: the log first shows the delivery pending,
        // and must then update by itself.
        setTimeout(() => res.writeHead(200).end(), ANSWER_DELAY_MS);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    counties = await db().query(
      `SELECT id, name, state FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT 2`,
    );
    await buy(
      context.store.server,
      person.email,
      counties.map((county) => ({ countyId: county.id, purchaseType: 'one-time' as const })),
    );
  }, 60_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  beforeEach(async () => {
    // bypassCSP: axe is injected as an inline script, which the store's policy (rightly) refuses.
    page = await browser.open({ permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: true });
  });

  const section = () => page.getByRole('region', { name: 'Webhooks', exact: true });
  const endpointItem = (url: string) => section().getByRole('listitem', { name: url, exact: true });
  const toast = (title: string) => page.getByRole('status').filter({ hasText: title });
  /** Before a screenshot: the toast would hide part of the section. */
  const dismissToast = () => page.getByRole('button', { name: 'Dismiss notification' }).click();
  const focusedText = () =>
    page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.textContent ?? null);
  const isFocused = (locator: Locator) =>
    locator.evaluate(
      (element) => element === (element.ownerDocument as unknown as { activeElement: unknown }).activeElement,
    );

  /** axe's serious and critical WCAG 2.x A/AA findings in the section (the toasts, fading in and out, aside). */
  async function accessibilityProblems(): Promise<string[]> {
    if (!(await page.evaluate<boolean>(`typeof window.axe !== 'undefined'`))) {
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    }
    return page.evaluate<string[]>(`axe.run(document.querySelector('.dash-webhooks'), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      }).then((results) => results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  }

  it('adds an endpoint with its secret shown once, sends a test event delivered with 200, resends it, rolls the secret and deletes it', async () => {
    const url = `${receiverUrl}/loader`;
    await signInInBrowser(page, origin, person, '/dashboard');
    await section().getByText('No webhook endpoints yet.').waitFor();

    // Every event is chosen unless the customer says otherwise.
    const form = section().getByRole('form', { name: 'Add an endpoint' });
    for (const type of ['release.published', 'subscription.renewing', 'subscription.expired'])
      expect(await form.getByRole('checkbox', { name: new RegExp(`^${type.replace('.', '\\.')} `) }).isChecked()).toBe(
        true,
      );
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByLabel('Description (optional)').fill('Nightly loader');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown once, with focus on the news and a Copy button.
    const shown = section().getByRole('region', { name: `Signing secret for ${url}` });
    await shown.waitFor();
    expect(await shown.innerText()).toContain('Copy it now: it will not be shown again.');
    expect(await focusedText()).toBe(`Signing secret for ${url}`);
    await toast('Endpoint Added').waitFor();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    const secret = await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await shown.getByLabel('Signing secret').inputValue()).toBe(secret);

    const item = endpointItem(url);
    await item.waitFor();
    const facts = await item.innerText();
    for (const fact of ['Nightly loader', 'Enabled', 'release.published', 'subscription.expired', 'All subscriptions'])
      expect(facts).toContain(fact);
    expect(facts).not.toContain(secret);

    // Done forgets the secret: the list, read again, never shows it.
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);
    expect(await isFocused(form.getByLabel('Endpoint URL'))).toBe(true);
    await page.reload();
    await item.waitFor();
    expect(await page.content()).not.toContain(secret.slice(6));

    // Send test event: the log opens, and shows the delivery settle as delivered with 200.
    await item.getByRole('button', { name: /^Send test event/ }).click();
    await toast('Test Event Sent').waitFor();
    // Focus stays on the button while the call runs (a disabled button would drop it).
    expect(await isFocused(item.getByRole('button', { name: /^Send test event/ }))).toBe(true);
    const log = item.getByRole('region', { name: `Deliveries to ${url}` });
    expect(await item.getByRole('button', { name: /^Deliveries/ }).getAttribute('aria-expanded')).toBe('true');
    const delivered = log.getByRole('row').filter({ hasText: 'webhook.test' }).filter({ hasText: 'Delivered' });
    await delivered.waitFor({ timeout: 30_000 });
    const [request] = deliveriesTo('/loader');
    const event = JSON.parse(request.body) as { id: string; type: string };
    expect(event.type).toBe('webhook.test');
    expect(signedWith(request.signature, request.body, secret)).toBe(true);
    const cells = await delivered.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 6)).toEqual([
      'webhook.test',
      `${event.id.slice(0, 10)}…${event.id.slice(-4)}`,
      'Delivered',
      '1',
      '200',
      expect.stringMatching(/^[\d,]+ ms$/),
    ]);
    expect(Number(cells[5].replace(/\D/g, ''))).toBeGreaterThanOrEqual(ANSWER_DELAY_MS);
    expect(await delivered.locator('code[title]').getAttribute('title')).toBe(event.id);
    // A screen reader hears the delivery settle, not only sees the table change.
    await log.getByRole('status').filter({ hasText: 'webhook.test delivered: 200.' }).waitFor();
    await log.scrollIntoViewIfNeeded();
    await dismissToast();
    await screenshot(page, 'store-webhooks');
    expect(await accessibilityProblems()).toEqual([]);

    // Resend: the same event reaches the receiver again, and the log counts a second attempt.
    await delivered.getByRole('button', { name: `Resend webhook.test ${event.id}` }).click();
    await toast('Delivery Resent').waitFor();
    expect(await focusedText()).toBe(`Deliveries to ${url}`);
    const again = await eventually(
      async () => deliveriesTo('/loader').length === 2 && deliveriesTo('/loader')[1],
      30_000,
    );
    expect((JSON.parse(again.body) as { id: string }).id).toBe(event.id);
    await log
      .getByRole('row')
      .filter({ hasText: event.id })
      .filter({ hasText: 'Delivered' })
      .filter({ has: page.getByRole('cell', { name: '2', exact: true }) })
      .waitFor({ timeout: 30_000 });

    // At phone width the page does not scroll sideways (the log's table scrolls in its own box).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await item.scrollIntoViewIfNeeded();
    await dismissToast();
    await screenshot(page, 'store-webhooks-390');
    expect(await accessibilityProblems()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Roll secret asks first, with how long the old secret keeps signing; Cancel changes nothing.
    await item.getByRole('button', { name: /^Roll secret/ }).click();
    const rollQuestion = item.getByRole('group', { name: `Roll the secret of ${url}?` });
    expect(await isFocused(rollQuestion.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(await rollQuestion.getByLabel('Old secret keeps signing for').inputValue()).toBe('24');
    await rollQuestion.getByRole('button', { name: 'Cancel' }).click();
    expect(await rollQuestion.count()).toBe(0);
    expect(await isFocused(item.getByRole('button', { name: /^Roll secret/ }))).toBe(true);

    await item.getByRole('button', { name: /^Roll secret/ }).click();
    await rollQuestion.getByRole('button', { name: 'Roll secret' }).click();
    const rolled = item.getByRole('region', { name: `New signing secret for ${url}` });
    await rolled.waitFor();
    expect(await rolled.innerText()).toMatch(
      /Copy it now: it will not be shown again\. The old secret keeps signing deliveries beside it until [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
    );
    const newSecret = await rolled.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await item.getByText(/^Signs until /).waitFor();
    await dismissToast();
    await screenshot(page, 'store-webhooks-rolled');
    expect(await accessibilityProblems()).toEqual([]);
    await rolled.getByRole('button', { name: 'Done' }).click();

    // Deliveries are now signed with the new secret, and with the old one while it overlaps.
    await item.getByRole('button', { name: /^Send test event/ }).click();
    const third = await eventually(async () => deliveriesTo('/loader')[2], 30_000);
    expect(signedWith(third.signature, third.body, newSecret)).toBe(true);
    expect(signedWith(third.signature, third.body, secret)).toBe(true);

    // Delete asks first; Cancel keeps the endpoint and gives focus back.
    await item.getByRole('button', { name: /^Delete/ }).click();
    const deleteQuestion = item.getByRole('group', { name: `Delete ${url}?` });
    expect(await deleteQuestion.innerText()).toContain('Nothing more is sent to it');
    await deleteQuestion.getByRole('button', { name: 'Cancel' }).click();
    expect(await isFocused(item.getByRole('button', { name: /^Delete/ }))).toBe(true);
    expect(await endpointsInDatabase()).toHaveLength(1);

    await item.getByRole('button', { name: /^Delete/ }).click();
    await deleteQuestion.getByRole('button', { name: 'Delete endpoint' }).click();
    await toast('Endpoint Deleted').waitFor();
    await section().getByText('No webhook endpoints yet.').waitFor();
    expect(await endpointsInDatabase()).toEqual([]);
  }, 120_000);

  it('shows why an endpoint cannot be added, and adds nothing', async () => {
    const before = await endpointsInDatabase();
    await signInInBrowser(page, origin, person, '/dashboard');
    const form = section().getByRole('form', { name: 'Add an endpoint' });
    const urlField = form.getByLabel('Endpoint URL');
    const endpoints = section().getByRole('list', { name: 'Your webhook endpoints' }).getByRole('listitem');
    await endpoints.or(section().getByText('No webhook endpoints yet.')).first().waitFor();
    const listed = await endpoints.count();

    await urlField.fill('https://no-such-host.invalid/hook');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const refusal = section().getByRole('alert');
    await refusal.filter({ hasText: 'url refused: no-such-host.invalid does not resolve to an address' }).waitFor();
    expect(await urlField.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(urlField)).toBe(true);

    await urlField.fill('ftp://example.com/hook');
    expect(await refusal.count()).toBe(0);
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await refusal.filter({ hasText: 'url must start with https://' }).waitFor();

    // No event at all is refused before anything is sent.
    await urlField.fill(`${receiverUrl}/none`);
    for (const checkbox of await form.getByRole('checkbox').all()) await checkbox.uncheck();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await refusal.filter({ hasText: 'Choose at least one event to send.' }).waitFor();

    expect(await endpoints.count()).toBe(listed);
    expect(await endpointsInDatabase()).toEqual(before);
  }, 60_000);

  it('sends the events of the subscriptions chosen, and enables an endpoint that was disabled', async () => {
    const url = `${receiverUrl}/one-county`;
    const [first, second] = counties;
    const [chosen] = await db().query(`SELECT id FROM subscriptions WHERE county_id = $1`, [second.id]);
    await signInInBrowser(page, origin, person, '/dashboard');
    const form = section().getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('checkbox', { name: /^subscription\.renewing / }).uncheck();
    await form.getByRole('radio', { name: 'Only some subscriptions' }).check();
    const subscriptions = form.getByRole('list', { name: 'Subscriptions to send events of' });
    expect(await subscriptions.getByRole('checkbox').count()).toBe(2);
    await subscriptions.getByRole('checkbox', { name: `${second.name}, ${second.state} · County SnapShot` }).check();
    await screenshot(page, 'store-webhooks-form');
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const item = endpointItem(url);
    await item.waitFor();
    const facts = await item.innerText();
    expect(facts).toContain(`Only ${second.name}, ${second.state}`);
    expect(facts).not.toContain(`${first.name}, ${first.state}`);
    expect(facts).not.toContain('subscription.renewing');
    const stored = (await endpointsInDatabase()).find((endpoint) => endpoint.url === url)!;
    expect(stored.subscriptionIds).toEqual([chosen.id]);

    // Three days of failures disable an endpoint (the e2e tests prove it); here the dashboard's part.
    const reason = 'Deliveries failed for three days (last: ECONNREFUSED)';
    await db().query(`UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = $2 WHERE id = $1`, [
      stored.id,
      reason,
    ]);
    await page.reload();
    await item.getByText(reason, { exact: false }).waitFor();
    expect(await item.innerText()).toContain('Disabled');
    expect(await item.getByRole('button', { name: /^Send test event/ }).isDisabled()).toBe(true);
    await screenshot(page, 'store-webhooks-disabled');
    expect(await accessibilityProblems()).toEqual([]);

    await item.getByRole('button', { name: `Enable ${url}` }).click();
    await toast('Endpoint Enabled').waitFor();
    await item.getByText('Enabled', { exact: true }).waitFor();
    expect(await item.getByText(reason, { exact: false }).count()).toBe(0);
    expect(await item.getByRole('button', { name: /^Send test event/ }).isEnabled()).toBe(true);
    expect(await isFocused(item.getByRole('button', { name: /^Send test event/ }))).toBe(true);
    const [enabled] = await db().query(`SELECT disabled_at FROM webhook_endpoints WHERE id = $1`, [stored.id]);
    expect(enabled.disabled_at).toBeNull();
  }, 60_000);
});
