import type { Page } from 'playwright-core';
import { DATA_FIELDS, DATA_SCHEMA, SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../../src/modules/data-schema';
import { browserOrigin, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

// The test project compiles without the DOM library: what a test reads of an element in the page.
interface ScrollBox {
  scrollWidth: number;
  clientWidth: number;
  scrollLeft: number;
}

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('The store’s data schema page (/schema) in a browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
  });

  async function open(path = '/schema', viewport = DESKTOP): Promise<Page> {
    const page = await browser.open({ viewport });
    await page.goto(`${origin}${path}`);
    return page;
  }

  /** Waits for the fields to be there: the count line under the filter says how many it shows. */
  async function fieldsShown(page: Page): Promise<void> {
    await fieldCount(page).getByText(`${DATA_FIELDS.length} fields`, { exact: true }).waitFor();
  }

  const fieldCount = (page: Page) => page.getByRole('region', { name: 'Fields' }).getByRole('status');
  const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter fields' });
  /** The names in the field tables' first column, in page order. */
  const listedNames = (page: Page) => page.getByRole('rowheader').locator('code').allTextContents();

  it('shows the current version, the promise, the changelog (1.1.0 added geometry_wkt) and the PDF and JSON', async () => {
    const page = await open();
    await page.getByRole('heading', { name: 'Data schema', level: 1 }).waitFor();
    await page.getByText(`Schema version ${SCHEMA_VERSION}`, { exact: true }).waitFor();
    expect(SCHEMA_VERSION).toBe('1.1.0');
    expect(await page.title()).toBe('Data schema | County Data Store');

    const promise = await page.getByRole('region', { name: 'Our promise' }).textContent();
    expect(promise).toContain('Fields are never renamed and never change type.');
    expect(promise).toContain('A new field arrives in a new minor version.');
    expect(promise).toContain(
      'A field leaves only in a new major version, at least 90 days after its deprecation is announced here, in release emails and in webhooks.',
    );
    expect(promise).toContain(
      'in the GeoPackage and Parquet metadata, as schema_version.txt in the Shapefile zip, and in the release manifest for every format',
    );

    const changelog = page.getByRole('region', { name: 'Changelog' });
    expect(await changelog.getByRole('heading', { level: 3 }).allTextContents()).toEqual(
      [...SCHEMA_VERSIONS].reverse().map((v) => `Version ${v.version}`),
    );
    const latest = changelog
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Version 1.1.0' }) });
    const latestText = await latest.textContent();
    expect(latestText).toContain('Nov 28, 2026');
    expect(latestText).toContain('Current');
    expect(latestText).toContain(SCHEMA_VERSIONS[1].summary);
    expect(await latest.locator('.schema-change').textContent()).toBe('Added geometry_wkt');

    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Download the schema (PDF)' }).getAttribute('href')).toBe(
      '/data-schema.pdf',
    );
    const json = await main.getByRole('link', { name: 'Schema as JSON' }).getAttribute('href');
    expect(json).toBe('/api/schema');
    const res = await page.request.get(`${origin}${json}`);
    expect((await res.json()).version).toBe(SCHEMA_VERSION);
    await fieldsShown(page);
    await screenshot(page, 'store-data-schema-desktop');
  });

  it('lists every field of the schema, a table per category, with its type and the version it came in', async () => {
    const page = await open();
    await fieldsShown(page);
    expect(await listedNames(page)).toEqual(DATA_FIELDS.map((field) => field.name));
    for (const { category, fields } of DATA_SCHEMA) {
      const table = page.getByRole('table', { name: category, exact: true });
      expect(await table.getByRole('rowheader').locator('code').allTextContents()).toEqual(fields.map((f) => f.name));
      expect(await table.getByRole('columnheader').allTextContents()).toEqual([
        'Field',
        'Type',
        'Since',
        'Description',
      ]);
    }
    const boundary = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'geometry_wkt' }) });
    expect(await boundary.getByRole('cell').allTextContents()).toEqual([
      'geometry',
      '1.1.0',
      DATA_FIELDS.find((field) => field.name === 'geometry_wkt')!.description,
    ]);
    const parcelId = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'parcel_id', exact: true }) });
    expect(await parcelId.getByRole('cell').nth(1).textContent()).toBe('1.0.0');

    // A category link scrolls its table into view.
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: /^Permits/ })
      .click();
    await page.waitForURL(`${origin}/schema#category-permits`);
    expect(await page.getByRole('heading', { name: 'Permits', level: 3 }).isVisible()).toBe(true);
  });

  it('narrows the tables to the fields whose name or description matches the filter, and announces the count', async () => {
    const page = await open();
    await fieldsShown(page);
    const box = filterBox(page);
    expect(await box.getAttribute('aria-describedby')).toBe(await fieldCount(page).getAttribute('id'));

    await box.fill('boundary');
    await fieldCount(page).getByText('1 field matches', { exact: true }).waitFor();
    expect(await listedNames(page)).toEqual(['geometry_wkt']);
    expect(await page.getByRole('table').count()).toBe(1);
    expect(await page.getByRole('table', { name: 'Parcel and location' }).isVisible()).toBe(true);

    await box.fill('GEOMETRY_WKT');
    await fieldCount(page).getByText('1 field matches', { exact: true }).waitFor();
    expect(await listedNames(page)).toEqual(['geometry_wkt']);

    const owner = DATA_FIELDS.filter((f) => `${f.name} ${f.description}`.toLowerCase().includes('owner'));
    expect(owner.length).toBeGreaterThan(1);
    await box.fill('owner');
    await fieldCount(page).getByText(`${owner.length} fields match`, { exact: true }).waitFor();
    expect(await listedNames(page)).toEqual(owner.map((f) => f.name));

    await box.fill('swimming pool slide');
    await fieldCount(page).getByText('No fields match', { exact: true }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await fieldsShown(page);
    expect(await box.inputValue()).toBe('');
    expect(await page.getByRole('rowheader').count()).toBe(DATA_FIELDS.length);
  });

  it('marks a field announced to leave with its leave date and note, in its row and in the changelog', async () => {
    const page = await browser.open({ viewport: DESKTOP });
    // No field is deprecated yet: the page is given a schema where one is, as a later version would publish it.
    await page.route(`${origin}/api/schema`, async (route) => {
      const response = await route.fetch();
      const schema = await response.json();
      const notice = { version: '1.2.0', announced: '2027-01-05', leavesOn: '2027-04-05', note: 'Use tax_amount.' };
      schema.version = '1.2.0';
      schema.fields.find((f: { name: string }) => f.name === 'tax_year').deprecated = notice;
      schema.versions.unshift({
        version: '1.2.0',
        date: '2027-01-05',
        summary: 'tax_year is announced to leave.',
        added: [],
        deprecated: [{ field: 'tax_year', ...notice }],
        removed: [],
      });
      await route.fulfill({ response, json: schema });
    });
    await page.goto(`${origin}/schema`);
    await page.getByText('Schema version 1.2.0', { exact: true }).waitFor();

    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^tax_year/ }) });
    expect(await row.getByRole('rowheader').textContent()).toBe('tax_yearDeprecated: leaves on or after Apr 5, 2027');
    expect(await row.getByRole('cell').last().textContent()).toContain(
      'Announced in 1.2.0 (Jan 5, 2027). Use tax_amount.',
    );
    const others = page.getByRole('row').filter({ hasText: 'Deprecated' });
    expect(await others.count()).toBe(1);

    const entry = page
      .getByRole('region', { name: 'Changelog' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Version 1.2.0' }) });
    expect(await entry.locator('.schema-change').textContent()).toBe(
      'Deprecatedtax_year leaves on or after Apr 5, 2027. Use tax_amount.',
    );
  });

  it('says when the schema could not be loaded and loads it on Try again', async () => {
    const page = await browser.open({ viewport: DESKTOP });
    let failing = true;
    await page.route(`${origin}/api/schema`, (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })
        : route.fallback(),
    );
    await page.goto(`${origin}/schema`);
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: 'The schema could not be loaded' }).waitFor();
    // The promise and the PDF do not depend on the API.
    expect(await page.getByRole('region', { name: 'Our promise' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Download the schema (PDF)' }).isVisible()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await fieldsShown(page);
    expect(await page.getByText(`Schema version ${SCHEMA_VERSION}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('is reached from the landing page’s schema offer and footer, and leads back home', async () => {
    const page = await open('/');
    const pricing = page.locator('#pricing');
    // The PDF offer stays as it was, with the page beside it.
    expect(await pricing.getByRole('link', { name: 'Download the data schema (PDF)' }).getAttribute('href')).toBe(
      '/data-schema.pdf',
    );
    const online = pricing.getByRole('link', { name: 'see the fields and changelog online' });
    await online.scrollIntoViewIfNeeded();
    await screenshot(page, 'store-data-schema-landing-link');
    await online.click();
    await page.waitForURL(`${origin}/schema`);
    await fieldsShown(page);
    expect(await page.evaluate<number>('window.scrollY')).toBe(0);

    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Data schema' }).click();
    await page.waitForURL(`${origin}/schema`);
    await page.getByRole('heading', { name: 'Data schema', level: 1 }).waitFor();
  });

  it('fits a 390 px wide phone: the tables scroll inside their own box, the page never sideways', async () => {
    const page = await open('/schema', PHONE);
    await fieldsShown(page);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'store-data-schema-390');

    const scroller = page.getByRole('group', { name: 'Parcel and location' });
    const box = () =>
      scroller.evaluate((el: unknown) => {
        const { scrollWidth, clientWidth, scrollLeft } = el as ScrollBox;
        return { scrollWidth, clientWidth, scrollLeft };
      });
    const { scrollWidth, clientWidth } = await box();
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The keyboard reaches the box, so its hidden columns are not for mouse and touch alone.
    await scroller.focus();
    await page.keyboard.press('ArrowRight');
    await eventually(async () => (await box()).scrollLeft > 0);
    expect(await fitsWidth(page)).toBe(true);
  });
});
