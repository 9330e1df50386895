import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { parseCsv } from '../../../src/common/csv';
import { FILL_RATE_FIELDS, KEY_FIELDS, SAMPLE_RECORDS } from '../../../src/contracts/county-dataset';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { formatFileSize } from '../../../web-shared/format';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { makeRelease, monthsAgo } from '../../support/releases';
import { signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: {
    activeElement: {
      textContent: string | null;
      getAttribute(name: string): string | null;
    } | null;
  };
  sessionStorage: { getItem(key: string): string | null };
}

interface CountyRow {
  id: string;
  name: string;
  state: string;
  fips: string;
}

/** What the dataset catalogue says of a county's current release, with the file itself read back. */
interface Catalogued {
  release: string;
  publishedAt: Date;
  records: number;
  bytes: number;
  /** Records with a value in each key field, counted from the file. */
  filled: Record<string, number>;
  header: string[];
  rows: string[][];
}

const LONG_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

describe('A county’s "What you get" panel, from the picker and from Browse Counties, in a real browser', () => {
  const context = useTestApp({ listen: true });
  const db = () => context.store.db;
  const browser = useBrowser();
  let page: Page;
  let origin: string;
  let kent: CountyRow;
  let sussex: CountyRow;
  const scripts: string[] = [];

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [kent] = await db().query(`SELECT id, name, state, fips FROM counties WHERE fips = '10001'`);
    [sussex] = await db().query(`SELECT id, name, state, fips FROM counties WHERE fips = '10005'`);
    expect(kent).toMatchObject({ name: 'Kent', state: 'Delaware' });
    expect(sussex).toMatchObject({ name: 'Sussex', state: 'Delaware' });
    // One visitor for the whole file: the picker first, then signed in for Browse Counties.
    page = await browser.open();
    page.setDefaultTimeout(10_000);
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
  });

  const dialogFor = (county: CountyRow) =>
    page.getByRole('dialog', { name: `What you get: ${county.name}, ${county.state}` });
  const opener = (county: CountyRow) =>
    page.getByRole('button', { name: `What you get: ${county.name}, ${county.state}`, exact: true });

  /** The county's current release as the catalogue records it, and its file as storage holds it. */
  async function catalogued(county: CountyRow): Promise<Catalogued> {
    const [row] = await db().query(
      `SELECT release, records, bytes::int AS bytes, storage_key, created_at, key_field_counts
         FROM county_datasets WHERE county_id = $1 ORDER BY release DESC LIMIT 1`,
      [county.id],
    );
    expect(row).toBeDefined();
    const file = readFileSync(join(context.environment.env.DATA_DIR, row.storage_key));
    expect(file.length).toBe(row.bytes);
    const [header, ...rows] = parseCsv(gunzipSync(file).toString('utf8'));
    expect(rows).toHaveLength(row.records);
    // The catalogue's counts are the file's: records with a value in each key field.
    const filled = Object.fromEntries(
      KEY_FIELDS.map(({ field }) => [field, rows.filter((r) => r[header.indexOf(field)] !== '').length]),
    );
    expect(row.key_field_counts).toEqual(filled);
    return {
      release: row.release,
      publishedAt: row.created_at,
      records: row.records,
      bytes: row.bytes,
      filled,
      header,
      rows,
    };
  }

  /** The panel shows the catalogue's parcel count, release and size, and each key field's share of the file. */
  async function expectCatalogueFigures(dialog: Locator, county: CountyRow): Promise<Catalogued> {
    const facts = await catalogued(county);
    const [year, month] = facts.release.split('-').map(Number);
    const text = await dialog.innerText();
    expect(text).toContain(facts.records.toLocaleString('en-US'));
    expect(text).toContain(
      `Latest release: ${LONG_MONTH.format(new Date(Date.UTC(year, month - 1, 1)))}, ` +
        `published ${SHORT_DATE.format(facts.publishedAt)}`,
    );
    expect(text).toContain(formatFileSize(facts.bytes));

    const shown = (await dialog.locator('.county-details__field').allInnerTexts()).map((line) =>
      line.replace(/\s+/g, ' ').trim(),
    );
    expect(shown.map((line) => line.replace(/ \d+%$/, ''))).toEqual(FILL_RATE_FIELDS.map(({ label }) => label));
    FILL_RATE_FIELDS.forEach(({ field }, i) => {
      const percent = Number(/ (\d+)%$/.exec(shown[i])?.[1]);
      const exact = (facts.filled[field] / facts.records) * 100;
      // The exact share as a whole percent (the API's rate has three decimals, so half a point and a
      // twentieth); 100% only when every record has the field, 0% only when none does.
      expect(Math.abs(percent - exact)).toBeLessThanOrEqual(0.55);
      expect(percent === 100).toBe(facts.filled[field] === facts.records);
      expect(percent === 0).toBe(facts.filled[field] === 0);
    });
    // Under the file list: boundaries when any parcel of the file has one, else points only.
    expect(text).toContain(facts.filled.geometry_wkt > 0 ? 'Parcel boundaries:' : 'Points only:');
    return facts;
  }

  /** Screenshots the page once the panel's entrance animation has ended. */
  async function screenshotPanel(dialog: Locator, name: string): Promise<void> {
    await dialog
      .locator('.county-details__sheet')
      .evaluate((sheet) =>
        Promise.all(
          (sheet as unknown as { getAnimations(): { finished: Promise<unknown> }[] })
            .getAnimations()
            .map((a) => a.finished),
        ),
      );
    await screenshot(page, name);
  }

  async function activeInside(scope: Locator): Promise<boolean> {
    const handle = await scope.elementHandle();
    return page.evaluate((element) => {
      const active = (globalThis as unknown as PageGlobals).document.activeElement;
      return active !== null && (element as unknown as { contains(node: unknown): boolean }).contains(active);
    }, handle);
  }

  /** The accessible name of what has focus, as far as these buttons need: their label, else their text. */
  const activeName = () =>
    page.evaluate(() => {
      const active = (globalThis as unknown as PageGlobals).document.activeElement;
      return active?.getAttribute('aria-label') ?? active?.textContent ?? null;
    });

  it('opens from a picker row with the catalogue’s figures, gives the first 25 records as a sample, and adds to the cart as the row does', async () => {
    await page.goto(`${origin}/select-counties`);
    await page.getByLabel('State').locator('option[value="Delaware"]').waitFor({ state: 'attached' });
    await page.getByLabel('State').selectOption('Delaware');
    await page.getByText('3 counties found', { exact: true }).waitFor();
    // The panel's code is not part of the picker's first load: it comes with the first use.
    expect(scripts.some((path) => path.includes('county-details-dialog'))).toBe(false);

    await opener(kent).click();
    const dialog = dialogFor(kent);
    await dialog.getByText(/^Latest release:/).waitFor();
    expect(scripts.some((path) => path.includes('county-details-dialog'))).toBe(true);
    const facts = await expectCatalogueFigures(dialog, kent);
    expect(
      await dialog.getByRole('link', { name: 'Every field and its meaning: data schema (PDF)' }).getAttribute('href'),
    ).toBe('/data-schema.pdf');
    await screenshotPanel(dialog, 'store-county-details-picker');
    await dialog.locator('.county-details__shapes').scrollIntoViewIfNeeded();
    await screenshot(page, 'store-county-details-shapes');

    // Focus starts in the panel and Tab keeps it there, both ways round.
    expect(await activeInside(dialog)).toBe(true);
    const stops = await dialog.locator('a[href], button').count();
    for (let i = 0; i <= stops; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInside(dialog)).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await activeName()).toContain('County Tracker');

    // The free sample: the schema's header and the file's first 25 records, all of this county.
    const sampleLink = dialog.getByRole('link', { name: `Download free sample (${SAMPLE_RECORDS} records, CSV)` });
    const [download] = await Promise.all([page.waitForEvent('download'), sampleLink.click()]);
    const [header, ...records] = parseCsv(readFileSync(await download.path()).toString('utf8'));
    expect(header).toEqual(DATA_FIELDS.map((field) => field.name));
    expect(records).toHaveLength(SAMPLE_RECORDS);
    expect(records.every((record) => record[header.indexOf('county_fips')] === kent.fips)).toBe(true);
    expect(records).toEqual(facts.rows.slice(0, SAMPLE_RECORDS));

    // Escape closes it, and focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await activeName()).toBe(`What you get: ${kent.name}, ${kent.state}`);

    // On a phone it rises from the bottom; its plan buttons add the county just as the row's do.
    await page.setViewportSize({ width: 390, height: 844 });
    await opener(kent).click();
    await dialog.getByText(/^Latest release:/).waitFor();
    const box = await dialog.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(844);
    expect(Math.round(box!.width)).toBe(390);
    await screenshotPanel(dialog, 'store-county-details-picker-phone');
    await dialog.locator('.county-details__shapes').scrollIntoViewIfNeeded();
    await screenshot(page, 'store-county-details-shapes-phone');
    await dialog.getByRole('button', { name: 'County Tracker $1,200/year' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Notifications' }).getByText('Kent, Delaware - County Tracker').waitFor();
    await page.getByText('2 counties found', { exact: true }).waitFor();
    const stored = JSON.parse(
      (await page.evaluate(() => (globalThis as unknown as PageGlobals).sessionStorage.getItem('cart'))) ?? 'null',
    );
    expect(stored).toEqual([
      { countyId: kent.id, countyName: 'Kent', state: 'Delaware', purchaseType: 'annual', price: 1200 },
    ]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('opens from a Browse Counties card, says when a county’s data is being prepared, retries a failed load, and goes to checkout on the chosen plan', async () => {
    await signInInBrowser(page, origin, { email: `details.${Date.now()}@example.com` }, '/counties');
    await page
      .getByRole('complementary', { name: 'States' })
      .getByRole('button', { name: /^Delaware \d/ })
      .click();
    await page.getByText('3 counties found', { exact: true }).waitFor();

    // Production answers 409 for a county with no release yet.
    const summary = `${origin}/api/counties/${sussex.id}/dataset-summary`;
    await page.route(summary, (route) =>
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
    await opener(sussex).click();
    const dialog = dialogFor(sussex);
    await dialog.getByText('Data for this county is being prepared').waitFor();
    expect(await dialog.getByRole('link', { name: /^Download free sample/ }).count()).toBe(0);
    await screenshotPanel(dialog, 'store-county-details-pending');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await activeName()).toBe(`What you get: ${sussex.name}, ${sussex.state}`);

    // A release whose key fields the worker is still counting has no rates yet: a line says so, no bars.
    const kentSummary = `${origin}/api/counties/${kent.id}/dataset-summary`;
    await page.route(kentSummary, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), fillRates: null } });
    });
    await opener(kent).click();
    const counting = dialogFor(kent);
    await counting.getByText('Counting how complete each field is… check back in a minute.', { exact: true }).waitFor();
    expect(await counting.locator('.county-details__field').count()).toBe(0);
    expect(await counting.getByText(/^Latest release:/).isVisible()).toBe(true);
    await counting.getByRole('button', { name: 'Close' }).click();
    await counting.waitFor({ state: 'detached' });
    await page.unroute(kentSummary);

    // Any other failure offers a retry, which then shows the county's figures.
    await page.unroute(summary);
    await page.route(summary, (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' }),
    );
    await opener(sussex).click();
    const alert = dialog.getByRole('alert');
    await alert.getByText('We could not load what this county includes.').waitFor();
    await page.unroute(summary);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByText(/^Latest release:/).waitFor();
    await expectCatalogueFigures(dialog, sussex);
    await screenshotPanel(dialog, 'store-county-details-counties');

    // Its plan buttons go where Select County goes, on the plan chosen.
    const snapshot = dialog.getByRole('link', { name: 'County SnapShot $500' });
    expect(await snapshot.getAttribute('href')).toBe(`/checkout/${sussex.id}?plan=one-time`);
    expect(await dialog.getByRole('link', { name: 'County Tracker $1,200/year' }).getAttribute('href')).toBe(
      `/checkout/${sussex.id}?plan=annual`,
    );
    await snapshot.click();
    await page.waitForURL(`${origin}/checkout/${sussex.id}?plan=one-time`);
    await eventually(() => page.getByRole('radio', { name: /County SnapShot/ }).isChecked());
    expect(await page.getByRole('radio', { name: /County Tracker/ }).isChecked()).toBe(false);
  });

  it('shows when the county was last refreshed and its release history, with parcels added, removed and changed, on desktop and phone', async () => {
    const [newCastle] = await db().query(`SELECT id, name, state, fips FROM counties WHERE fips = '10003'`);
    const [older, last] = [monthsAgo(2), monthsAgo(1)];
    const first = await makeRelease(context.store.app, older, [{ countyId: newCastle.id }]);
    const latest = await makeRelease(context.store.app, last, [
      { countyId: newCastle.id, changes: { previousRelease: older, added: 1204, removed: 37, changed: 5120 } },
    ]);
    const [{ published_at: publishedAt }] = await db().query(
      `SELECT published_at FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'full' AND format = 'csv'`,
      [newCastle.id, last],
    );
    const monthName = (release: string) => {
      const [year, month] = release.split('-').map(Number);
      return LONG_MONTH.format(new Date(Date.UTC(year, month - 1, 1)));
    };

    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/select-counties`);
      await page.getByLabel('State').locator('option[value="Delaware"]').waitFor({ state: 'attached' });
      await page.getByLabel('State').selectOption('Delaware');
      await opener(newCastle).click();
      const dialog = dialogFor(newCastle);
      const history = dialog.getByRole('region', { name: 'Release history' });
      const table = history.getByRole('table');
      await table.waitFor();
      expect(await history.innerText()).toContain(`Last refreshed ${SHORT_DATE.format(publishedAt)}.`);
      expect(await table.getByRole('columnheader').allInnerTexts()).toEqual([
        'Release',
        'Parcels',
        'Added',
        'Removed',
        'Changed',
      ]);
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) =>
            [
              ...(tr as unknown as { querySelectorAll(s: string): { textContent: string | null }[] }).querySelectorAll(
                'th, td',
              ),
            ].map((cell) => cell.textContent),
          ),
        );
      expect(rows).toEqual([
        [monthName(last), latest.files.get(newCastle.id)!.records.toLocaleString('en-US'), '1,204', '37', '5,120'],
        [monthName(older), first.files.get(newCastle.id)!.records.toLocaleString('en-US'), 'First release'],
      ]);
      // It fits the panel: no sideways scrolling, on a phone either.
      const fits = await dialog.locator('.county-details__sheet').evaluate((sheet) => {
        const box = sheet as unknown as { scrollWidth: number; clientWidth: number };
        return box.scrollWidth <= box.clientWidth;
      });
      expect(fits).toBe(true);
      await table.scrollIntoViewIfNeeded();
      await screenshotPanel(dialog, `store-county-details-history-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
