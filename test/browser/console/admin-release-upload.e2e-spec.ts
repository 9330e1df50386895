import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { useTestApp } from '../../support/test-app';
import { killAllWorkers, WorkerProcess } from '../../support/worker-process';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('Uploading a release file from the console, resumed after a dropped connection', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let page: Page;
  let origin: string;

  afterAll(async () => {
    await killAllWorkers();
  });

  beforeEach(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    page = await browser.open();
  });

  it('resumes an upload cut off after its first piece: the staged file has the original sha256 and its ingest job completes', async () => {
    const token = await signInToConsole(page, origin);
    const draft = await fetch(`${origin}/api/admin/releases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ month: '2042-03' }),
    });
    const release = (await draft.json()) as { id: string; month: string };
    const counties: { fips: string }[] = await context.store.db.query(
      `SELECT fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 3`,
    );
    // Past one 8 MiB piece even gzipped: random owner names do not compress.
    const lines = ['parcel_id,county_fips,owner_name'];
    for (let n = 0; n < 320_000; n++) {
      const fips = counties[n % 3].fips;
      lines.push(`${fips}-${n},${fips},${createHash('sha1').update(String(n)).digest('hex')}`);
    }
    const file = gzipSync(Buffer.from(lines.join('\n') + '\n'), { level: 1 });
    expect(file.length).toBeGreaterThan(8 * 1024 * 1024);

    // The second piece's connection is cut once, as a dropped network would.
    let patches = 0;
    await page.route('**/api/admin/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && ++patches === 2) return route.abort('connectionreset');
      return route.continue();
    });
    const refusals = cspRefusals(page);
    await page.goto(`${origin}/admin/releases/${release.id}`);
    await page.getByRole('heading', { name: /^Release \d{4}-\d{2}$/ }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'national.csv.gz', mimeType: 'application/gzip', buffer: file });
    await page.getByText('Connection lost; resuming').waitFor();
    await page.getByText('Ingest job').waitFor({ timeout: 30_000 });
    await screenshot(page, 'admin-release-upload-1280');
    expect(patches).toBeGreaterThanOrEqual(3);

    const [job] = await context.store.db.query(`SELECT id, staged_key FROM ingest_jobs WHERE release_id = $1`, [
      release.id,
    ]);
    const staged = join(context.environment.env.DATA_DIR, job.staged_key);
    expect(existsSync(staged)).toBe(true);
    expect(sha256(readFileSync(staged))).toBe(sha256(file));

    WorkerProcess.start({ ...context.environment.env, LOG_LEVEL: 'warn' });
    await page.getByText('completed').waitFor({ timeout: 60_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-release-upload-390');
    expect(refusals).toEqual([]);
    // A worker process starts and ingests within the test: the budget its own waits (60 s) need.
  }, 120_000);
});
