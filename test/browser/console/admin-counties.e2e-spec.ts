import type { Page, Request } from 'playwright-core';
import { signInToConsole } from '../../support/admin-console';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

interface CountyRow {
  id: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
  deletedAt: Date | null;
}

describe('The admin Counties page in a real browser', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let origin: string;
  let page: Page;
  /** Every write the page sends to the admin county endpoints, in order. */
  let writes: Request[];

  const countyByFips = async (fips: string): Promise<CountyRow> => {
    const [row] = await context.store.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, deleted_at AS "deletedAt"
       FROM counties WHERE fips = $1`,
      [fips],
    );
    return row;
  };
  const countyById = async (id: string): Promise<CountyRow> => {
    const [row] = await context.store.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, deleted_at AS "deletedAt"
       FROM counties WHERE id = $1`,
      [id],
    );
    return row;
  };
  const catalogCount = async (): Promise<number> => {
    const [{ n }] = await context.store.db.query(`SELECT count(*)::int AS n FROM counties WHERE deleted_at IS NULL`);
    return n;
  };

  /** How many listed counties the spec's search should find: name, state or state code containing the term. */
  const matching = async (term: string): Promise<number> => {
    const [{ n }] = await context.store.db.query(
      `SELECT count(*)::int AS n FROM counties WHERE deleted_at IS NULL
         AND (name ILIKE $1 OR state ILIKE $1 OR state_code ILIKE $1)`,
      [`%${term}%`],
    );
    return n;
  };

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
  });

  beforeEach(async () => {
    page = await browser.open();
    writes = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/counties/') && request.method() !== 'GET') writes.push(request);
    });
  });

  const toast = () => page.locator('.ant-notification-notice');
  const search = () => page.getByPlaceholder('Search counties...');
  const rows = () => page.locator('.ant-table-tbody tr.ant-table-row');
  const rowOf = (id: string) => page.locator(`.ant-table-tbody tr[data-row-key="${id}"]`);
  const totalCard = () => page.locator('.metric-card', { hasText: 'Total Counties' });
  const cells = async (id: string) => (await rowOf(id).locator('td').allInnerTexts()).slice(0, 4);
  /**
   * A dialog once it has zoomed in: on a busy machine a click during the zoom can land beside its
   * button, which moves and grows under the pointer. Closing, it stays found until it is hidden.
   */
  const openedDialog = (name: string) =>
    page.getByRole('dialog', { name }).and(page.locator(':not(.ant-zoom-appear):not(.ant-zoom-enter)'));
  const editDialog = () => openedDialog('Edit County');
  const deleteDialog = () => openedDialog('Are you sure?');

  async function openCounties(): Promise<void> {
    await signInToConsole(page, origin, '/admin/counties');
    await page.getByRole('heading', { name: 'Counties', level: 1 }).waitFor();
    await rows().first().waitFor();
  }

  /** Shows only the counties matching `query`, waiting until the table has caught up with the box. */
  async function searchFor(query: string, expectedRows?: number): Promise<void> {
    await search().fill(query);
    if (expectedRows !== undefined) await eventually(async () => (await rows().count()) === expectedRows);
  }

  it('shows 10 skeleton rows while loading, then the heading, subtitle and the catalog count on "Total Counties"', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/counties', async (route) => {
      await held;
      await route.continue();
    });
    await signInToConsole(page, origin, '/admin/counties');
    await page.getByRole('heading', { name: 'Counties', level: 1 }).waitFor();
    await page.getByText('Manage county information and availability').waitFor();
    await page.locator('.counties-skeleton-row').first().waitFor();
    expect(await page.locator('.counties-skeleton-row').count()).toBe(10);
    await screenshot(page, 'admin-counties-loading');
    release();

    await rows().first().waitFor();
    expect(await page.locator('.counties-skeleton-row').count()).toBe(0);
    const total = (await catalogCount()).toLocaleString('en-US');
    await totalCard().getByText(total, { exact: true }).waitFor();
    await page.locator('.ant-card', { hasText: 'All Counties' }).getByText(`1–20 of ${total}`).waitFor();
    expect(await rows().count()).toBe(20);
    // The table's columns, in the spec's order.
    const headers = await page.locator('.ant-table-thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['Name', 'State', 'State Code', 'Population', 'Actions']);
    const autauga = await countyByFips('01001');
    expect(await cells(autauga.id)).toEqual(['Autauga', 'Alabama', 'AL', '55,869']);
    await rowOf(autauga.id).getByRole('button', { name: 'Edit Autauga, Alabama' }).waitFor();
    await rowOf(autauga.id).getByRole('button', { name: 'Delete Autauga, Alabama' }).waitFor();
    await screenshot(page, 'admin-counties');
  });

  it('sorts by population, largest first', async () => {
    await openCounties();
    const population = page.locator('.ant-table-thead th', { hasText: 'Population' });
    await population.click();
    await population.click(); // ascending, then descending
    const la = await countyByFips('06037');
    await eventually(async () => (await rows().first().getAttribute('data-row-key')) === la.id);
    expect((await cells(la.id))[0]).toBe('Los Angeles');
  });

  it('narrows the rows by state code, by name and by state, ignoring case, and says when nothing matches', async () => {
    await openCounties();
    const total = (await catalogCount()).toLocaleString('en-US');
    const md = await matching('md');
    expect(md).toBeGreaterThan(20);
    await searchFor('md', 20);
    await page.getByText(`1–20 of ${md}`).waitFor();
    // Maryland's counties, and names such as Camden that contain the letters.
    for (const text of await rows().allInnerTexts()) expect(text.toLowerCase()).toContain('md');
    // The total stays the whole catalog; the card says how many match.
    await totalCard().getByText(total, { exact: true }).waitFor();
    await totalCard().getByText(`${md} match the search`).waitFor();
    await screenshot(page, 'admin-counties-search-md');

    await searchFor('BALTIMORE', 2);
    expect((await page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts()).sort()).toEqual([
      'Baltimore',
      'Baltimore City',
    ]);

    // The state (Texas's counties) and the name (Texas County, Missouri and Oklahoma).
    const texas = await matching('texas');
    expect(texas).toBeGreaterThan(254);
    await searchFor('Texas');
    await page.getByText(`1–20 of ${texas}`).waitFor();

    await searchFor('no such county anywhere', 0);
    await page.getByText('No counties found matching your search').waitFor();
    await screenshot(page, 'admin-counties-search-empty');

    await searchFor('', 20);
    await page.getByText(`1–20 of ${total}`).waitFor();
  });

  it('says "No counties found" when the catalog is empty', async () => {
    await page.route('**/api/counties', (route) => route.fulfill({ json: [] }));
    await signInToConsole(page, origin, '/admin/counties');
    await page.getByText('No counties found', { exact: true }).waitFor();
    await totalCard().getByText('0', { exact: true }).waitFor();
  });

  it('refuses a 3-letter state code in the dialog, then saves a new name and population', async () => {
    const harris = await countyByFips('48201');
    await openCounties();
    await searchFor('harris');
    await rowOf(harris.id).getByRole('button', { name: 'Edit Harris, Texas' }).click();
    const dialog = editDialog();
    await dialog.getByText('Update the county information below').waitFor();
    // Prefilled with the county as it is.
    expect(await dialog.getByLabel('County Name').inputValue()).toBe('Harris');
    expect(await dialog.getByLabel('State', { exact: true }).inputValue()).toBe('Texas');
    expect(await dialog.getByLabel('State Code').inputValue()).toBe('TX');
    expect(await dialog.getByLabel('Population').inputValue()).toBe('4713325');

    // The field takes at most 2 characters as typed ...
    await dialog.getByLabel('State Code').fill('');
    await dialog.getByLabel('State Code').pressSequentially('TXX');
    expect(await dialog.getByLabel('State Code').inputValue()).toBe('TX');
    // ... and a browser that ignores that limit still cannot send a 3-letter code.
    await dialog.getByLabel('State Code').evaluate((input) => input.removeAttribute('maxlength'));
    await dialog.getByLabel('State Code').pressSequentially('X');
    expect(await dialog.getByLabel('State Code').inputValue()).toBe('TXX');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('State code must be exactly 2 letters').waitFor();
    await screenshot(page, 'admin-counties-edit-refused');
    expect(writes).toHaveLength(0);
    expect(await countyById(harris.id)).toMatchObject({ name: 'Harris', stateCode: 'TX', population: 4713325 });

    await dialog.getByLabel('State Code').fill('tx');
    await dialog.getByLabel('County Name').fill('Harris Metro');
    await dialog.getByLabel('Population').fill('4731146');
    // Hold the answer to see the pending button.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/counties/*', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const saving = dialog.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();

    await toast().getByText('Success', { exact: true }).waitFor();
    await toast().getByText('County updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(writes.map((w) => [w.method(), w.postDataJSON()])).toEqual([
      ['PUT', { name: 'Harris Metro', state: 'Texas', stateCode: 'TX', population: 4731146 }],
    ]);
    await rowOf(harris.id).getByRole('cell', { name: 'Harris Metro', exact: true }).waitFor();
    expect(await cells(harris.id)).toEqual(['Harris Metro', 'Texas', 'TX', '4,731,146']);
    expect(await countyById(harris.id)).toMatchObject({ name: 'Harris Metro', stateCode: 'TX', population: 4731146 });
    await screenshot(page, 'admin-counties-edited');
  });

  it('refuses a population that is not a whole number, then saves an empty one as NULL and shows "N/A"', async () => {
    const cook = await countyByFips('17031');
    await openCounties();
    await searchFor('cook');
    await rowOf(cook.id).getByRole('button', { name: 'Edit Cook, Illinois' }).click();
    const dialog = editDialog();
    await dialog.getByLabel('Population').fill('5,150,233');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Population must be a whole number or empty').waitFor();
    expect(writes).toHaveLength(0);

    await dialog.getByLabel('Population').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast().getByText('County updated successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(writes.map((w) => w.postDataJSON())).toEqual([
      { name: 'Cook', state: 'Illinois', stateCode: 'IL', population: null },
    ]);
    await rowOf(cook.id).getByRole('cell', { name: 'N/A', exact: true }).waitFor();
    expect((await countyById(cook.id)).population).toBeNull();

    // Opened again, the dialog shows the stored county: population empty.
    await rowOf(cook.id).getByRole('button', { name: 'Edit Cook, Illinois' }).click();
    expect(await editDialog().getByLabel('Population').inputValue()).toBe('');
    await editDialog().getByRole('button', { name: 'Cancel' }).click();
    await editDialog().waitFor({ state: 'hidden' });
    expect(writes).toHaveLength(1);
  });

  it('keeps the dialog open with "Error" and the server\'s reason when the county went away meanwhile', async () => {
    const loving = await countyByFips('48301');
    await openCounties();
    await searchFor('loving');
    await rowOf(loving.id).getByRole('button', { name: 'Edit Loving, Texas' }).click();
    // Another staff member removes it while this dialog is open.
    await context.store.db.query(`UPDATE counties SET deleted_at = now() WHERE id = $1`, [loving.id]);
    try {
      await editDialog().getByLabel('Population').fill('170');
      await editDialog().getByRole('button', { name: 'Save Changes' }).click();
      await toast().getByText('Error', { exact: true }).waitFor();
      await toast().getByText('County not found').waitFor();
      await editDialog().getByRole('button', { name: 'Save Changes' }).waitFor();
      await screenshot(page, 'admin-counties-edit-failed');
      await editDialog().getByRole('button', { name: 'Cancel' }).click();
      // Dismissed, so the next toast is the delete's own.
      await toast().getByRole('button', { name: /close/i }).click();
      await toast().waitFor({ state: 'detached' });

      await rowOf(loving.id).getByRole('button', { name: 'Delete Loving, Texas' }).click();
      await deleteDialog().getByRole('button', { name: 'Delete County' }).click();
      await toast().getByText('County not found').waitFor();
      await deleteDialog().getByRole('button', { name: 'Delete County' }).waitFor();
    } finally {
      await context.store.db.query(`UPDATE counties SET deleted_at = NULL WHERE id = $1`, [loving.id]);
    }
    expect(writes.map((w) => w.method())).toEqual(['PUT', 'DELETE']);
  });

  it('deletes a county through "Are you sure?"; it leaves the table, the total and the public catalog', async () => {
    const baltimore = await countyByFips('24510');
    const before = await catalogCount();
    await openCounties();
    await totalCard().getByText(before.toLocaleString('en-US'), { exact: true }).waitFor();
    await searchFor('baltimore', 2);

    // Cancel changes nothing.
    await rowOf(baltimore.id).getByRole('button', { name: 'Delete Baltimore City, Maryland' }).click();
    const dialog = deleteDialog();
    await dialog
      .getByText(
        'This action cannot be undone. This will permanently delete the county and may affect existing subscriptions.',
        { exact: true },
      )
      .waitFor();
    // A trial click waits for the dialog's opening animation to settle, so the picture shows it.
    await dialog.getByRole('button', { name: 'Delete County' }).click({ trial: true });
    await screenshot(page, 'admin-counties-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(writes).toHaveLength(0);
    expect((await countyById(baltimore.id)).deletedAt).toBeNull();

    await rowOf(baltimore.id).getByRole('button', { name: 'Delete Baltimore City, Maryland' }).click();
    await dialog.getByRole('button', { name: 'Delete County' }).click();
    await toast().getByText('Success', { exact: true }).waitFor();
    await toast().getByText('County deleted successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await rowOf(baltimore.id).waitFor({ state: 'detached' });
    expect(await rows().count()).toBe(1);
    await totalCard()
      .getByText((before - 1).toLocaleString('en-US'), { exact: true })
      .waitFor();
    expect(writes.map((w) => w.method())).toEqual(['DELETE']);
    expect((await countyById(baltimore.id)).deletedAt).not.toBeNull();

    const catalog: { id: string }[] = await (await page.request.get(`${origin}/api/counties`)).json();
    expect(catalog).toHaveLength(before - 1);
    expect(catalog.some((c) => c.id === baltimore.id)).toBe(false);
    await screenshot(page, 'admin-counties-deleted');
  });

  it('still reports a delete whose dialog was closed before the server answered', async () => {
    const loving = await countyByFips('48301');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const deleteSent = new Promise<void>((resolve) => (sent = resolve));
    await page.route(`**/api/admin/counties/${loving.id}`, async (route) => {
      sent();
      await held;
      await route.continue();
    });
    try {
      await openCounties();
      await searchFor('loving', 1);
      await rowOf(loving.id).getByRole('button', { name: 'Delete Loving, Texas' }).click();
      await deleteDialog().getByRole('button', { name: 'Delete County' }).click();
      await deleteSent;
      await deleteDialog().getByRole('button', { name: 'Cancel' }).click();
      await deleteDialog().waitFor({ state: 'hidden' });
      release();

      await toast().getByText('County deleted successfully').waitFor();
      await rowOf(loving.id).waitFor({ state: 'detached' });
      expect((await countyById(loving.id)).deletedAt).not.toBeNull();
    } finally {
      await context.store.db.query(`UPDATE counties SET deleted_at = NULL WHERE id = $1`, [loving.id]);
    }
  });

  it('works on a phone: the search and the table fit, the table scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCounties();
    await searchFor('harris');
    expect(await search().isVisible()).toBe(true);
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-counties-phone');
  });
});
