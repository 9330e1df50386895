import type { CountyForDataset } from '../../modules/releases/files/dataset-generator';
import { countyRecords, DATASET_COLUMNS, generateCountyDataset } from './synthetic-dataset';
import { monthNumber, parcelAt, slotOfParcelId } from './synthetic-parcels';
import {
  PORTFOLIO_SHARE,
  portfolioHoldersOf,
  portfolioOwnerOf,
  portfolioOwners,
  plantedPortfolioOf,
} from './synthetic-portfolios';

const SLOTS = 3000;
const MONTH = '2026-11';
const sussex = { fips: '10005', name: 'Sussex', stateCode: 'DE', population: 234_225 };
/** Counties near each other in four states: some portfolio owner holds in two of them. */
const NEIGHBOURS: CountyForDataset[] = [
  sussex,
  { fips: '24005', name: 'Baltimore', stateCode: 'MD', population: 854_535 },
  { fips: '42003', name: 'Allegheny', stateCode: 'PA', population: 1_250_578 },
  { fips: '24510', name: 'Baltimore City', stateCode: 'MD', population: 593_490 },
  { fips: '42133', name: 'York', stateCode: 'PA', population: 456_438 },
  { fips: '51059', name: 'Fairfax', stateCode: 'VA', population: 1_150_309 },
];
/** What a portfolio owner writes into a record: its name and kind, its mailing address, the sales it is party to. */
const OWNER_COLUMNS = new Set([
  ...['owner_name', 'owner_first_name', 'owner_middle_name', 'owner_last_name', 'owner2_name', 'owner2_first_name'],
  ...['owner2_last_name', 'owner_count', 'ownership_rights', 'trustee_name', 'corporate_officer_name', 'care_of_name'],
  ...['owner_type', 'owner_is_corporate', 'owner_is_trust', 'owner_occupied', 'absentee_owner', 'out_of_state_owner'],
  ...['homestead_claimed', 'exemption_homestead', 'last_sale_buyer_name', 'last_sale_seller_name'],
  ...['prior_sale_1_buyer_name', 'prior_sale_1_seller_name'],
  ...DATASET_COLUMNS.filter((name) => name.startsWith('mail_')),
]);
const column = (name: string) => DATASET_COLUMNS.indexOf(name);
const [ID, NAME, TYPE, CORPORATE, TRUST, ZIP, STATE, ABSENTEE] = [
  ...['parcel_id', 'owner_name', 'owner_type', 'owner_is_corporate', 'owner_is_trust', 'mail_zip', 'mail_state'],
  'absentee_owner',
].map(column);

const recordsOf = (county: CountyForDataset, portfolioOwners = true) => [
  ...countyRecords(county, MONTH, { recordsPerCounty: SLOTS, portfolioOwners }),
];

describe('portfolio owners in generated county files', () => {
  const records = recordsOf(sussex);
  const planted = records.filter((r) => plantedPortfolioOf(sussex.fips, r[ID], MONTH) !== null);

  it(`plants about ${PORTFOLIO_SHARE * 100} % of a county's parcels, written as the owner's kind and home`, () => {
    expect(planted.length / records.length).toBeGreaterThan(PORTFOLIO_SHARE * 0.7);
    expect(planted.length / records.length).toBeLessThan(PORTFOLIO_SHARE * 1.3);
    const types = { company: 'company', trust: 'trust', person: 'individual' };
    for (const record of planted) {
      const owner = portfolioOwnerOf(sussex.fips, record[ID], MONTH)!;
      // A county leaves some fields empty on some records; what it fills agrees with the owner.
      const filled = (i: number, value: string) => record[i] === '' || record[i] === value;
      expect({ id: record[ID], type: filled(TYPE, types[owner.kind]) }).toEqual({ id: record[ID], type: true });
      expect(filled(CORPORATE, String(owner.kind === 'company'))).toBe(true);
      expect(filled(TRUST, String(owner.kind === 'trust'))).toBe(true);
      expect(filled(ZIP, owner.home.zip) && filled(STATE, owner.home.state)).toBe(true);
      expect(filled(ABSENTEE, 'true')).toBe(true);
    }
  });

  it('leaves every other value of every record as it is without portfolio owners', () => {
    const without = recordsOf(sussex, false);
    expect(without.map((r) => r[ID])).toEqual(records.map((r) => r[ID]));
    const otherColumns = new Set<string>();
    const renamed: string[] = [];
    records.forEach((record, i) => {
      record.forEach((value, j) => {
        if (value !== without[i][j] && !OWNER_COLUMNS.has(DATASET_COLUMNS[j])) otherColumns.add(DATASET_COLUMNS[j]);
      });
      if (record[NAME] !== without[i][NAME]) renamed.push(record[ID]);
    });
    expect([...otherColumns]).toEqual([]);
    // The owner is another exactly where the truth has a portfolio owner.
    expect(renamed).toEqual(planted.map((r) => r[ID]));
  });

  it('shows one owner in counties of two states, under more than one spelling, always at its home ZIP code', () => {
    const [a, b] = NEIGHBOURS.flatMap((first, i) =>
      NEIGHBOURS.slice(i + 1)
        .filter((second) => second.stateCode !== first.stateCode)
        .map((second) => [first, second]),
    ).find(([first, second]) =>
      portfolioHoldersOf(first.fips).some((o) => portfolioHoldersOf(second.fips).includes(o)),
    )!;
    const owner = portfolioHoldersOf(a.fips).find((o) => portfolioHoldersOf(b.fips).includes(o))!;
    const mentions = [a, b].flatMap((county) =>
      (county === sussex ? records : recordsOf(county))
        .filter((r) => plantedPortfolioOf(county.fips, r[ID], MONTH) === owner)
        .map((r) => ({ state: county.stateCode, name: r[NAME], zip: r[ZIP] })),
    );
    expect(new Set(mentions.map((m) => m.state)).size).toBe(2);
    expect(new Set(mentions.map((m) => m.name)).size).toBeGreaterThanOrEqual(2);
    const zips = new Set(mentions.map((m) => m.zip).filter((zip) => zip !== ''));
    expect([...zips]).toEqual([portfolioOwners()[owner].home.zip]);
  });

  it('keeps namesakes apart in the truth: the same name, other owners, homes in other states', () => {
    const byName = new Map<string, number[]>();
    for (const { owner, name } of portfolioOwners()) byName.set(name, [...(byName.get(name) ?? []), owner]);
    const shared = [...byName.values()].filter((owners) => owners.length > 1);
    expect(shared.length).toBeGreaterThanOrEqual(10);
    expect(shared.some((owners) => owners.length === 3)).toBe(true);
    const kinds = new Set(shared.map((owners) => portfolioOwners()[owners[0]].kind));
    expect([...kinds].sort()).toEqual(['company', 'person', 'trust']);
    for (const owners of shared) {
      const homes = owners.map((owner) => portfolioOwners()[owner].home.state);
      expect(new Set(homes).size).toBe(owners.length);
      for (const owner of owners)
        expect([...portfolioOwners()[owner].namesakes].sort()).toEqual(owners.filter((o) => o !== owner).sort());
    }
  });

  it('gives the same bytes and the same truth every time', () => {
    const first = generateCountyDataset(sussex, MONTH);
    expect(generateCountyDataset(sussex, MONTH).bytes.equals(first.bytes)).toBe(true);
    expect(recordsOf(sussex)).toEqual(records);
    expect(planted.map((r) => plantedPortfolioOf(sussex.fips, r[ID], MONTH))).toEqual(
      planted.map((r) => portfolioOwnerOf(sussex.fips, r[ID], MONTH)!.owner),
    );
  });

  it('changes who holds a parcel only when it is sold, and writes it alike until then', () => {
    const later = '2027-11';
    const laterRecords = new Map([...countyRecords(sussex, later, { recordsPerCounty: SLOTS })].map((r) => [r[ID], r]));
    let kept = 0;
    for (const record of records) {
      const after = laterRecords.get(record[ID]);
      if (!after) continue;
      const { slot } = slotOfParcelId(record[ID])!;
      const sold = parcelAt(Number(sussex.fips), slot, monthNumber(later))!.sales.some((t) => t > monthNumber(MONTH));
      const [before, now] = [MONTH, later].map((month) => plantedPortfolioOf(sussex.fips, record[ID], month));
      if (before !== now) expect({ id: record[ID], sold }).toEqual({ id: record[ID], sold: true });
      else if (!sold && now !== null) {
        expect([after[NAME], after[ZIP]]).toEqual([record[NAME], record[ZIP]]);
        kept++;
      }
    }
    expect(kept).toBeGreaterThan(planted.length / 2);
  });
});
