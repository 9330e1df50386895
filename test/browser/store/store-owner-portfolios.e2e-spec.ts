import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { OwnerIdentityService } from '../../../src/modules/owners';
import { ParcelOwnerMentions } from '../../../src/modules/parcels/parcel-owner-mentions';
import { browserOrigin, cspRefusals, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { squareLot } from '../../support/parcel-grid';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { signInInBrowser } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const HEADER =
  'parcel_id,county_fips,geometry_wkt,site_address,assessed_total_value,last_sale_date,last_sale_price,' +
  'owner_name,owner2_name,mail_address,mail_city,mail_state,mail_zip';
const ACME = ['100 Market St', 'Wilmington', 'DE', '19801'];
const ACME_AGAIN = ['100 Market Street', 'Wilmington', 'DE', '19801'];
const KING_ST = ['200 King St', 'Wilmington', 'DE', '19801'];
const ELM = ['9 Elm St', 'Dover', 'DE', '19901'];

interface Lot {
  owner: string;
  owner2?: string;
  mail: string[];
  sale?: [date: string, price: number];
}

/** A county file of these lots: parcel n is P-n at "n Main St", a lot of a row, assessed at 1,000 dollars and n. */
const countyFile = (fips: string, lots: Lot[]) =>
  gzipSync(
    [
      HEADER,
      ...lots.map(({ owner, owner2 = '', mail, sale = ['', ''] }, n) =>
        [
          `P-${n}`,
          fips,
          squareLot(-75.5 + n * 0.001, 39, 0.0008),
          `${n} Main St`,
          1000 + n,
          ...sale,
          owner,
          owner2,
          ...mail,
        ]
          .map((v) => `"${v}"`)
          .join(','),
      ),
      '',
    ].join('\n'),
  );

/** Kent County, Delaware: ACME's 56 parcels (one as second owner) under two spellings and two addresses, and others'. */
const KENT: Lot[] = [
  ...Array.from({ length: 50 }, (_, n): Lot => ({
    owner: 'ACME HOLDINGS LLC',
    mail: ACME,
    ...(n === 0 ? { sale: ['2024-05-17', 250000] as [string, number] } : {}),
  })),
  ...Array.from({ length: 4 }, (): Lot => ({ owner: 'ACME HLDGS LLC', mail: ACME })),
  { owner: 'ACME HOLDINGS LLC', mail: KING_ST },
  { owner: 'DOE JANE', owner2: 'ACME HOLDINGS LLC', mail: ACME },
  { owner: 'LOVELACE ADA', mail: ELM },
];
const ACME_IN_KENT = 56;
/** 56 thousand dollars, and 0 + 1 + … + 55. */
const ACME_ASSESSED = '$57,540';
/** Baltimore City, Maryland: ACME holds a dozen parcels there, a county the customers do not have. */
const BALTIMORE: Lot[] = Array.from({ length: 12 }, (): Lot => ({ owner: 'ACME HLDGS LLC', mail: ACME_AGAIN }));

// This file compiles without the DOM library.
const RUN_AXE = `axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
  }).then((results) => results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`;

/*
 * Issue 36, item 2: a County Tracker subscriber finds an owner by name and sees the owner's
 * parcels in their counties — names, addresses, totals, the parcels on a map, files to take away —
 * and only a count of what the owner holds in counties they have not bought.
 */
describe('Owner portfolios in the store, in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  let refusals: string[];
  let acmeId: string;
  const tracker = { email: `owners.tracker.${Date.now()}@example.com`, firstName: 'Tess' };
  const snapshot = { email: `owners.snapshot.${Date.now()}@example.com`, firstName: 'Sam' };

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const api = () => request(context.store.server);
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const [kent] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '10001'`);
    const [baltimore] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '24510'`);
    const month = monthsAgo(1);
    for (const [county, fips, lots] of [
      [kent.id, '10001', KENT],
      [baltimore.id, '24510', BALTIMORE],
    ] as const) {
      await api()
        .post(`/api/admin/counties/${county}/datasets?release=${month}`)
        .set('Authorization', `Bearer ${body.token}`)
        .set('Content-Type', 'application/gzip')
        .send(countyFile(fips, lots))
        .expect(201);
    }
    await buy(context.store.server, tracker.email, [{ countyId: kent.id, purchaseType: 'annual' }]);
    await buy(context.store.server, snapshot.email, [{ countyId: kent.id, purchaseType: 'one-time' }]);
    await eventually(async () => {
      const [{ n }] = await context.store.db.query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [
        month,
      ]);
      return n === 2;
    }, 90_000);
    await context.worker!.get(OwnerIdentityService).group(context.worker!.get(ParcelOwnerMentions));
    const [acme] = await context.store.db.query(
      `SELECT owner_id FROM owner_mentions WHERE parcel_key = '10001P0' AND slot = 1`,
    );
    acmeId = acme.owner_id;
  }, 150_000);

  beforeEach(async () => {
    page = await browser.open({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page.setDefaultTimeout(30_000);
    refusals = cspRefusals(page);
  });

  const search = async (target: Page, name: string) => {
    const field = target.getByRole('searchbox', { name: 'Owner name' });
    await field.fill(name);
    await field.press('Enter');
  };
  const ownerMap = (target: Page) => target.getByRole('region', { name: 'Map of the parcels of ACME HOLDINGS LLC' });

  it('finds an owner however spelled, with its parcels in your counties and a count of those elsewhere', async () => {
    await signInInBrowser(page, origin, tracker, '/dashboard');
    // The dashboard's County Tracker card leads here, beside the parcel map.
    const card = page.getByRole('article', { name: 'Kent' });
    await card.getByRole('link', { name: 'Open the parcel map' }).waitFor();
    await card.getByRole('link', { name: 'Search owners' }).click();
    await page.waitForURL(`${origin}/owners`);
    await page.getByRole('heading', { level: 1, name: 'Owner search' }).waitFor();

    await search(page, 'acme hldgs');
    await page.waitForURL(`${origin}/owners?name=acme+hldgs`);
    const acme = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'ACME HOLDINGS LLC' }) })
      .first();
    await acme.waitFor();
    await acme.getByText(`${ACME_IN_KENT} parcels in 1 of your counties`).waitFor();
    await acme.getByText('Company or organization').waitFor();
    await acme.getByText("Also holds 12 parcels in 1 county you don't have").waitFor();
    expect(await acme.getByRole('link', { name: 'Browse counties' }).getAttribute('href')).toBe('/counties');
    // Maryland's county is counted, never named.
    expect(await page.locator('main').textContent()).not.toMatch(/Baltimore|Maryland|24510/);
    expect(await acme.getByRole('link', { name: 'ACME HOLDINGS LLC' }).getAttribute('href')).toBe(`/owners/${acmeId}`);

    // A question the API refuses is answered in its words; a name nobody has, with an empty state.
    await search(page, 'ac');
    await page.getByRole('alert').getByText('name must be at least 3 characters').waitFor();
    await search(page, 'Quixotic Xylophone Consortium');
    await page.getByRole('heading', { name: 'No owner found' }).waitFor();
    // Back goes to the search before, its answer and its words in the field.
    await page.goBack();
    await page.goBack();
    await acme.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Owner name' }).inputValue()).toBe('acme hldgs');
    expect(refusals).toEqual([]);
  }, 90_000);

  it('shows the portfolio: names, addresses, totals, the parcels page by page and on a map, and its files', async () => {
    await signInInBrowser(page, origin, tracker, '/owners?name=acme');
    await page.getByRole('link', { name: 'ACME HOLDINGS LLC' }).click();
    await page.waitForURL(`${origin}/owners/${acmeId}`);
    await page.getByRole('heading', { level: 1, name: 'ACME HOLDINGS LLC' }).waitFor();

    const totals = page.getByRole('definition');
    expect(await totals.allTextContents()).toEqual([String(ACME_IN_KENT), '1', ACME_ASSESSED]);
    await page.getByText("Also holds 12 parcels in 1 county you don't have").waitFor();
    const names = page.getByRole('region', { name: 'Names seen' });
    await names.getByText('ACME HOLDINGS LLC', { exact: true }).waitFor();
    await names.getByText('ACME HLDGS LLC', { exact: true }).waitFor();
    const addresses = page.getByRole('region', { name: 'Mailing addresses' });
    await addresses.getByText('100 Market St, Wilmington DE 19801').waitFor();
    await addresses.getByText('200 King St, Wilmington DE 19801').waitFor();
    const byCounty = page.getByRole('table', { name: 'Totals by county' });
    expect(await byCounty.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      'Kent, DE',
      String(ACME_IN_KENT),
      ACME_ASSESSED,
    ]);

    // The parcels: a page, then the rest.
    const parcels = page.getByRole('table', { name: 'Parcels' });
    const first = parcels.getByRole('row').filter({ hasText: '10001P0' }).first();
    const cells = await first.getByRole('cell').allTextContents();
    expect(cells[0]).toContain('0 Main St');
    expect(cells.slice(1)).toEqual(['Kent, DE', 'Owner', '$1,000', 'May 17, 2024', '$250,000']);
    expect(await parcels.getByRole('row').count()).toBe(1 + 50);
    await page.getByText(`Showing 50 of ${ACME_IN_KENT} parcels`).waitFor();
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByText(`Showing ${ACME_IN_KENT} of ${ACME_IN_KENT} parcels`).waitFor();
    expect(await parcels.getByRole('row').count()).toBe(1 + ACME_IN_KENT);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    const second = parcels.getByRole('row').filter({ hasText: '55 Main St' });
    expect(await second.getByRole('cell').nth(2).textContent()).toBe('Second owner');

    // The map draws every one of the owner's parcels, fitted to them.
    const map = ownerMap(page);
    await map.locator('canvas').waitFor();
    await page.locator(`[data-owner-parcels="${ACME_IN_KENT}"]`).waitFor();

    // The files are the export's, named for the owner.
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('acme-holdings-llc-parcels.csv');
    const lines = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1 + ACME_IN_KENT);
    const [geojson] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download GeoJSON' }).click(),
    ]);
    expect(geojson.suggestedFilename()).toBe('acme-holdings-llc-parcels.geojson');
    const collection = JSON.parse(readFileSync(await geojson.path(), 'utf8'));
    expect(collection.features).toHaveLength(ACME_IN_KENT);
    await screenshot(page, 'store-owner-portfolio-desktop');

    // Back to the search that found the owner.
    await page.getByRole('link', { name: '← Owner search' }).click();
    await page.waitForURL(`${origin}/owners?name=acme`);
    expect(refusals).toEqual([]);
  }, 90_000);

  it('links a parcel on the parcel map to its owners’ portfolios', async () => {
    await signInInBrowser(page, origin, tracker, '/parcels');
    const field = page.getByRole('combobox', { name: 'Address' });
    await field.fill('55 main st');
    await field.press('Enter');
    await page
      .getByRole('listbox', { name: 'Parcels found' })
      .getByRole('option', { name: /55 Main St/ })
      .click();
    const details = page.getByRole('complementary', { name: 'Parcel P-55' });
    await details.getByText('DOE JANE').waitFor();
    expect(await details.getByRole('link', { name: "Owner's portfolio", exact: true }).getAttribute('href')).toMatch(
      /^\/owners\/[0-9a-f-]{36}$/,
    );
    await details.getByRole('link', { name: "Second owner's portfolio" }).click();
    await page.waitForURL(`${origin}/owners/${acmeId}`);
    await page.getByRole('heading', { level: 1, name: 'ACME HOLDINGS LLC' }).waitFor();
    expect(refusals).toEqual([]);
  }, 90_000);

  it('opens a parcel of a portfolio on the parcel map, chosen, its details beside it', async () => {
    await signInInBrowser(page, origin, tracker, `/owners/${acmeId}`);
    // ACME's parcel held as second owner comes after the first page of 50.
    await page.getByRole('button', { name: 'Show more' }).click();
    const row = page.getByRole('table', { name: 'Parcels' }).getByRole('row').filter({ hasText: '55 Main St' });
    const link = row.getByRole('link', { name: /on the parcel map$/ });
    const key = (await link.textContent())!;
    await link.click();
    await page.waitForURL(`${origin}/parcels?parcel=${encodeURIComponent(key)}`);
    const details = page.getByRole('complementary', { name: 'Parcel P-55' });
    await details.getByText('DOE JANE').waitFor();
    await page.locator('[data-parcels-drawn="true"]').waitFor();

    // The map is at that parcel, in the part of the map its details leave in view: closed, a click there opens it again.
    const canvas = page.locator('canvas.maplibregl-canvas');
    const [map, panel] = [(await canvas.boundingBox())!, (await details.boundingBox())!];
    const [mapRight, panelRight] = [map.x + map.width, panel.x + panel.width];
    const clearX = panel.x - map.x > mapRight - panelRight ? (map.x + panel.x) / 2 : (panelRight + mapRight) / 2;
    const clear = { x: clearX, y: map.y + map.height / 2 };
    await eventually(async () => {
      await page.mouse.move(clear.x, clear.y);
      return (await canvas.evaluate((element) => element.style.cursor)) === 'pointer';
    }, 10_000);
    await details.getByRole('button', { name: "Close the parcel's details" }).click();
    await details.waitFor({ state: 'detached' });
    await page.mouse.click(clear.x, clear.y);
    await details.getByText('DOE JANE').waitFor();
    expect(refusals).toEqual([]);
  }, 90_000);

  it('passes axe at 1280 px, and fits a 390 px phone', async () => {
    const checked = await browser.open({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    checked.setDefaultTimeout(30_000);
    await signInInBrowser(checked, origin, tracker, '/owners?name=acme');
    await checked.getByRole('link', { name: 'ACME HOLDINGS LLC' }).waitFor();
    await checked.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    expect(await checked.evaluate<string[]>(RUN_AXE)).toEqual([]);
    await checked.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(checked)).toBe(true);
    await screenshot(checked, 'store-owner-search-phone');

    await checked.getByRole('link', { name: 'ACME HOLDINGS LLC' }).click();
    await checked.locator(`[data-owner-parcels="${ACME_IN_KENT}"]`).waitFor();
    expect(await fitsWidth(checked)).toBe(true);
    await checked.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    expect(await checked.evaluate<string[]>(RUN_AXE)).toEqual([]);
    // The parcels table scrolls inside its own box; the map keeps the phone's width.
    const mapBox = (await ownerMap(checked).boundingBox())!;
    expect(mapBox.x).toBeGreaterThanOrEqual(0);
    expect(mapBox.x + mapBox.width).toBeLessThanOrEqual(390);
    await screenshot(checked, 'store-owner-portfolio-phone');

    await checked.setViewportSize({ width: 1280, height: 800 });
    expect(await fitsWidth(checked)).toBe(true);
    expect(await checked.evaluate<string[]>(RUN_AXE)).toEqual([]);
  }, 120_000);

  it('tells a customer without County Tracker what owner search needs, and offers the counties', async () => {
    await signInInBrowser(page, origin, snapshot, '/dashboard');
    await page.getByRole('article', { name: 'Kent' }).waitFor();
    expect(await page.getByRole('link', { name: 'Search owners' }).count()).toBe(0);

    await page.goto(`${origin}/owners`);
    await search(page, 'acme');
    await page.getByRole('heading', { name: 'Owner search comes with County Tracker' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse counties' }).getAttribute('href')).toBe('/counties');

    // A portfolio's link says the same, and shows nothing of the owner.
    await page.goto(`${origin}/owners/${acmeId}`);
    await page.getByRole('heading', { level: 1, name: 'Owner search comes with County Tracker' }).waitFor();
    expect(await page.getByText('ACME').count()).toBe(0);
    expect(refusals).toEqual([]);
  }, 60_000);
});
