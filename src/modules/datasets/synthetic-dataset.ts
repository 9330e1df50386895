import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DATA_FIELDS, DataField } from './data-schema';
import { keyFieldColumns, KeyFieldCounts, keyFieldCountsOf } from './key-field-counts';

/**
 * Realistic made-up parcel records for any county, for local use and tests
 * until real county files are uploaded. The same county and release always
 * give the same bytes; a county has about one parcel per 1,000 residents.
 */
export interface CountyForDataset {
  fips: string;
  name: string;
  stateCode: string;
  population: number | null;
}

export const MIN_RECORDS = 25;
export const MAX_RECORDS = 20_000;

export function recordCountFor(population: number | null): number {
  return Math.min(MAX_RECORDS, Math.max(MIN_RECORDS, Math.round((population ?? 0) / 1000)));
}

/** A small seeded generator (mulberry32): the same seed, the same sequence, on every machine. */
function randomFrom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'Maria',
  'Daniel',
  'Susan',
  'Jose',
  'Karen',
  'Wei',
  'Aisha',
  'Thomas',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Nguyen',
  'Kim',
  'Patel',
];
const STREETS = [
  'Main',
  'Oak',
  'Pine',
  'Maple',
  'Cedar',
  'Elm',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'Church',
  'Mill',
  'River',
  'Sunset',
  'Highland',
  'Meadow',
];
const SUFFIXES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'CT', 'WAY', 'BLVD'];
const COMPANIES = ['Holdings LLC', 'Properties LLC', 'Investments Inc', 'Realty Trust', 'Land Co'];
const USES = [
  'Single family',
  'Condominium',
  'Townhouse',
  'Duplex',
  'Apartment',
  'Retail',
  'Office',
  'Industrial',
  'Vacant land',
  'Agricultural',
];
const ZONING = ['R-1', 'R-2', 'R-3', 'RM', 'C-1', 'C-2', 'MU', 'I-1', 'A-1'];

/** Fields every record has, whatever the county publishes. */
const ALWAYS = new Set([
  'parcel_id',
  'county_fips',
  'county_name',
  'state_code',
  'site_address',
  'owner_name',
  'property_use_standard',
]);

const KEY_COLUMNS = keyFieldColumns(DATA_FIELDS.map((field) => field.name));

export function generateCountyDataset(
  county: CountyForDataset,
  release: string,
): { bytes: Buffer; records: number; keyFieldCounts: KeyFieldCounts } {
  const random = randomFrom(`${county.fips}|${release}`);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const releaseYear = Number(release.slice(0, 4));
  const date = (fromYear: number, toYear: number) =>
    `${between(fromYear, toYear)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
  // How completely this county fills each field: 55 to 100 percent.
  const countyRandom = randomFrom(`${county.fips}|fill`);
  const fillRate = new Map(DATA_FIELDS.map((f) => [f.name, ALWAYS.has(f.name) ? 1 : 0.55 + countyRandom() * 0.45]));

  const records = recordCountFor(county.population);
  const lines = [DATA_FIELDS.map((f) => f.name).join(',')];
  const filled = KEY_COLUMNS.map(() => 0);
  for (let n = 1; n <= records; n++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = random() < 0.15 ? `${pick(LAST)} ${pick(COMPANIES)}` : null;
    const house = String(between(1, 9999));
    const street = pick(STREETS);
    const suffix = pick(SUFFIXES);
    const zip = String(between(10000, 99999)).padStart(5, '0');
    const living = between(600, 4800);
    const known: Record<string, string> = {
      // Assessor numbers keep their leading zeros: this is why they are text.
      parcel_id: `${String(between(0, 999)).padStart(3, '0')}-${String(n).padStart(6, '0')}-${String(between(0, 99)).padStart(2, '0')}`,
      county_fips: county.fips,
      county_name: county.name,
      state_code: county.stateCode,
      site_house_number: house,
      site_street_name: street,
      site_street_suffix: suffix,
      site_zip: zip,
      site_address: `${house} ${street.toUpperCase()} ${suffix}`,
      owner_name: company ?? `${last.toUpperCase()} ${first.toUpperCase()}`,
      owner_first_name: company ? '' : first,
      owner_last_name: company ? '' : last,
      owner_type: company ? 'company' : 'individual',
      owner_is_corporate: String(Boolean(company)),
      mail_address: `${house} ${street.toUpperCase()} ${suffix}`,
      mail_zip: zip,
      mail_state: county.stateCode,
      property_use_standard: pick(USES),
      zoning_code: pick(ZONING),
      living_area_sqft: String(living),
      year_built: String(between(1900, releaseYear - 1)),
      latitude: (25 + random() * 24).toFixed(6),
      longitude: (-124 + random() * 57).toFixed(6),
    };
    const values = DATA_FIELDS.map((field) => {
      if (random() > (fillRate.get(field.name) ?? 1)) return '';
      return known[field.name] ?? valueFor(field, { between, random, date, releaseYear, living });
    });
    KEY_COLUMNS.forEach((column, i) => (filled[i] += values[column] === '' ? 0 : 1));
    lines.push(values.map(csvField).join(','));
  }
  // Node writes no timestamp into the gzip header, so the bytes are the same every run.
  return {
    bytes: gzipSync(`${lines.join('\n')}\n`, { level: 9 }),
    records,
    keyFieldCounts: keyFieldCountsOf(filled),
  };
}

interface Tools {
  between: (low: number, high: number) => number;
  random: () => number;
  date: (fromYear: number, toYear: number) => string;
  releaseYear: number;
  living: number;
}

function valueFor(field: DataField, { between, random, date, releaseYear, living }: Tools): string {
  switch (field.type) {
    case 'boolean':
      return String(random() < 0.2);
    case 'date':
      return date(releaseYear - 30, releaseYear - 1);
    case 'money':
      return String(between(5, 900) * 1000);
    case 'decimal':
      return (random() * 100).toFixed(2);
    case 'integer':
      return field.name.endsWith('_sqft') ? String(Math.round(living * (0.1 + random() * 0.5))) : String(between(0, 6));
    case 'text':
      return `${field.name.replace(/_/g, ' ').toUpperCase().slice(0, 12)} ${between(1, 40)}`;
  }
}

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
