import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FORMATS_QUEUE, PREPARING_RETRY_AFTER_SECONDS } from '../../../src/modules/formats/formats.constants';
import { browserOrigin, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { readWithGdal } from '../../support/read-back';
import { makeRelease, monthsAgo, StoredRelease } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface County {
  id: string;
  name: string;
  state: string;
}

const PHONE = { viewport: { width: 390, height: 844 } };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A County Tracker buyer follows the links of a release email in a browser: the CSV link downloads
 * the file at once; the GeoPackage link, while the worker still prepares that format, opens the
 * order page, which says the file is on its way, asks again after the server's Retry-After, and
 * starts the download of a GeoPackage GDAL reads.
 */
describe('A Tracker email’s format links, followed in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const queue = () => context.worker!.get<Queue>(getQueueToken(FORMATS_QUEUE), { strict: false });
  const month = monthsAgo(0);
  let county: County;
  let subscription: string;
  let release: StoredRelease;
  let links: URL[];
  let dir: string;

  /** The email's link to the full file in a format (CSV: the link without a format). */
  const fullFileLink = (format: string) =>
    links.find(
      (url) =>
        url.pathname.endsWith(`/subscriptions/${subscription}/download`) &&
        url.searchParams.get('kind') === 'full' &&
        (url.searchParams.get('format') ?? 'csv') === format,
    )!;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cds-email-format-link-'));
    [county] = await db().query(
      `SELECT id, name, state FROM counties WHERE deleted_at IS NULL AND population BETWEEN 5000 AND 15000
       ORDER BY fips LIMIT 1`,
    );
    const orderId = await buy(context.store.server, 'links.tracker@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    [{ id: subscription }] = await db().query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [orderId],
    );
    // Conversions wait until the test lets them run, so the order page is seen waiting first.
    await queue().pause();
    release = await makeRelease(context.store.app, month, [{ countyId: county.id }], { draft: true });
    const { body } = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.9.2.1')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    await api()
      .post(`/api/admin/releases/${release.releaseId}/publish`)
      .set('Authorization', `Bearer ${body.token}`)
      .send({})
      .expect(200);

    const [mail] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `tracker-release-${subscription}`);
    links = [...(mail.text as string).matchAll(/http:\/\/\S+/g)].map(([url]) => new URL(url));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('downloads the CSV at once from its link', async () => {
    const page = await browser.open();
    const link = fullFileLink('csv');
    expect(Object.fromEntries(link.searchParams)).toEqual({ release: month, kind: 'full' });
    // The link answers with the file itself, so the navigation ends in a download, not a page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(browserOrigin(link.href)).catch(() => null),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv\.gz$/);
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    expect(sha256(await readFile(path))).toBe(sha256(release.files.get(county.id)!.full));
  });

  it('shows the GeoPackage being prepared on the order page, at 1280 and 390 px', async () => {
    const link = fullFileLink('gpkg');
    for (const [width, options] of [
      ['1280', {}],
      ['390', PHONE],
    ] as const) {
      const page = await browser.open(options);
      await page.goto(browserOrigin(link.href));
      const requested = page.getByRole('region', { name: 'Your requested file' });
      await requested
        .getByRole('status')
        .filter({ hasText: 'The GeoPackage of this file is being prepared.' })
        .waitFor();
      // The page the link led to is the order's, naming the file it waits for.
      expect(new URL(page.url()).pathname).toMatch(/^\/orders\/[^/]+$/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
        subscription,
        release: month,
        kind: 'full',
        format: 'gpkg',
      });
      expect(await requested.innerText()).toContain(`full file of ${county.name}, ${county.state}`);
      expect(await requested.getByRole('status').innerText()).toContain('start your download as soon as it is ready');
      // Waiting is not an error.
      expect(await requested.getByRole('alert').count()).toBe(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `store-email-format-link-preparing-${width}`);
    }
  });

  it('starts the GeoPackage download by itself soon after the worker has made it, a file GDAL reads', async () => {
    const page = await browser.open();
    await page.goto(browserOrigin(fullFileLink('gpkg').href));
    const status = page.getByRole('region', { name: 'Your requested file' }).getByRole('status');
    await status.filter({ hasText: 'being prepared' }).waitFor();
    // Most files are converted in seconds: the page asks again after a few seconds (2, then 4…), not
    // after the server's Retry-After, which allows for the largest files.
    expect(await status.innerText()).toMatch(/We will check again in about \d+ s and start your download/);
    const downloaded = page.waitForEvent('download', { timeout: (PREPARING_RETRY_AFTER_SECONDS * 3_000) / 4 });

    await queue().resume();
    const converted = async () =>
      (
        await db().query(
          `SELECT 1 FROM county_datasets WHERE county_id = $1 AND release = $2 AND format = 'gpkg' AND kind = 'full'`,
          [county.id, month],
        )
      ).length === 1;
    await eventually(converted, 120_000);

    // Nobody presses "Check again now": the page's next check, well within the server's wait, starts it.
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.gpkg$/);
    const path = join(dir, download.suggestedFilename());
    await download.saveAs(path);
    const read = await readWithGdal(path, { features: false });
    expect(read.featureCount).toBe(release.files.get(county.id)!.records);
    expect(read.srs).toBe('EPSG:4326');
    await status.filter({ hasText: 'Your download has started' }).waitFor();
  }, 180_000);
});
