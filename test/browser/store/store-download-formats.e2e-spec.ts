import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DATASET_FORMATS } from '../../../src/contracts/dataset-formats';
import { FORMATS_QUEUE } from '../../../src/modules/formats/formats.constants';
import { formatFileSize } from '../../../web-shared/format';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { readWithGdal } from '../../support/read-back';
import { Person, signInInBrowser } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';

interface CountyRow {
  id: string;
  name: string;
  state: string;
}

// This file compiles without the DOM library: functions run in the page reach its globals through this.
interface PageGlobals {
  document: { documentElement: { scrollWidth: number; clientWidth: number } };
}

const PHONE = { viewport: { width: 390, height: 844 } };

/**
 * A buyer picks a county file's format in the store: on the dashboard (GeoPackage, prepared by the
 * worker while the page waits, then downloaded and read by GDAL), and sees every format with its size
 * in the county's "What you get" panel.
 */
describe('Choosing a county file’s format in the store, in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const db = () => context.store.db;
  const queue = () => context.worker!.get<Queue>(getQueueToken(FORMATS_QUEUE), { strict: false });
  let origin: string;
  let kent: CountyRow;
  let dir: string;
  const buyer: Person = { email: `formats.${Date.now()}@example.com`, firstName: 'Grace', lastName: 'Hopper' };

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    [kent] = await db().query(`SELECT id, name, state FROM counties WHERE fips = '10001'`);
    dir = await mkdtemp(join(tmpdir(), 'cds-store-formats-'));
    // Conversions wait until the test lets them run, so the page is seen waiting first.
    await queue().pause();
    await buy(context.store.server, buyer.email, [{ countyId: kent.id, purchaseType: 'one-time' }]);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const fitsWidth = (page: Page) =>
    page.evaluate(() => {
      const { documentElement } = (globalThis as unknown as PageGlobals).document;
      return documentElement.scrollWidth <= documentElement.clientWidth;
    });

  it('downloads the GeoPackage picked on the dashboard: "being prepared" first, then a file GDAL reads', async () => {
    const page = await browser.open();
    await signInInBrowser(page, origin, buyer, '/dashboard');
    const card = page.getByRole('article', { name: kent.name, exact: true });
    const select = card.getByRole('combobox', { name: 'File format' });
    await select.waitFor();
    // The choices are the contract's formats, CSV first and chosen.
    expect(await select.locator('option').allInnerTexts()).toEqual(
      DATASET_FORMATS.map((format) => `${format.name} (${format.extension})`),
    );
    expect(await select.inputValue()).toBe('csv');

    // By keyboard, as a screen-reader user would choose.
    await select.focus();
    await select.selectOption('gpkg');
    await card.getByRole('button', { name: 'Download Data' }).click();
    const status = card.getByRole('status');
    await status.filter({ hasText: 'The GeoPackage of this file is being prepared.' }).waitFor();
    expect(await status.innerText()).toContain('start your download as soon as it is ready');
    // Waiting is not an error: no alert, and the button to check again is there.
    expect(await card.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'store-formats-dashboard-preparing-1280');

    await queue().resume();
    const [{ records }] = await db().query(
      `SELECT records FROM county_datasets WHERE county_id = $1 AND format = 'csv' AND kind = 'full'
       ORDER BY release DESC LIMIT 1`,
      [kent.id],
    );
    const converted = async () =>
      (
        await db().query(`SELECT 1 FROM county_datasets WHERE county_id = $1 AND format = 'gpkg' AND kind = 'full'`, [
          kent.id,
        ])
      ).length === 1;
    await eventually(converted, 120_000);
    // The page also checks again by itself once Retry-After has passed: on a slow machine that may
    // start the download (and take the button away) first. Either way the file must come.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card
        .getByRole('button', { name: 'Check again now' })
        .click()
        .catch(() => undefined),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.gpkg$/);
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    const read = await readWithGdal(path, { features: false });
    expect(read.featureCount).toBe(records);
    expect(read.srs).toBe('EPSG:4326');
    await status.filter({ hasText: 'Your download has started: GeoPackage' }).waitFor();
    await screenshot(page, 'store-formats-dashboard-started-1280');
  });

  it('fits the format choice on a 390 px phone', async () => {
    const page = await browser.open(PHONE);
    await signInInBrowser(page, origin, buyer, '/dashboard');
    const card = page.getByRole('article', { name: kent.name, exact: true });
    await card.getByRole('combobox', { name: 'File format' }).selectOption('shp');
    await card.getByText('fields.csv', { exact: false }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'store-formats-dashboard-390');
  });

  it('lists every format with its size in "What you get", and "Prepared on request" for one not made yet', async () => {
    const sizes = new Map<string, number>(
      (
        await db().query(
          `SELECT DISTINCT ON (format) format, bytes::int AS bytes FROM county_datasets
           WHERE county_id = $1 AND kind = 'full' ORDER BY format, release DESC`,
          [kent.id],
        )
      ).map((row: { format: string; bytes: number }) => [row.format, row.bytes]),
    );
    for (const [name, options] of [
      ['1280', {}],
      ['390', PHONE],
    ] as const) {
      const page = await browser.open(options);
      await page.goto(`${origin}/select-counties`);
      await page.getByLabel('State').locator('option[value="Delaware"]').waitFor({ state: 'attached' });
      await page.getByLabel('State').selectOption('Delaware');
      await page.getByRole('button', { name: `What you get: ${kent.name}, ${kent.state}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `What you get: ${kent.name}, ${kent.state}` });
      const formats = dialog.getByRole('region', { name: 'File formats' });
      await formats.waitFor();
      const rows = (await formats.getByRole('listitem').allInnerTexts()).map((line) =>
        line.replace(/\s+/g, ' ').trim(),
      );
      expect(rows).toEqual(
        DATASET_FORMATS.map((format) => {
          const bytes = sizes.get(format.id);
          return `${format.name} ${format.extension} ${bytes === undefined ? 'Prepared on request' : formatFileSize(bytes)}`;
        }),
      );
      // The CSV and the GeoPackage made in the test before have sizes; the rest are made on request.
      expect(rows[0]).not.toContain('Prepared on request');
      expect(rows[1]).not.toContain('Prepared on request');
      expect(rows[2]).toContain('Prepared on request');
      expect(await fitsWidth(page)).toBe(true);
      await formats.scrollIntoViewIfNeeded();
      await screenshot(page, `store-formats-what-you-get-${name}`);
    }
  });
});
