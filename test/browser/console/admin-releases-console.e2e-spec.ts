import type { Page } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { countyRecords, csvLine, DATASET_COLUMNS } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, cspRefusals, fitsWidth, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

interface TestCounty {
  id: string;
  fips: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
}

/** Number columns whose values a flagged county's file gets wrong in every record: over 1 % of its values. */
const NUMBER_COLUMNS = DATA_FIELDS.filter((f) => ['integer', 'decimal', 'money'].includes(f.type)).map((f) =>
  DATASET_COLUMNS.indexOf(f.name),
);

/** One file of three counties in three states; the counties in `broken` carry words where numbers belong. */
function threeStateFile(counties: TestCounty[], month: string, broken: Set<string>): Buffer {
  const lines = [DATASET_COLUMNS.join(',')];
  for (const county of counties) {
    for (const record of countyRecords(county, month, { recordsPerCounty: 40 })) {
      if (broken.has(county.fips)) for (const column of NUMBER_COLUMNS) record[column] = 'unknown';
      lines.push(csvLine(record));
    }
  }
  return gzipSync(Buffer.from(`${lines.join('\n')}\n`));
}

describe('A month of data released from the admin console in a real browser', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  let origin: string;
  let counties: TestCounty[];
  const month = releaseOf(new Date());

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    counties = await context.store.db.query(
      `SELECT id, fips, name, state, state_code AS "stateCode", population FROM counties
       WHERE fips IN ('10001', '11001', '44001') AND deleted_at IS NULL ORDER BY fips`,
    );
    expect(counties).toHaveLength(3);
  });

  const toast = (page: Page) => page.locator('.ant-notification-notice');
  const totals = (page: Page) => page.locator('.coverage-totals');
  const haveData = async (page: Page) => Number((await totals(page).innerText()).split(' of ')[0].replace(/,/g, ''));

  it('creates a draft, reads its QA table, publishes with one flagged county acknowledged and one left out, and coverage follows', async () => {
    const page = await browser.open();
    const refused = cspRefusals(page);
    const token = await signInToConsole(page, origin, '/admin/coverage');
    const [delaware, columbia, rhodeIsland] = counties;

    // Coverage before: the map and the totals.
    await totals(page).getByText('counties have data').waitFor();
    await page.locator('.coverage-map path[data-fips="10001"]').waitFor();
    const before = await haveData(page);
    await screenshot(page, 'admin-coverage');

    // A draft of this month, created from the releases page.
    await page.getByRole('link', { name: 'Releases' }).click();
    await page.getByRole('heading', { name: 'Releases', level: 1 }).waitFor();
    await page.getByLabel('Month').fill(month);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await toast(page).getByText('Draft created').waitFor();
    await page.getByRole('heading', { name: `Release ${month}`, level: 1 }).waitFor();
    const releaseId = new URL(page.url()).pathname.split('/').pop()!;

    // The file comes in through the API (the upload screen is its own page), and is checked by the worker.
    const api = () => request(context.store.server);
    const job = await api()
      .post(`/api/admin/releases/${releaseId}/files`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/gzip')
      .send(threeStateFile(counties, month, new Set([columbia.fips, rhodeIsland.fips])))
      .expect(202);
    await eventually(async () => {
      const state = (await api().get(`/api/admin/jobs/${job.body.id}`).set('Authorization', `Bearer ${token}`)).body
        .state;
      if (state === 'failed') throw new Error('the ingest failed');
      return state === 'completed';
    }, 60_000);

    // The QA table fills in as the counties are checked; two are flagged.
    const qa = page.getByRole('table').last();
    for (const county of counties) await qa.getByRole('button', { name: county.name }).waitFor({ timeout: 60_000 });
    await eventually(async () => (await qa.getByText('checking').count()) === 0, 60_000);
    expect(await qa.getByText('invalid_values').count()).toBe(2);
    await screenshot(page, 'admin-release');

    await page.getByLabel('Flagged only').click();
    await eventually(async () => (await qa.locator('tbody tr.ant-table-row').count()) === 2, 10_000);
    await page.getByLabel('Flagged only').click();

    // A county's row opens its checks and its first records.
    await qa.getByRole('button', { name: columbia.name }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('More than 1 % of the values are not valid for their field').first().waitFor();
    // Its parcels' boundaries counted: every generated lot has a valid one.
    const boundaries = drawer.locator('.ant-descriptions-item-label', { hasText: 'Parcel boundaries' });
    expect(await boundaries.locator('+ .ant-descriptions-item-content').innerText()).toMatch(/^\d+ valid$/);
    const preview = drawer.getByRole('table').last();
    await preview.getByRole('columnheader', { name: 'parcel_id', exact: true }).waitFor();
    expect(await preview.locator('tbody tr.ant-table-row').count()).toBe(10);
    await screenshot(page, 'admin-release-county');
    await drawer.getByRole('button', { name: 'Close' }).click();

    // Publishing asks about each flagged county first.
    await page.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish the ${month} release?` });
    const answer = (fips: string, label: string) =>
      dialog.locator(`.publish-choice[data-county="${fips}"]`).getByText(label).click();
    expect(await dialog.locator('.publish-choice').count()).toBe(2);
    const publish = dialog.getByRole('button', { name: 'Publish' });
    await answer(columbia.fips, 'Publish anyway');
    expect(await publish.isDisabled()).toBe(true);
    await answer(rhodeIsland.fips, 'Leave out');
    await screenshot(page, 'admin-release-publish');
    await publish.click();
    await toast(page).getByText('Release published').waitFor();
    await page.getByText(`The ${month} release is published`).waitFor();
    await page.getByText('2 counties,').waitFor();

    const rows = (
      await api().get(`/api/admin/releases/${releaseId}`).set('Authorization', `Bearer ${token}`).expect(200)
    ).body.counties as { fips: string; status: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.fips, r.status]))).toEqual({
      [delaware.fips]: 'published',
      [columbia.fips]: 'published',
      [rhodeIsland.fips]: 'excluded',
    });

    // Coverage after: two more counties have this month's data; the one left out has none.
    await page.getByRole('link', { name: 'See coverage' }).click();
    await totals(page).getByText('counties have data').waitFor();
    // The list shown before publishing is replaced by a fresh one as soon as it arrives.
    await eventually(async () => (await haveData(page)) === before + 2, 10_000);
    const table = page.getByRole('table').last();
    await page.getByRole('combobox', { name: 'State' }).fill('Rhode Island');
    await page.keyboard.press('Enter');
    await table.getByRole('button', { name: rhodeIsland.name }).waitFor();
    // Left out, it has no published release: outside production it is sold with generated data, and says so.
    await table.getByText('Generated data').first().waitFor();

    // A county opens its release history.
    await page.getByRole('combobox', { name: 'State' }).fill('Delaware');
    await page.keyboard.press('Enter');
    await table.getByRole('button', { name: delaware.name }).click();
    await page.locator('.ant-drawer-open').getByRole('cell', { name: month, exact: true }).waitFor();
    expect(refused).toEqual([]);
  }, 240_000);

  it('keeps Publish off for a month still to come, says from when, and shows the refusal to a page that offers it', async () => {
    const page = await browser.open();
    await signInToConsole(page, origin, '/admin/releases');
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    // Staff prepare next month's draft ahead (the form suggests it).
    await page.getByLabel('Month').fill(next);
    await page.getByRole('button', { name: 'Create draft' }).click();
    await toast(page).getByText(`it can be published from ${next}-01 (UTC)`).waitFor();
    await page.getByRole('heading', { name: `Release ${next}`, level: 1 }).waitFor();
    await page.getByText(`Can be published from ${next}-01 (UTC), when ${next} begins`).waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
    await screenshot(page, 'admin-release-future-month');

    // A page that offers Publish anyway (one an older console drew, say): the store refuses, and the page shows why.
    await page.route('**/api/admin/releases/*', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const detail = await response.json();
      const [county] = counties;
      const row = {
        countyId: county.id,
        fips: county.fips,
        name: county.name,
        state: county.stateCode,
        status: 'ready',
        records: 1,
        fillRates: {},
        flags: [],
        invalidValues: [],
        invalidValueCount: 0,
        previousRelease: null,
        added: null,
        removed: null,
        changed: null,
        changedFields: [],
        formats: [],
        foreignFipsRows: 0,
        duplicateParcelIds: 0,
        bytes: 1,
        changeBytes: null,
        checkedAt: now.toISOString(),
        comparedAt: now.toISOString(),
      };
      await route.fulfill({
        response,
        json: { release: { ...detail.release, publishableFrom: null }, counties: [row] },
      });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page
      .getByRole('dialog', { name: `Publish the ${next} release?` })
      .getByRole('button', { name: 'Publish' })
      .click();
    await toast(page).getByText('Release not published').waitFor();
    await toast(page)
      .getByText(`The ${next} release is for a month still to come: it can be published from ${next}-01 (UTC)`)
      .waitFor();
  }, 60_000);

  it('shows the new pages at desktop and phone widths, each fitting the window', async () => {
    for (const [width, height, suffix] of [
      [1280, 900, '1280'],
      [390, 844, '390'],
    ] as const) {
      const page = await browser.open({ viewport: { width, height } });
      await signInToConsole(page, origin, '/admin/coverage');
      await totals(page).getByText('counties have data').waitFor();
      await page.locator('.coverage-map path').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-coverage-${suffix}`);
      await page.goto(`${origin}/admin/releases`);
      await page.getByRole('table', { name: 'Releases' }).getByRole('link', { name: month }).click();
      await page.getByRole('heading', { name: `Release ${month}`, level: 1 }).waitFor();
      await page.getByRole('table').last().getByRole('button', { name: counties[0].name }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-release-${suffix}`);
      // A county's checks and first records, in the drawer its row opens.
      await page.getByRole('table').last().getByRole('button', { name: counties[1].name }).click();
      const drawer = page.locator('.ant-drawer-open');
      await drawer.getByRole('table').last().getByRole('columnheader', { name: 'parcel_id', exact: true }).waitFor();
      // The drawer lies over the page: its own body must not run wider than it (the records table scrolls inside).
      expect(
        await drawer
          .locator('.ant-drawer-body')
          .evaluate((body: { scrollWidth: number; clientWidth: number }) => body.scrollWidth <= body.clientWidth),
      ).toBe(true);
      await screenshot(page, `admin-release-county-${suffix}`);
      await page.goto(`${origin}/admin/releases`);
      await page.getByRole('heading', { name: 'Releases', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Releases' }).getByRole('link', { name: month }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-releases-${suffix}`);
    }
  }, 120_000);
});
