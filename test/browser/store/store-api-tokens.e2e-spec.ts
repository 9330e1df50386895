import type { Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { Person, signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: { documentElement: { scrollWidth: number; clientWidth: number }; activeElement: { textContent: string } };
  navigator: { clipboard: { readText(): Promise<string> } };
}

// The store shows dates like "Jan 5, 2025", by the UTC calendar day.
const shortDate = (value: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(value);

describe('API tokens on the dashboard, in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  const person: Person = { email: `tokens.${Date.now()}@example.com`, firstName: 'Dana' };
  let subscriptionId: string;

  const v1 = (token: string, path = '/api/v1/subscriptions', method = 'GET') =>
    fetch(`${origin}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const [county] = await context.store.db.query(
      `SELECT id FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT 1`,
    );
    await buy(context.store.server, person.email, [{ countyId: county.id, purchaseType: 'one-time' }]);
    [{ id: subscriptionId }] = await context.store.db.query(`SELECT id FROM subscriptions WHERE county_id = $1`, [
      county.id,
    ]);
  });

  beforeEach(async () => {
    // bypassCSP: axe is injected as an inline script, which the store's policy (rightly) refuses.
    page = await browser.open({ permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: true });
  });

  const section = () => page.getByRole('region', { name: 'API tokens' });

  /** axe's serious and critical WCAG 2.x A/AA findings in the section (the toasts, fading in and out, aside). */
  async function accessibilityProblems(): Promise<string[]> {
    if (!(await page.evaluate<boolean>(`typeof window.axe !== 'undefined'`))) {
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    }
    return page.evaluate<string[]>(`axe.run(document.querySelector('.dash-api-tokens'), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      }).then((results) => results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  }
  const fitsWidth = () =>
    page.evaluate(() => {
      const { documentElement } = (globalThis as unknown as PageGlobals).document;
      return documentElement.scrollWidth <= documentElement.clientWidth;
    });

  it('creates a token shown once with a Copy button, that works with the API, lists its last use, and revokes it', async () => {
    await signInInBrowser(page, origin, person, '/dashboard');
    await section().getByText('No API tokens yet.').waitFor();

    // Create: the name is labelled, the token is shown with the note that it will not be shown again.
    await section().getByLabel('Token name').fill('Nightly pull');
    await section().getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('region', { name: 'Your new token “Nightly pull”' });
    await shown.waitFor();
    expect(await shown.innerText()).toContain('Copy it now: it will not be shown again.');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement.textContent)).toBe(
      'Your new token “Nightly pull”',
    );
    await page.getByRole('status').filter({ hasText: 'Token Created' }).waitFor();
    const row = section().getByRole('listitem', { name: 'Nightly pull' });
    expect(await row.innerText()).toContain('Never used');

    // Copy, then use what was copied, as a script would.
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    const token = await page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.clipboard.readText());
    expect(token).toMatch(/^cds_[0-9A-Za-z]{40}$/);
    expect(await shown.getByLabel('API token').inputValue()).toBe(token);
    expect(await row.innerText()).toContain(token.slice(0, 8));
    await screenshot(page, 'store-api-tokens');
    expect(await accessibilityProblems()).toEqual([]);

    const list = await v1(token);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: string }[]).map((s) => s.id)).toEqual([subscriptionId]);
    const link = await v1(token, `/api/v1/subscriptions/${subscriptionId}/download-link`, 'POST');
    expect(link.status).toBe(200);
    const file = await fetch(((await link.json()) as { url: string }).url);
    expect(file.status).toBe(200);
    await file.arrayBuffer();

    // Done forgets the token; the list, read again, shows its last use.
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(await shown.count()).toBe(0);
    await page.reload();
    await section().getByRole('listitem', { name: 'Nightly pull' }).waitFor();
    expect(await page.content()).not.toContain(token.slice(8));
    expect(await row.innerText()).toContain(`Last used ${shortDate(new Date())}`);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth()).toBe(true);
    await section().scrollIntoViewIfNeeded();
    await screenshot(page, 'store-api-tokens-390');
    expect(await accessibilityProblems()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Revoke asks first; Cancel keeps the token.
    await row.getByRole('button', { name: 'Revoke Nightly pull' }).click();
    const question = row.getByRole('group', { name: 'Revoke Nightly pull?' });
    expect(await question.innerText()).toContain('Scripts using it stop working at once.');
    expect(
      await question
        .getByRole('button', { name: 'Cancel' })
        .evaluate((b) => b === (b.ownerDocument as unknown as { activeElement: unknown }).activeElement),
    ).toBe(true);
    await question.getByRole('button', { name: 'Cancel' }).click();
    expect(await question.count()).toBe(0);
    expect((await v1(token)).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke Nightly pull' }).click();
    await screenshot(page, 'store-api-tokens-revoke');
    expect(await accessibilityProblems()).toEqual([]);
    await question.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('status').filter({ hasText: 'Token Revoked' }).waitFor();
    await section().getByText('No API tokens yet.').waitFor();
    const refused = await v1(token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer /);
  }, 90_000);

  it('says why a token cannot be created', async () => {
    await signInInBrowser(page, origin, person, '/dashboard');
    await section().getByLabel('Token name').fill('Twice');
    await section().getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('region', { name: 'Your new token “Twice”' }).waitFor();
    await section().getByLabel('Token name').fill('twice');
    await section().getByRole('button', { name: 'Create token' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'You already have an API token named "twice"' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Error');
  }, 60_000);
});
