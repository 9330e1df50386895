import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../../common/csv';
import { DATA_FIELDS } from '../../modules/data-schema/data-schema';
import { countyRecords, DATASET_COLUMNS, generateCountyDataset } from './synthetic-dataset';

const COUNTIES = [
  { fips: '10005', name: 'Sussex', stateCode: 'DE', population: 234_225 },
  { fips: '24510', name: 'Baltimore City', stateCode: 'MD', population: 593_490 },
  { fips: '06037', name: 'Los Angeles', stateCode: 'CA', population: 10_039_107 },
  { fips: '30027', name: 'Fergus', stateCode: 'MT', population: 11_050 },
  // Too small for the Census drawing at 1:10,000,000, which collapses it to a line.
  { fips: '51610', name: 'Falls Church city', stateCode: 'VA', population: 14_617 },
];
const TEXT = DATA_FIELDS.filter((field) => field.type === 'text').map((field) => DATASET_COLUMNS.indexOf(field.name));
/** The label the generator once wrote with a number after it ("LEGAL DESCRI 32", "SITE STREET  28"). */
const label = (name: string) => name.replace(/_/g, ' ').toUpperCase().slice(0, 12);
/** Units and apartments are the only values that are a word and a small number. */
const WORD_AND_NUMBER = /^[A-Z][A-Z ]+ +\d{1,2}$/;
const UNITS = /^(UNIT|APT) \d{1,2}[AB]?$/;

describe('the words of generated records', () => {
  const records = COUNTIES.flatMap((county) => [...countyRecords(county, '2026-11', { recordsPerCounty: 1500 })]);

  it('has no placeholder anywhere: no field label with a number, no doubled spaces, no word-and-number filler', () => {
    const placeholders = new Set<string>();
    for (const record of records) {
      record.forEach((value, i) => {
        const name = DATASET_COLUMNS[i];
        if (value === '') return;
        if (value.toUpperCase().startsWith(label(name)) || /\s{2}/.test(value)) placeholders.add(`${name}: ${value}`);
        if (TEXT.includes(i) && WORD_AND_NUMBER.test(value) && !UNITS.test(value))
          placeholders.add(`${name}: ${value}`);
      });
    }
    expect([...placeholders].slice(0, 20)).toEqual([]);
  });

  it('fills every text field somewhere, with more than one value, in the words of its field', () => {
    const values = new Map<string, Set<string>>();
    for (const record of records)
      for (const i of TEXT) {
        if (record[i] === '') continue;
        values.set(DATASET_COLUMNS[i], (values.get(DATASET_COLUMNS[i]) ?? new Set()).add(record[i]));
      }
    // The country of every mailing address here; a second mortgage is a home equity line.
    const single = ['mail_country', 'mortgage_2_loan_type'];
    const missing = DATA_FIELDS.filter((f) => f.type === 'text' && !values.has(f.name)).map((f) => f.name);
    expect(missing).toEqual([]);
    const uniform = [...values].filter(([name, set]) => set.size < 2 && !single.includes(name)).map(([name]) => name);
    expect(uniform).toEqual([]);
  });

  it('reads like a county roll: legal descriptions, zoning, owners and lenders as records write them', () => {
    const column = (name: string) => records.map((r) => r[DATASET_COLUMNS.indexOf(name)]).filter((v) => v !== '');
    for (const legal of column('legal_description'))
      expect(legal).toMatch(/^(LOTS? \d+(-\d+)? BLK \d+ [A-Z ]+|\d+\.\d{2} AC LOTS? \d+(-\d+)? [A-Z ]+?( SEC \d+)?)$/);
    for (const zoning of column('zoning_code')) expect(zoning).toMatch(/^(R-[123]|RM|C-[12O]|MU|I-[12]|A-1|AR)$/);
    const owners = column('owner_name');
    expect(owners.some((name) => /^[A-Z'-]+ [A-Z-]+ [A-Z]$/.test(name))).toBe(true); // SMITH JOHN A
    expect(owners.some((name) => / (LLC|INC|CORP|LP|COMPANY)$/.test(name))).toBe(true);
    expect(owners.some((name) => / TRUST$/.test(name))).toBe(true);
    for (const lender of column('mortgage_1_lender_name'))
      expect(lender).toMatch(/Bank|Mortgage|Credit Union|Loan|loanDepot/);
    // A ZIP+4 extension extends a ZIP code: never one without the other.
    for (const [zip, zip4] of [
      ['site_zip', 'site_zip4'],
      ['mail_zip', 'mail_zip4'],
    ]) {
      const orphans = records.filter(
        (r) => r[DATASET_COLUMNS.indexOf(zip)] === '' && r[DATASET_COLUMNS.indexOf(zip4)] !== '',
      );
      expect(orphans).toHaveLength(0);
    }
  });

  it('writes a header of the schema fields, and a file that reads back as CSV', () => {
    const { bytes, records: count } = generateCountyDataset(COUNTIES[0], '2026-11');
    const rows = parseCsv(gunzipSync(bytes).toString('utf8').trimEnd());
    expect(rows[0]).toEqual(DATASET_COLUMNS);
    expect(rows).toHaveLength(count + 1);
  });
});
