import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { browserOrigin, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { Person, signInInBrowser } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { squareLot } from '../../support/parcel-grid';

/** A county of ten lots on a grid, 100–109 North Main Street. */
function countyFile(fips: string): Buffer {
  const rows = Array.from({ length: 10 }, (_, n) => {
    const x = -75.6 + n * 0.0005;
    return `1-01.00-00${n},${fips},"${squareLot(x, 39, 0.0004)}",${100 + n} North Main Street,Owner ${n}`;
  });
  return gzipSync(['parcel_id,county_fips,geometry_wkt,site_address,owner_name', ...rows, ''].join('\n'));
}

/*
 * Batch append on the dashboard: a County Tracker subscriber chooses a CSV and the fields to append,
 * sends it, watches it being matched, and downloads the result with the appended columns.
 */
describe('Batch append on the dashboard, in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const person: Person = { email: `batches.${Date.now()}@example.com`, firstName: 'Bea' };
  let origin: string;
  let page: Page;
  let fips: string;

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const api = request(context.store.server);
    const { body } = await api.post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const [county] = await context.store.db.query(`SELECT id, fips FROM counties WHERE fips = '10001'`);
    fips = county.fips;
    await api
      .post(`/api/admin/counties/${county.id}/datasets?release=${monthsAgo(1)}`)
      .set({ Authorization: `Bearer ${body.token}`, 'Content-Type': 'application/gzip' })
      .send(countyFile(fips))
      .expect(201);
    await buy(context.store.server, person.email, [{ countyId: county.id, purchaseType: 'annual' }]);
    await eventually(async () => {
      const [{ n }] = await context.store.db.query(`SELECT count(*)::int AS n FROM parcel_loads`);
      return n === 1;
    }, 60_000);
  }, 120_000);

  beforeEach(async () => {
    // bypassCSP: axe is injected as an inline script, which the store's policy (rightly) refuses.
    page = await browser.open({ bypassCSP: true });
  });

  const section = () => page.getByRole('region', { name: 'Batch append' });

  /** axe's serious and critical WCAG 2.x A/AA findings in the section. */
  async function accessibilityProblems(): Promise<string[]> {
    if (!(await page.evaluate<boolean>(`typeof window.axe !== 'undefined'`))) {
      await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    }
    return page.evaluate<string[]>(`axe.run(document.querySelector('.dash-batches'), {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      }).then((results) => results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id + ': ' + v.help + ' — ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  }

  it('sends a CSV, shows it matched, and downloads it with the appended columns', async () => {
    await signInInBrowser(page, origin, person, '/dashboard');
    await section().getByText('No batches in the last 7 days.').waitFor();
    expect(await accessibilityProblems()).toEqual([]);

    const csv = ['id,address', 'r1,101 North Main Street', 'r2,"108 N. Main St., Dover, DE"', 'r3,1 Nowhere Road'];
    await section()
      .getByLabel('CSV file')
      .setInputFiles({ name: 'addresses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
    await section().getByLabel('Fields to append (optional)').fill('owner_name, site_address');
    await section().getByRole('button', { name: 'Send batch' }).click();
    await page.getByRole('status').filter({ hasText: 'Batch Sent' }).waitFor();

    // The list is asked for again while the batch is under way, until it is done.
    const row = section().getByRole('listitem').first();
    await row.getByText('Done').waitFor();
    expect(await row.innerText()).toContain('2 of 3 rows matched');
    const link = row.getByRole('link', { name: /^Download result/ });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^parcel-batch-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
    const [header, ...rows] = parseCsv(readFileSync(await download.path(), 'utf8'));
    expect(header).toEqual(['id', 'address', 'parcel_key', 'match_kind', 'match_score', 'owner_name', 'site_address']);
    expect(rows.map(([id, , key, kind, , owner]) => [id, key, kind, owner])).toEqual([
      ['r1', `${fips}10100001`, 'address', 'Owner 1'],
      ['r2', `${fips}10100008`, 'address', 'Owner 8'],
      ['r3', '', 'none', ''],
    ]);
    await screenshot(page, 'store-parcel-batches');
    expect(await accessibilityProblems()).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await section().scrollIntoViewIfNeeded();
    await screenshot(page, 'store-parcel-batches-390');
    expect(await accessibilityProblems()).toEqual([]);
  }, 90_000);

  it('shows the server’s reason when a batch is refused', async () => {
    await signInInBrowser(page, origin, person, '/dashboard');
    await section()
      .getByLabel('CSV file')
      .setInputFiles({ name: 'refs.csv', mimeType: 'text/csv', buffer: Buffer.from('ref,street\n1,Main St\n') });
    await section().getByRole('button', { name: 'Send batch' }).click();
    await page.getByRole('alert').filter({ hasText: 'no id column (it has ref, street)' }).waitFor();
    // Nothing was made of it: the list holds the one batch the test before sent.
    expect(await section().getByRole('listitem').count()).toBe(1);
  });

  // Last: it ends the County Tracker.
  it('shows no batch append once the County Tracker has ended, as the server decides', async () => {
    await context.store.db.query(
      `UPDATE subscriptions SET expiration_date = now() - interval '1 day'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [person.email],
    );
    const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/parcel-batches');
    await signInInBrowser(page, origin, person, '/dashboard');
    expect((await listed).status()).toBe(403);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await section().count()).toBe(0);
  });
});
