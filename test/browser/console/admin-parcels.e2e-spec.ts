import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { squareLot } from '../../support/parcel-grid';
import { monthsAgo } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const FIPS = '10001';
const HEADER = 'parcel_id,county_fips,geometry_wkt,site_address,owner_name,assessed_total_value';
/** Lots 0.0004° square on a 0.0005° grid, ten to a row, the first at (-75.6, 39): their south-west corners. */
const corner = (n: number) => ({ x: -75.6 + (n % 10) * 0.0005, y: 39 + Math.floor(n / 10) * 0.0005 });

/** Twenty parcels of Kent County, numbers with separators; lot 3 is Ada Lovelace's. */
function countyFile(): Buffer {
  const rows = Array.from({ length: 20 }, (_, n) => {
    const { x, y } = corner(n);
    const owner = n === 3 ? '"Lovelace, Ada"' : `Owner ${n}`;
    return `1-01.00-${String(n).padStart(3, '0')},${FIPS},"${squareLot(x, y, 0.0004)}",${100 + n} North Main Street,${owner},${1000 * (n + 1)}`;
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
}

const keyOf = (n: number) => `${FIPS}10100${String(n).padStart(3, '0')}`;

/*
 * Staff look up any parcel from the console: by address, owner, parcel number or point, the search in
 * the page's address, a parcel's every field in a drawer that its own link opens.
 */
describe('Parcels in the console: look up any parcel and open it', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;

  const drawer = () => page.locator('.ant-drawer-open');
  /** The value a drawer shows beside a schema field's name. */
  const fieldValue = (name: string) =>
    drawer()
      .locator('tr')
      .filter({ has: page.locator('code').getByText(name, { exact: true }) })
      .locator('td');
  const resultRow = (n: number) => page.locator(`.parcels-table tr[data-row-key="${keyOf(n)}"]`);

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const api = () => request(context.store.server);
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = $1`, [FIPS]);
    const month = monthsAgo(1);
    await api()
      .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${body.token}`)
      .set('Content-Type', 'application/gzip')
      .send(countyFile())
      .expect(201);
    await eventually(async () => {
      const [{ n }] = await context.store.db.query(
        `SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1 AND county_fips = $2`,
        [month, FIPS],
      );
      return n === 1;
    }, 60_000);
    // One staff session for the file: each case is then one page load.
    page = await browser.open();
    await signInToConsole(page, origin);
  });

  it('finds a parcel by its address and shows its owner, each field under its category, and its boundary', async () => {
    const refusals = cspRefusals(page);
    await page.goto(`${origin}/admin/parcels`);
    await page.getByRole('heading', { name: 'Parcels', level: 1 }).waitFor();
    await page.getByText('Search by address, owner, parcel number or point to find parcels').waitFor();
    await page.getByRole('textbox', { name: 'Address' }).fill('103 N Main St');
    await page.getByRole('button', { name: 'Search' }).click();
    await resultRow(3).getByText('Lovelace, Ada').waitFor();
    expect(await resultRow(3).innerText()).toContain('Kent, Delaware (10001)');
    await screenshot(page, 'admin-parcels-search');

    await resultRow(3).getByText('103 North Main Street').click();
    await page.waitForURL(`${origin}/admin/parcels/${keyOf(3)}?by=address&address=103+N+Main+St`);
    await drawer().getByText('103 North Main Street').first().waitFor();
    await fieldValue('owner_name').getByText('Lovelace, Ada', { exact: true }).waitFor();
    await drawer().getByText('Ownership (1 of').waitFor();
    expect(await fieldValue('assessed_total_value').innerText()).toBe('$4,000.00');
    expect(await fieldValue('year_built').innerText()).toBe('—');
    // The boundary's box and centre, as the API's 7 decimals give them.
    await drawer().getByText('-75.5985000, 39.0000000, -75.5981000, 39.0004000').waitFor();
    await drawer().getByText('39.0002000, -75.5983000').waitFor();
    await drawer().getByRole('button', { name: 'Copy parcel key' }).waitFor();
    // The map shows the parcel among its neighbours, from the staff tiles.
    await drawer()
      .getByRole('region', { name: `Map of parcel ${keyOf(3)} and its neighbours` })
      .and(page.locator('[data-parcels-drawn="true"]'))
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-parcels-drawer');

    await drawer().getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${origin}/admin/parcels?by=address&address=103+N+Main+St`);
    await resultRow(3).waitFor();
    expect(refusals).toEqual([]);
  });

  it('finds a parcel by its number written with separators, and keeps the search in a link', async () => {
    await page.goto(`${origin}/admin/parcels`);
    await page.getByLabel('Search by').click();
    await page.locator('.ant-select-item-option').getByText('Parcel number', { exact: true }).click();
    await page.getByLabel('County FIPS').fill(FIPS);
    await page.getByRole('textbox', { name: 'Parcel number' }).fill('1-01.00-007');
    await page.getByRole('textbox', { name: 'Parcel number' }).press('Enter');
    await resultRow(7).getByText('Owner 7').waitFor();
    expect(await page.locator('.parcels-table tr.ant-table-row').count()).toBe(1);
    expect(page.url()).toBe(`${origin}/admin/parcels?by=parcel&county=${FIPS}&parcel=1-01.00-007`);
  });

  it('shows the API’s message for a question it refuses, and says when nothing matches', async () => {
    await page.goto(`${origin}/admin/parcels?by=point&lat=100&lon=-75.6`);
    await page.getByRole('alert').getByText('lat must be from -90 to 90').waitFor();
    expect(await page.getByLabel('Latitude').inputValue()).toBe('100');

    await page.getByLabel('Latitude').fill('39.0002');
    await page.getByLabel('Longitude').fill('-75.6001');
    await page.getByLabel('Longitude').press('Enter');
    await page.getByText('No parcel matches this search').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('opens a parcel from its own link, with no search, and says when no parcel has the key', async () => {
    await page.goto(`${origin}/admin/parcels/${FIPS}NOSUCHPARCEL`);
    await drawer().getByText(`No parcel the store holds has the key ${FIPS}NOSUCHPARCEL`).waitFor();
    await page.goto(`${origin}/admin/parcels/${keyOf(12)}`);
    await drawer().getByText('112 North Main Street').first().waitFor();
    await fieldValue('owner_name').getByText('Owner 12', { exact: true }).waitFor();
    await fieldValue('parcel_id').getByText('1-01.00-012', { exact: true }).waitFor();
  });
});
