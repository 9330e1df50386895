import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo } from '../../support/releases';
import { Person, signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
  getComputedStyle(element: unknown): { maxHeight: string; overflowY: string };
}

interface CountyRow {
  id: string;
  name: string;
  state: string;
}

// The store shows dates like "Jan 5, 2025", by the UTC calendar day.
const shortDate = (value: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(value);

describe('The customer dashboard and Browse Counties in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let run = 0;
  const email = (name: string) => `${name}.${Date.now()}.${++run}@example.com`;
  const db = () => context.store.db;

  let harris: CountyRow;
  let baltimore: CountyRow;
  let buyer: Person;
  let snapshotId: string;
  let trackerId: string;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [harris] = await db().query(`SELECT id, name, state FROM counties WHERE fips = '48201'`);
    [baltimore] = await db().query(`SELECT id, name, state FROM counties WHERE fips = '24510'`);
    buyer = { email: email('ada'), firstName: 'Ada', lastName: 'Lovelace' };
    await buy(context.store.server, buyer.email, [
      { countyId: harris.id, purchaseType: 'one-time' },
      { countyId: baltimore.id, purchaseType: 'annual' },
    ]);
    [{ id: snapshotId }] = await db().query(`SELECT id FROM subscriptions WHERE county_id = $1`, [harris.id]);
    [{ id: trackerId }] = await db().query(`SELECT id FROM subscriptions WHERE county_id = $1`, [baltimore.id]);
  });

  let page: Page;

  // Each test is a new browser profile: its own cookies (the session) and storage.
  beforeEach(async () => {
    page = await browser.open();
  });

  const signIn = (person: Person, returnTo = '/dashboard') => signInInBrowser(page, origin, person, returnTo);

  const card = (county: CountyRow) => page.getByRole('article', { name: county.name, exact: true });
  const badgeOf = (scope: Locator, text: string) => scope.locator('.badge', { hasText: text });

  async function fitsWidth(): Promise<boolean> {
    return page.evaluate(() => {
      const { documentElement } = (globalThis as unknown as PageGlobals).document;
      return documentElement.scrollWidth <= documentElement.clientWidth;
    });
  }

  /**
   * Opens `path` signed out: the store says so in a toast, then goes to sign in, to come back to
   * `path`. The toast is shown for half a second before the page leaves, too briefly to be read
   * from the test in time on a busy machine, so the page reports every alert it shows as it shows it.
   */
  async function expectSentToSignIn(path: string): Promise<void> {
    const alerts = new Set<string>();
    await page.exposeFunction('reportAlert', (text: string) => alerts.add(text));
    await page.addInitScript(`
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) window.reportAlert(alert.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    `);
    const login = page.waitForRequest((req) => req.url().startsWith(`${origin}/api/login`));
    // Not waiting for the load event: the store may leave for sign-in before it.
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    expect(new URL((await login).url()).searchParams.get('returnTo')).toBe(path);
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect([...alerts]).toContainEqual(
      expect.stringMatching(/Unauthorized.*You are logged out\. Logging in again\.\.\./s),
    );
  }

  /** Clicks a Logout link: it must sign out by POST, the only way /api/logout ends a session. */
  async function signOutWith(link: Locator): Promise<void> {
    expect(await link.getAttribute('href')).toBe('/api/logout');
    const posted = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/logout');
    await link.click();
    expect((await posted).method()).toBe('POST');
    await page.waitForURL(`${origin}/`);
    expect(await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status))).toBe(401);
  }

  describe('the dashboard', () => {
    it('signs out with the Logout link', async () => {
      await signIn({ email: email('logout'), firstName: 'Lou' });
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Lou!' }).waitFor();
      await signOutWith(page.getByRole('link', { name: 'Logout' }));
    });

    it('signs out with Browse Counties’ Log out link', async () => {
      await signIn({ email: email('logout.browse'), firstName: 'Lyn' }, '/counties');
      await signOutWith(page.getByRole('link', { name: 'Log out' }));
    });

    it('greets the buyer and shows both purchases with their badges, amounts and dates', async () => {
      await signIn(buyer);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' }).waitFor();
      expect(await page.getByText('AL', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText(buyer.email, { exact: true }).isVisible()).toBe(true);
      await page.getByRole('heading', { level: 2, name: 'Active Subscriptions' }).waitFor();
      await card(harris).waitFor();

      const [snapshotRow] = await db().query(`SELECT start_date FROM subscriptions WHERE id = $1`, [snapshotId]);
      const snapshot = await card(harris).innerText();
      expect(snapshot).toContain('Texas');
      expect(snapshot).toContain('County SnapShot');
      expect(snapshot).toContain('$500');
      expect(snapshot).toMatch(new RegExp(`Purchased\\s+${shortDate(snapshotRow.start_date)}`));
      expect(await badgeOf(card(harris), 'Active').count()).toBe(1);
      expect(await card(harris).getByRole('switch').count()).toBe(0);

      const [trackerRow] = await db().query(`SELECT expiration_date FROM subscriptions WHERE id = $1`, [trackerId]);
      const tracker = await card(baltimore).innerText();
      expect(tracker).toContain('Maryland');
      expect(tracker).toContain('County Tracker');
      expect(tracker).toContain('$1,200');
      expect(tracker).toMatch(new RegExp(`Expires\\s+${shortDate(trackerRow.expiration_date)}`));
      expect(await badgeOf(card(baltimore), 'Active').getAttribute('class')).toContain('badge--default');
      const renew = card(baltimore).getByRole('switch', { name: 'Auto-renewal' });
      expect(await renew.getAttribute('aria-checked')).toBe('true');
      expect(await renew.isEnabled()).toBe(true);

      expect(await page.getByRole('link', { name: 'Add County' }).getAttribute('href')).toBe('/counties');
      expect(await page.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/api/logout');
      await screenshot(page, 'store-dashboard');

      await page.setViewportSize({ width: 360, height: 800 });
      expect(await fitsWidth()).toBe(true);
      await screenshot(page, 'store-dashboard-360');
    });

    it('shows the dashboard at / once signed in', async () => {
      await signIn(buyer, '/');
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada!' }).waitFor();
      await card(baltimore).waitFor();
      await screenshot(page, 'store-dashboard-home');
    });

    it('saves auto-renewal, with the switch locked while it saves', async () => {
      await signIn(buyer);
      const renew = card(baltimore).getByRole('switch', { name: 'Auto-renewal' });
      await renew.waitFor();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${origin}/api/subscriptions/${trackerId}`, async (route) => {
        await held;
        await route.continue();
      });

      await renew.click();
      await eventually(() => renew.isDisabled());
      expect(await renew.getAttribute('aria-checked')).toBe('false');
      await screenshot(page, 'store-dashboard-auto-renew-saving');
      release();

      await page.getByRole('status').filter({ hasText: 'Settings Updated' }).waitFor();
      expect(await page.getByText('Auto-renewal preference has been saved.').isVisible()).toBe(true);
      await eventually(() => renew.isEnabled());
      expect(await renew.getAttribute('aria-checked')).toBe('false');
      const [row] = await db().query(`SELECT auto_renew FROM subscriptions WHERE id = $1`, [trackerId]);
      expect(row.auto_renew).toBe(false);
      await screenshot(page, 'store-dashboard-auto-renew-saved');

      // And back on, by keyboard.
      await page.unroute(`${origin}/api/subscriptions/${trackerId}`);
      await renew.focus();
      await page.keyboard.press('Space');
      await eventually(async () => (await renew.getAttribute('aria-checked')) === 'true' && renew.isEnabled());
      await eventually(async () => {
        const [after] = await db().query(`SELECT auto_renew FROM subscriptions WHERE id = $1`, [trackerId]);
        return after.auto_renew === true;
      });
    });

    it('says so when auto-renewal cannot be saved, and keeps the saved value', async () => {
      await signIn(buyer);
      const renew = card(baltimore).getByRole('switch', { name: 'Auto-renewal' });
      await renew.waitFor();
      await page.route(`${origin}/api/subscriptions/${trackerId}`, (route) =>
        route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
      );
      await renew.click();
      const alert = page.getByRole('alert').filter({ hasText: 'Error' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Failed to update auto-renewal setting.');
      await eventually(() => renew.isEnabled());
      expect(await renew.getAttribute('aria-checked')).toBe('true');
      await screenshot(page, 'store-dashboard-auto-renew-failed');
    });

    it('downloads the file the SnapShot includes, byte for byte', async () => {
      await signIn(buyer);
      const button = card(harris).getByRole('button', { name: 'Download Data' });
      await button.waitFor();
      expect(await card(harris).innerText()).toMatch(/Data release: \w+ \d{4}/);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      const file = readFileSync(await download.path());
      const [dataset] = await db().query(
        `SELECT bytes, sha256, records, release FROM county_datasets WHERE county_id = $1 ORDER BY release DESC LIMIT 1`,
        [harris.id],
      );
      expect(file.length).toBe(Number(dataset.bytes));
      expect(createHash('sha256').update(file).digest('hex')).toBe(dataset.sha256);
      expect(download.suggestedFilename()).toBe(`${harris.name.toLowerCase()}-tx-${dataset.release}.csv.gz`);
      const started = card(harris).getByRole('status');
      await started.filter({ hasText: 'Your download has started' }).waitFor();
      expect(await started.innerText()).toContain(`${dataset.records.toLocaleString('en-US')} records`);
      await screenshot(page, 'store-dashboard-download');
    });

    it('shows the server’s reason when a download is refused', async () => {
      await signIn(buyer);
      const button = card(harris).getByRole('button', { name: 'Download Data' });
      await button.waitFor();
      await page.route(`${origin}/api/subscriptions/${snapshotId}/download-link`, (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 409,
            message: "This county's data is not available yet.",
            error: 'Conflict',
          }),
        }),
      );
      await button.click();
      const alert = page.getByRole('alert').filter({ hasText: 'Download Failed' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain("This county's data is not available yet.");
      await screenshot(page, 'store-dashboard-download-refused');
    });

    it('offers a County Tracker each release’s full file and change file, and downloads the change file byte for byte', async () => {
      const [county] = await db().query(`SELECT id, name, state FROM counties WHERE fips = '24005'`);
      const [older, last] = [monthsAgo(2), monthsAgo(1)];
      await makeRelease(context.store.app, older, [{ countyId: county.id }]);
      const latest = await makeRelease(context.store.app, last, [
        { countyId: county.id, changes: { previousRelease: older, added: 3, removed: 1, changed: 5 } },
      ]);
      const tracker: Person = { email: email('tracker.releases'), firstName: 'Tess' };
      await buy(context.store.server, tracker.email, [{ countyId: county.id, purchaseType: 'annual' }]);
      // Started in the month of the older release, so both are included.
      await db().query(`UPDATE subscriptions SET start_date = $2 WHERE county_id = $1`, [
        county.id,
        `${older}-15T12:00:00Z`,
      ]);
      const month = (release: string) => {
        const [year, m] = release.split('-').map(Number);
        return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(year, m - 1, 1)),
        );
      };

      await signIn(tracker);
      const releases = card(county).getByRole('region', { name: 'Monthly releases' });
      await releases.waitFor();
      // The Download Data button stays as it was, for the current full file.
      expect(await card(county).getByRole('button', { name: 'Download Data' }).isVisible()).toBe(true);
      const [newest, oldest] = await releases.getByRole('listitem').all();
      expect(await releases.getByRole('listitem').count()).toBe(2);
      expect(await newest.innerText()).toContain('3 added, 1 removed, 5 changed');
      expect(await newest.getByRole('button').allInnerTexts()).toHaveLength(2);
      await newest.getByRole('button', { name: `Full file, ${month(last)}`, exact: true }).waitFor();
      expect(await oldest.innerText()).toContain('First release');
      await oldest.getByRole('button', { name: `Full file, ${month(older)}`, exact: true }).waitFor();
      expect(await releases.getByRole('button', { name: `Changes, ${month(older)}` }).count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        releases.getByRole('button', { name: `Changes, ${month(last)}` }).click(),
      ]);
      const file = readFileSync(await download.path());
      const expected = latest.files.get(county.id)!.changes!;
      expect(createHash('sha256').update(file).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
      expect(download.suggestedFilename()).toBe(`baltimore-md-${last}-changes.csv.gz`);
      await releases
        .getByRole('status')
        .filter({ hasText: `Your change file of ${month(last)} has started` })
        .waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await fitsWidth()).toBe(true);
      await screenshot(page, 'store-dashboard-release-downloads-phone');
    });

    it('warns under 30 days, shows "Expired" after, and "Never" without an expiration date', async () => {
      const [{ expiration_date: original }] = await db().query(
        `SELECT expiration_date FROM subscriptions WHERE id = $1`,
        [trackerId],
      );
      try {
        await db().query(
          `UPDATE subscriptions SET expiration_date = now() + interval '10 days 2 hours' WHERE id = $1`,
          [trackerId],
        );
        await signIn(buyer);
        await badgeOf(card(baltimore), '10 days left').waitFor();
        expect(await badgeOf(card(baltimore), '10 days left').getAttribute('class')).toContain('badge--outline');
        await screenshot(page, 'store-dashboard-days-left');

        await db().query(`UPDATE subscriptions SET expiration_date = now() - interval '2 days' WHERE id = $1`, [
          trackerId,
        ]);
        await page.reload();
        await badgeOf(card(baltimore), 'Expired').waitFor();
        expect(await badgeOf(card(baltimore), 'Expired').getAttribute('class')).toContain('badge--destructive');

        await db().query(`UPDATE subscriptions SET expiration_date = NULL WHERE id = $1`, [trackerId]);
        await page.reload();
        await card(baltimore).waitFor();
        expect(await card(baltimore).innerText()).toMatch(/Expires\s+Never/);
        expect(await badgeOf(card(baltimore), 'Active').count()).toBe(1);
        await screenshot(page, 'store-dashboard-never');
      } finally {
        await db().query(`UPDATE subscriptions SET expiration_date = $2 WHERE id = $1`, [trackerId, original]);
      }
    });

    it('shows a customer without purchases the empty state, leading to Browse Counties', async () => {
      const newcomer = { email: email('newcomer') };
      await signIn(newcomer);
      await page.getByRole('heading', { name: 'No Active Subscriptions' }).waitFor();
      expect(await page.getByText('Get started by selecting a county and choosing a data tier').isVisible()).toBe(true);
      // No first name: the greeting goes without one, and the avatar shows the email's first letter.
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Welcome back!');
      expect(await page.getByText('N', { exact: true }).isVisible()).toBe(true);
      await screenshot(page, 'store-dashboard-empty');
      await page.getByRole('link', { name: 'Browse Counties' }).click();
      await page.waitForURL(`${origin}/counties`);
    });

    it('tells a signed-out visitor they are logged out, then sends them to sign in', async () => {
      await expectSentToSignIn('/dashboard');
    });
  });

  describe('Browse Counties', () => {
    const states = () => page.getByRole('complementary', { name: 'States' });
    const countyCards = () => page.getByRole('list', { name: 'Counties', exact: true }).getByRole('listitem');
    const summary = () => page.locator('.browse-summary');

    async function open(): Promise<void> {
      await signIn(buyer, '/counties');
      await page.getByRole('heading', { level: 1, name: 'Browse Counties' }).waitFor();
      await countyCards().first().waitFor();
    }

    it('lists the states with their counts, records the visit, and shows more counties on request', async () => {
      const [{ n: before }] = await db().query(
        `SELECT count(*)::int AS n FROM journey_events WHERE event = 'counties_view'`,
      );
      await open();
      const [{ n: total }] = await db().query(`SELECT count(*)::int AS n FROM counties`);
      const perState: { state: string; n: number }[] = await db().query(
        `SELECT state, count(*)::int AS n FROM counties GROUP BY state`,
      );
      perState.sort((a, b) => a.state.localeCompare(b.state));

      const buttons = states().getByRole('button');
      const names = await buttons.evaluateAll((elements) =>
        elements.map((element) => (element as unknown as { textContent: string }).textContent),
      );
      expect(names).toEqual([
        `All States${total.toLocaleString('en-US')} counties`,
        ...perState.map(({ state, n }) => `${state}${n.toLocaleString('en-US')} counties`),
      ]);
      const texas = perState.find((s) => s.state === 'Texas')!;
      await states()
        .getByRole('button', { name: `Texas ${texas.n} counties`, exact: true })
        .waitFor();
      expect(
        await states()
          .getByRole('button', { name: /^All States/ })
          .getAttribute('aria-pressed'),
      ).toBe('true');

      const panel = await states().evaluate((element) => {
        const style = (globalThis as unknown as PageGlobals).getComputedStyle(element);
        return { maxHeight: style.maxHeight, overflowY: style.overflowY };
      });
      expect(panel).toEqual({ maxHeight: '600px', overflowY: 'auto' });

      expect(await countyCards().count()).toBe(60);
      expect(await summary().innerText()).toBe(`Showing 60 of ${total.toLocaleString('en-US')} counties`);
      await screenshot(page, 'store-counties');
      await page.getByRole('button', { name: 'Show more counties' }).click();
      await eventually(async () => (await countyCards().count()) === 120);
      expect(await summary().innerText()).toBe(`Showing 120 of ${total.toLocaleString('en-US')} counties`);

      expect(await page.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(await page.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');

      await eventually(async () => {
        const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM journey_events WHERE event = 'counties_view'`);
        return n === before + 1;
      });
    });

    it('combines the search with the state, and says when nothing matches', async () => {
      await open();
      const [{ n: texasHarris }] = await db().query(
        `SELECT count(*)::int AS n FROM counties WHERE state = 'Texas' AND name ILIKE '%harris%'`,
      );
      const [{ n: allHarris }] = await db().query(
        `SELECT count(*)::int AS n FROM counties WHERE name ILIKE '%harris%' OR state ILIKE '%harris%'`,
      );
      expect(allHarris).toBeGreaterThan(texasHarris);

      const search = page.getByRole('searchbox', { name: 'Search counties' });
      expect(await search.getAttribute('placeholder')).toBe('Search counties...');
      await search.fill('HARRIS');
      await eventually(async () => (await countyCards().count()) === allHarris);
      await states()
        .getByRole('button', { name: /^Texas \d/ })
        .click();
      await eventually(async () => (await countyCards().count()) === texasHarris);
      expect(await summary().innerText()).toBe(`${texasHarris} counties found`);
      for (const text of await countyCards().allInnerTexts()) expect(text).toMatch(/Harris[\s\S]*Texas/);
      await screenshot(page, 'store-counties-search-state');

      await search.fill('zzzz');
      await page.getByRole('heading', { name: 'No Counties Found' }).waitFor();
      expect(await page.getByText('Try adjusting your search or state filter').isVisible()).toBe(true);
      await screenshot(page, 'store-counties-empty');

      await search.fill(harris.name);
      const harrisCard = countyCards().filter({ has: page.getByRole('heading', { name: harris.name, exact: true }) });
      await eventually(async () => (await harrisCard.count()) === 1);
      await harrisCard.getByRole('link', { name: 'Select County' }).click();
      await page.waitForURL(`${origin}/checkout/${harris.id}`);
    });

    it('fits a 360 px screen, with the states in a select above the cards', async () => {
      await page.setViewportSize({ width: 360, height: 780 });
      await open();
      expect(await states().isVisible()).toBe(false);
      await page.getByLabel('State', { exact: true }).selectOption('Maryland');
      await eventually(async () => (await summary().innerText()).endsWith('found'));
      const [{ n: maryland }] = await db().query(`SELECT count(*)::int AS n FROM counties WHERE state = 'Maryland'`);
      expect(await countyCards().count()).toBe(maryland);
      expect(await fitsWidth()).toBe(true);
      await screenshot(page, 'store-counties-360');
    });

    it('sends a signed-out visitor to sign in', async () => {
      await expectSentToSignIn('/counties');
      await screenshot(page, 'store-counties-signed-out');
    });
  });
});
