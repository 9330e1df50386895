import type { Page } from 'playwright-core';
import request from 'supertest';
import { OwnerIdentityService } from '../../../src/modules/owners';
import { ParcelOwnerMentions } from '../../../src/modules/parcels/parcel-owner-mentions';
import { browserOrigin, cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { type OwnerOfParcel, ownersCountyFile } from '../../support/owner-files';
import { monthsAgo } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

/** OIDC_STAFF_GROUP's and OIDC_ADMIN_GROUP's local defaults: the staff group alone signs in as support. */
const STAFF_GROUP = 'county-store-staff';
const ADMIN_GROUP = 'county-store-admins';

const MARKET_ST = ['100 Market St', 'Wilmington', 'DE', '19801'];
const KING_ST = ['200 King St', 'Wilmington', 'DE', '19801'];
const ELM = ['9 Elm St', 'Dover', 'DE', '19901'];
const MIAMI = ['12 Bay Dr', 'Miami', 'FL', '33101'];

/** Kent County, Delaware: ACME at Market Street twice, two owners of one parcel, Mary Roe in Dover. */
const DELAWARE: OwnerOfParcel[] = [
  ['ACME HOLDINGS LLC', '', MARKET_ST],
  ['ACME HOLDINGS LLC', '', MARKET_ST],
  ['DOE JANE', 'DOE RICHARD', ELM],
  ['ROE MARY', '', ELM],
];
/** Baltimore: ACME spelled short at Market Street and in full at King Street; a Mary Roe in Miami. */
const MARYLAND: OwnerOfParcel[] = [
  ['ACME HLDGS LLC', '', ['100 Market Street', 'Wilmington', 'DE', '19801']],
  ['ACME HOLDINGS LLC', '', KING_ST],
  ['MARY ROE', '', MIAMI],
];

interface Person {
  email: string;
  firstName: string;
  lastName: string;
  groups: string;
}

/*
 * Issue 36: staff audit how owner names were grouped into owners (the rules that joined them, every
 * spelling at every mailing address), and admins split and merge owners from the console; support
 * staff read the same pages without those actions.
 */
describe('Owners in the console: audit a grouping, split and merge owners', () => {
  const context = useTestApp({ listen: true, worker: true });
  const browser = useBrowser();
  const api = () => request(context.store.server);
  let origin: string;
  let page: Page;
  let acmeId: string;
  const ada: Person = { email: 'ada.admin@example.com', firstName: 'Ada', lastName: 'Admin', groups: ADMIN_GROUP };

  const group = () => context.worker!.get(OwnerIdentityService).group(context.worker!.get(ParcelOwnerMentions));
  const ownerOf = async (parcelKey: string): Promise<string> => {
    const [row] = await context.store.db.query(
      `SELECT owner_id FROM owner_mentions WHERE parcel_key = $1 AND slot = 1`,
      [parcelKey],
    );
    return row.owner_id;
  };
  const table = (name: string) => page.getByRole('table', { name });
  const rowsOf = (name: string) => table(name).locator('tbody tr.ant-table-row');

  /** Signs in through "Sign in with your staff account" and the development provider's form, as staff do. */
  async function signInAsStaff(on: Page, who: Person) {
    await on.goto(`${origin}/admin/login`);
    await on.getByRole('link', { name: 'Sign in with your staff account' }).click();
    await on.getByLabel('Email', { exact: true }).fill(who.email);
    await on.getByLabel('First name').fill(who.firstName);
    await on.getByLabel('Last name').fill(who.lastName);
    await on.getByLabel(/Groups/).fill(who.groups);
    await on.getByRole('button', { name: 'Sign in' }).click();
    await on.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }

  beforeAll(async () => {
    origin = browserOrigin(await context.store.app.getUrl());
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const month = monthsAgo(1);
    const counties: { id: string; fips: string }[] = await context.store.db.query(
      `SELECT id, fips FROM counties WHERE fips IN ('10001', '24510') ORDER BY fips`,
    );
    for (const [county, owners] of [
      [counties[0], DELAWARE],
      [counties[1], MARYLAND],
    ] as const) {
      await api()
        .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
        .set('Authorization', `Bearer ${body.token}`)
        .set('Content-Type', 'application/gzip')
        .send(ownersCountyFile(county.fips, owners))
        .expect(201);
    }
    await eventually(async () => {
      const [{ n }] = await context.store.db.query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [
        month,
      ]);
      return n === 2;
    }, 60_000);
    await group();
    acmeId = await ownerOf('10001P0');
    // One admin session for the file, a named person's, so decisions say who made them.
    page = await browser.open();
    await signInAsStaff(page, ada);
  });

  it('finds ACME by a misspelling, and shows the rules that made its names one owner and every spelling', async () => {
    const refusals = cspRefusals(page);
    await page.getByRole('link', { name: 'Owners', exact: true }).click();
    await page.getByRole('heading', { name: 'Owners', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search owners by name' }).fill('Acme Holdngs');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${origin}/admin/owners?name=Acme+Holdngs`);
    const acme = rowsOf('Owners found').filter({ has: page.getByRole('link', { name: 'ACME HOLDINGS LLC' }) });
    await acme.waitFor();
    expect(await acme.locator('td').allInnerTexts()).toEqual([
      'ACME HOLDINGS LLC',
      'Company or organization',
      '4',
      '2',
    ]);
    await screenshot(page, 'admin-owners-search');

    await acme.getByRole('link', { name: 'ACME HOLDINGS LLC' }).click();
    await page.waitForURL(`${origin}/admin/owners/${acmeId}`);
    await page.getByRole('heading', { name: 'ACME HOLDINGS LLC', level: 1 }).waitFor();
    await page.getByText('Company or organization: 4 parcels in 2 counties').waitFor();
    const rules = await rowsOf('Why these are one owner').locator('td:first-child').allInnerTexts();
    expect(rules).toEqual(
      expect.arrayContaining(['same name, same mailing address', 'same company name, mailing addresses in one state']),
    );
    const spellings = (await rowsOf('Names at mailing addresses').allInnerTexts()).map((row) =>
      row.replace(/\s+/g, ' ').trim(),
    );
    expect(spellings.sort()).toEqual([
      'ACME HLDGS LLC 100 Market Street, Wilmington DE 19801 1 1',
      'ACME HOLDINGS LLC 100 Market St, Wilmington DE 19801 2 1',
      'ACME HOLDINGS LLC 200 King St, Wilmington DE 19801 1 1',
    ]);
    await table('Decisions').getByText('Staff have not split or merged this owner').waitFor();
    expect(await page.getByText('Decided by staff').count()).toBe(0);
    await screenshot(page, 'admin-owner');

    // The way back returns to the search.
    await page.getByRole('link', { name: 'Back to the search' }).click();
    await page.waitForURL(`${origin}/admin/owners?name=Acme+Holdngs`);
    expect(await page.getByRole('searchbox', { name: 'Search owners by name' }).inputValue()).toBe('Acme Holdngs');
    expect(refusals).toEqual([]);
  });

  it('splits a spelling at an address off with a reason, and after the next grouping the owner is without it', async () => {
    await page.goto(`${origin}/admin/owners/${acmeId}`);
    const split = page.getByRole('button', { name: 'Split off selected' });
    await split.waitFor();
    expect(await split.isDisabled()).toBe(true);
    // Every name at once is no split.
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText('leave at least one unselected').first().waitFor();
    expect(await split.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all' }).uncheck();

    await page.getByRole('checkbox', { name: 'Select ACME HOLDINGS LLC at 200 King St, Wilmington DE 19801' }).check();
    await split.click();
    const dialog = page.getByRole('dialog', { name: 'Split one name off ACME HOLDINGS LLC?' });
    await dialog.getByRole('list', { name: 'Names to split off' }).getByText('200 King St').waitFor();
    await dialog.getByRole('button', { name: 'Split Off' }).click();
    await dialog.getByText('Say why, in at least 3 characters').waitFor();
    await dialog.getByLabel('Reason').fill('Another company: different officers in the state register');
    await dialog.getByRole('button', { name: 'Split Off' }).click();
    await page
      .getByRole('status')
      .getByText('Split recorded: it takes effect when owners are next grouped, within a minute.')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'admin-owner-split-recorded');

    await group();
    const kingStreet = await ownerOf('24510P1');
    expect(kingStreet).not.toBe(acmeId);
    await page.reload();
    await page.getByText('Company or organization: 3 parcels in 2 counties').waitFor();
    await page.getByText('Decided by staff').waitFor();
    const spellings = await rowsOf('Names at mailing addresses').allInnerTexts();
    expect(spellings).toHaveLength(2);
    expect(spellings.join('\n')).not.toContain('King St');
    const decision = rowsOf('Decisions');
    expect(await decision.count()).toBe(1);
    const cells = await decision.locator('td').allInnerTexts();
    expect(cells[0]).toBe('split');
    expect(cells[1]).toContain('Split off into the new owner');
    expect(cells[1]).toContain('ACME HOLDINGS LLC at 200 KING ST 19801');
    expect(cells[2]).toBe('Another company: different officers in the state register');
    expect(cells[3]).toBe('Ada Admin <ada.admin@example.com>');
    await screenshot(page, 'admin-owner-split');

    // The new owner is linked, and lists the split it came from.
    await decision.getByRole('link', { name: `Owner ${kingStreet}` }).click();
    await page.waitForURL(`${origin}/admin/owners/${kingStreet}`);
    await page.getByRole('heading', { name: 'ACME HOLDINGS LLC', level: 1 }).waitFor();
    await page.getByText('Company or organization: 1 parcel in 1 county').waitFor();
    await rowsOf('Decisions').getByText('Split off from owner').waitFor();
    await rowsOf('Decisions')
      .getByRole('link', { name: `Owner ${acmeId}` })
      .waitFor();
  });

  it('merges one owner into another found by name, whose page then holds both and lists the merge', async () => {
    const [dover, miami] = [await ownerOf('10001P3'), await ownerOf('24510P2')];
    expect(dover).not.toBe(miami);
    await page.goto(`${origin}/admin/owners?name=mary+roe`);
    await rowsOf('Owners found').getByRole('link', { name: 'MARY ROE', exact: true }).click();
    await page.waitForURL(`${origin}/admin/owners/${miami}`);
    await page.getByRole('button', { name: 'Merge into another owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Merge MARY ROE into another owner?' });
    await dialog.getByRole('combobox', { name: 'Owner to merge into' }).fill('roe mary');
    // The owner itself is no choice: only Dover's Mary Roe is offered.
    const option = page.locator('.ant-select-item-option');
    await option.getByText('ROE MARY (Person, 1 parcel in 1 county)').click();
    expect(await option.count()).toBe(1);
    await dialog.getByLabel('Reason').fill('Same person: moved from Dover to Miami');
    await dialog.getByRole('button', { name: 'Merge' }).click();
    await page
      .getByRole('status')
      .getByText('Merge recorded: it takes effect when owners are next grouped, within a minute.')
      .waitFor();
    await dialog.waitFor({ state: 'detached' });

    await group();
    expect(await ownerOf('24510P2')).toBe(dover);
    // Merged away, the owner has no page; the message says why.
    await page.reload();
    await page.getByText('No owner has this id', { exact: true }).waitFor();
    await page.goto(`${origin}/admin/owners/${dover}`);
    await page.getByText('Person: 2 parcels in 2 counties').waitFor();
    await page.getByText('Decided by staff').waitFor();
    const spellings = await rowsOf('Names at mailing addresses').allInnerTexts();
    expect(spellings.join('\n')).toContain('12 Bay Dr, Miami FL 33101');
    expect(spellings.join('\n')).toContain('9 Elm St, Dover DE 19901');
    const cells = await rowsOf('Decisions').locator('td').allInnerTexts();
    expect(cells[0]).toBe('merge');
    expect(cells[1]).toContain('Merged in from owner');
    expect(cells[2]).toBe('Same person: moved from Dover to Miami');
    expect(cells[3]).toBe('Ada Admin <ada.admin@example.com>');
    await screenshot(page, 'admin-owner-merged');
  });

  it('links a parcel’s owners from the parcel page to their owner pages', async () => {
    await page.goto(`${origin}/admin/parcels/10001P2`);
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByRole('link', { name: /^DOE RICHARD/ }).waitFor();
    await screenshot(page, 'admin-parcel-owners');
    await drawer.getByRole('link', { name: /^DOE JANE/ }).click();
    await page.waitForURL(`${origin}/admin/owners/${await ownerOf('10001P2')}`);
    await page.getByRole('heading', { name: 'DOE JANE', level: 1 }).waitFor();
    await page.getByText('Person: 1 parcel in 1 county').waitFor();
  });

  it('shows support staff the same owner without split or merge', async () => {
    const support = await browser.open();
    await signInAsStaff(support, {
      email: 'sam.support@example.com',
      firstName: 'Sam',
      lastName: 'Support',
      groups: STAFF_GROUP,
    });
    await support.getByLabel('Your staff role').getByText('Support (read, resend emails, order links)').waitFor();
    await support.goto(`${origin}/admin/owners/${acmeId}`);
    await support.getByRole('heading', { name: 'ACME HOLDINGS LLC', level: 1 }).waitFor();
    await support
      .getByRole('table', { name: 'Names at mailing addresses' })
      .getByText('100 Market St, Wilmington DE 19801')
      .waitFor();
    await support.getByRole('table', { name: 'Decisions' }).getByText('Ada Admin <ada.admin@example.com>').waitFor();
    expect(await support.getByRole('button', { name: 'Split off selected' }).count()).toBe(0);
    expect(await support.getByRole('button', { name: 'Merge into another owner' }).count()).toBe(0);
    expect(await support.getByRole('checkbox').count()).toBe(0);
    await screenshot(support, 'admin-owner-support');
  });
});
