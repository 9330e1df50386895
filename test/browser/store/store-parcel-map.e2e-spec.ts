import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import type { Page } from 'playwright-core';
import { browserOrigin, cspRefusals, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { signInInBrowser } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { squareLot } from '../../support/parcel-grid';
import { PARCELS_DRAWN_MARK } from '../../../src/contracts/parcel-map';

const HEADER = 'parcel_id,county_fips,geometry_wkt,site_address,owner_name,assessed_total_value';
/** Baltimore City's lots: a grid near the middle of its Census outline, where the map opens. */
const X0 = -76.622;
const Y0 = 39.284;
const STEP = 0.0005;
const SIDE = 0.0004;
const LOTS = 30;

function countyFile(): Buffer {
  const rows = Array.from({ length: LOTS }, (_, n) => {
    const x = X0 + (n % 10) * STEP;
    const y = Y0 + Math.floor(n / 10) * STEP;
    const owner = n === 3 ? '"Lovelace, Ada"' : `Owner ${n}`;
    return `7-${String(n).padStart(3, '0')},24510,"${squareLot(x, y, SIDE)}",${100 + n} Harbor Road,${owner},${1000 + n}`;
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
}

// This file compiles without the DOM library.
const RUN_AXE = `axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    resultTypes: ['violations'],
  }).then((results) => results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`;

/** Pixels of the chosen parcel's red outline (#b91c1c) in part of the page, read back from a screenshot by the page itself. */
async function redPixels(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = (await page.screenshot({ clip })).toString('base64');
  return page.evaluate<number>(`new Promise((resolve) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let red = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i] - 185) < 30 && data[i + 1] < 70 && data[i + 2] < 70) red++;
      }
      resolve(red);
    };
    image.src = 'data:image/png;base64,${png}';
  })`);
}

/*
 * The store's parcel map (MapLibre over the store's own tiles) for County Tracker subscribers, and
 * the preview map of "What you get". WebGL here is software (SwiftShader): these check what a
 * person checks — it draws, it finds, it shows the right parcel, it exports the right parcels.
 */
describe('The parcel map in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  let refusals: string[];
  const tracker = { email: `map.tracker.${Date.now()}@example.com`, firstName: 'Tess' };
  const snapshot = { email: `map.snapshot.${Date.now()}@example.com`, firstName: 'Sam' };

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const api = () => request(context.store.server);
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const [baltimore] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '24510'`);
    const [kent] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '10001'`);
    const month = monthsAgo(1);
    await api()
      .post(`/api/admin/counties/${baltimore.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${body.token}`)
      .set('Content-Type', 'application/gzip')
      .send(countyFile())
      .expect(201);
    await buy(context.store.server, tracker.email, [{ countyId: baltimore.id, purchaseType: 'annual' }]);
    await buy(context.store.server, snapshot.email, [{ countyId: kent.id, purchaseType: 'one-time' }]);
    await eventually(async () => {
      const [{ n }] = await context.store.db.query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [
        month,
      ]);
      return n === 1;
    }, 60_000);
  });

  beforeEach(async () => {
    // bypassCSP only where axe is injected (an inline script the store's policy refuses).
    page = await browser.open({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page.setDefaultTimeout(60_000);
    refusals = cspRefusals(page);
  });

  const parcelsDrawn = () => page.locator('[data-parcels-drawn="true"]').waitFor();

  it('finds an address from the keyboard and shows its parcel’s owner in the details panel', async () => {
    await signInInBrowser(page, origin, tracker, '/parcels');
    await parcelsDrawn();
    // The moment the first parcels were on screen, on the page's performance timeline (what the map's benchmark reads).
    const marks = await page.evaluate((name) => performance.getEntriesByName(name, 'mark').length, PARCELS_DRAWN_MARK);
    expect(marks).toBe(1);
    const field = page.getByRole('combobox', { name: 'Address' });
    await field.fill('103 harbor rd');
    await field.press('Enter');
    const results = page.getByRole('listbox', { name: 'Parcels found' });
    await results.getByRole('option').first().waitFor();
    expect(await results.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await field.press('Enter');
    const details = page.getByRole('complementary', { name: 'Parcel 7-003' });
    await details.getByText('Lovelace, Ada').waitFor();
    expect(await details.locator('dt', { hasText: 'Owner name' }).count()).toBe(1);
    // Field names read as words, abbreviations as people write them.
    expect(await details.locator('dt', { hasText: /^County FIPS$/ }).count()).toBe(1);
    // The panel's heading has the focus: a screen reader reads the parcel next.
    expect(await page.evaluate(`document.activeElement.textContent`)).toBe('Parcel 7-003');
    expect(refusals).toEqual([]);
  });

  it('searches a changed question on Enter, and Escape closes the details back to the search field', async () => {
    await signInInBrowser(page, origin, tracker, '/parcels');
    await parcelsDrawn();
    const field = page.getByRole('combobox', { name: 'Address' });
    const results = page.getByRole('listbox', { name: 'Parcels found' });
    await field.fill('103 harbor rd');
    await field.press('Enter');
    await results
      .getByRole('option', { name: /103 Harbor Road/ })
      .first()
      .waitFor();
    // A new question, then Enter: it is searched, not answered with the old question's first result.
    await field.fill('108 harbor rd');
    await field.press('Enter');
    await results.getByRole('option').first().getByText('108 Harbor Road').waitFor();
    expect(await page.getByRole('complementary', { name: 'Parcel 7-003' }).count()).toBe(0);
    await field.press('Enter');
    const details = page.getByRole('complementary', { name: 'Parcel 7-008' });
    await details.getByText('Owner 8').waitFor();

    // Escape closes the panel, and the keyboard's place is the search field again, not the page's body.
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    expect(await page.evaluate(`document.activeElement.getAttribute('role')`)).toBe('combobox');

    // So does its close button.
    await field.press('Enter');
    await results.getByRole('option').first().waitFor();
    await field.press('Enter');
    await details.getByText('Owner 8').waitFor();
    await details.getByRole('button', { name: "Close the parcel's details" }).click();
    await details.waitFor({ state: 'detached' });
    expect(await page.evaluate(`document.activeElement.getAttribute('role')`)).toBe('combobox');
  });

  it('shows a hand over a parcel, not over the street, and opens the parcel clicked', async () => {
    await signInInBrowser(page, origin, tracker, '/parcels');
    await parcelsDrawn();
    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no canvas on the page');
    const cursorAt = async (x: number, y: number) => {
      await page.mouse.move(x, y);
      return canvas.evaluate((element) => element.style.cursor);
    };
    // A sweep across the map: every lot in view, with streets between them.
    let lot: { x: number; y: number } | undefined;
    let street = false;
    for (let row = 1; row < 12 && !(lot && street); row++) {
      for (let column = 1; column < 24 && !(lot && street); column++) {
        const x = box.x + (box.width * column) / 24;
        const y = box.y + (box.height * row) / 12;
        if ((await cursorAt(x, y)) === 'pointer') lot ??= { x, y };
        else street = true;
      }
    }
    if (!lot) throw new Error('no point of the map showed a hand');
    expect(street).toBe(true);
    await page.mouse.click(lot.x, lot.y);
    await page.getByRole('complementary', { name: /^Parcel 7-\d{3}$/ }).waitFor();
  });

  it('selects the parcels in view and exports them as GeoJSON and CSV', async () => {
    await signInInBrowser(page, origin, tracker, '/parcels');
    await parcelsDrawn();
    await page.getByRole('button', { name: 'Select parcels in view' }).click();
    await page.getByText(`${LOTS} parcels selected`).waitFor();

    const [geojson] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download GeoJSON' }).click(),
    ]);
    const collection = JSON.parse(readFileSync(await geojson.path(), 'utf8'));
    const ids = (collection.features as { properties: { parcel_id: string } }[]).map((f) => f.properties.parcel_id);
    expect(ids.sort()).toEqual(Array.from({ length: LOTS }, (_, n) => `7-${String(n).padStart(3, '0')}`).sort());

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const lines = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(LOTS + 1);
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['parcel_key', 'owner_name', 'geometry']));
    expect(lines.some((line) => line.includes('"Lovelace, Ada"'))).toBe(true);
  });

  it('tells a customer without a County Tracker how to get one', async () => {
    await signInInBrowser(page, origin, snapshot, '/parcels');
    await page.getByRole('heading', { name: 'The parcel map comes with County Tracker' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse counties' }).getAttribute('href')).toBe('/counties');
    expect(await page.locator('canvas').count()).toBe(0);
  });

  it('passes axe at 1280 px and works at 390 px', async () => {
    const checked = await browser.open({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    checked.setDefaultTimeout(60_000);
    await signInInBrowser(checked, origin, tracker, '/parcels');
    await checked.locator('[data-parcels-drawn="true"]').waitFor();
    await checked.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    expect(await checked.evaluate<string[]>(RUN_AXE)).toEqual([]);

    await checked.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(checked)).toBe(true);
    await checked.getByLabel('Search by').selectOption('owner');
    const field = checked.getByRole('combobox', { name: 'Owner' });
    await field.fill('Lovelace');
    await field.press('Enter');
    await checked.getByRole('listbox', { name: 'Parcels found' }).getByRole('option').first().click();
    const sheet = checked.getByRole('complementary', { name: 'Parcel 7-003' });
    await sheet.getByText('103 Harbor Road').waitFor();
    expect(await fitsWidth(checked)).toBe(true);
    expect(await checked.evaluate<string[]>(RUN_AXE)).toEqual([]);

    // The details sheet covers the map's lower part: the chosen parcel, outlined in red, is drawn above it.
    const map = (await checked.locator('.pmap-map').boundingBox())!;
    const sheetTop = (await sheet.boundingBox())!.y;
    const visible = { x: map.x, y: map.y, width: map.width, height: sheetTop - map.y };
    await eventually(async () => (await redPixels(checked, visible)) > 20, 10_000);
    await screenshot(checked, 'store-parcel-map-phone-details');
  });

  it('draws a preview of parcel outlines in a county’s "What you get" panel', async () => {
    const tiles: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/tiles/preview/')) tiles.push(new URL(req.url()).pathname);
    });
    await page.goto(`${origin}/select-counties`);
    await page.getByLabel('State').locator('option[value="Maryland"]').waitFor({ state: 'attached' });
    await page.getByLabel('State').selectOption('Maryland');
    await page.getByRole('button', { name: 'What you get: Baltimore City, Maryland', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'What you get: Baltimore City, Maryland' });
    await dialog.getByRole('region', { name: 'Preview map of parcel outlines in Baltimore City, Maryland' }).waitFor();
    await dialog.locator('canvas').waitFor();
    await dialog.locator('[data-parcels-drawn="true"]').waitFor();
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((path) => /^\/api\/tiles\/preview\/17\/\d+\/\d+\.mvt$/.test(path))).toBe(true);
    await dialog.getByText(/A preview of the parcel outlines and numbers/).waitFor();
    expect(refusals).toEqual([]);
  });
});
