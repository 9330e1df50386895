import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { DATA_FIELDS, DataField } from '../../modules/data-schema/data-schema';
import type { CountyForDataset, GeneratedDataset } from '../../modules/releases/files/dataset-generator';
import { keyFieldColumns, keyFieldCountsOf } from '../../modules/data-schema/reading/key-field-counts';
import { CHURN, hash, monthName, ParcelEvent, ParcelHistory, parcelsOf } from './synthetic-parcels';

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { imul, floor } = Math;

/*
 * Realistic made-up parcel records for any county, for local use and tests
 * until real county files are uploaded. The same county and release always
 * give the same bytes; a county has about one parcel per 1,000 residents,
 * and consecutive releases differ as real ones do (see synthetic-parcels.ts).
 */

/** Slots of the smallest county: enough that the free sample's 25 records are there in any month. */
export const MIN_RECORDS = 30;
export const MAX_RECORDS = 20_000;

/**
 * The county's slots (synthetic-parcels.ts): its records in a month are a little fewer (about
 * 98.8 %), as a slot stays empty a month or so between a retired parcel and its successor.
 */
export function recordCountFor(population: number | null): number {
  return Math.min(MAX_RECORDS, Math.max(MIN_RECORDS, Math.round((population ?? 0) / 1000)));
}

/** A small seeded generator (mulberry32): the same seed, the same sequence, on every machine. */
function randomFrom(seed: string): () => number {
  return seeded(createHash('sha256').update(seed).digest().readUInt32LE(0));
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = imul(state ^ (state >>> 15), 1 | state);
    t = (t + imul(t ^ (t >>> 7), 61 | t)) ^ t;
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

const CITIES = ['Springfield', 'Fairview', 'Riverside', 'Franklin', 'Greenville', 'Clinton', 'Salem', 'Madison'];
const STATES = ['CA', 'TX', 'FL', 'NY', 'PA', 'IL', 'OH', 'GA', 'NC', 'MI', 'VA', 'AZ'];
const LENDERS = ['First National Bank', 'Wells Fargo Bank', 'Quicken Loans', 'US Bank', 'Local Credit Union'];
const PERMITS = ['Roof', 'Addition', 'Electrical', 'Plumbing', 'Pool', 'Solar', 'Remodel', 'HVAC', 'Fence'];

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

export const DATASET_COLUMNS = DATA_FIELDS.map((field) => field.name);
const KEY_COLUMNS = keyFieldColumns(DATASET_COLUMNS);

/** What a county's records share: how completely it fills each field, and its property market. */
interface CountyTraits {
  county: CountyForDataset;
  fips: number;
  fillRate: number[];
  /** Yearly growth of values, assessed share of market value, tax per $100 of assessed value. */
  growth: number;
  assessmentRatio: number;
  taxRate: number;
}

function traitsOf(county: CountyForDataset): CountyTraits {
  // How completely this county fills each field: 55 to 100 percent.
  const countyRandom = randomFrom(`${county.fips}|fill`);
  const fillRate = DATA_FIELDS.map((f) => (ALWAYS.has(f.name) ? 1 : 0.55 + countyRandom() * 0.45));
  return {
    county,
    fips: Number(county.fips),
    fillRate,
    growth: 1.01 + countyRandom() * 0.06,
    assessmentRatio: [1, 1, 0.8, 0.5, 0.4][floor(countyRandom() * 5)],
    taxRate: 0.6 + countyRandom() * 2,
  };
}

interface Owner {
  name: string;
  first: string;
  last: string;
  company: boolean;
}

interface Mailing {
  house: string;
  street: string;
  suffix: string;
  city: string;
  state: string;
  zip: string;
}

function toolsOf(random: () => number) {
  const pick = <T>(list: readonly T[]) => list[floor(random() * list.length)];
  const between = (low: number, high: number) => low + floor(random() * (high - low + 1));
  const day = () => String(between(1, 28)).padStart(2, '0');
  const owner = (): Owner => {
    const first = pick(FIRST);
    const last = pick(LAST);
    if (random() < 0.15) {
      const name = `${pick(LAST)} ${pick(COMPANIES)}`;
      return { name, first: '', last: '', company: true };
    }
    return { name: `${last.toUpperCase()} ${first.toUpperCase()}`, first, last, company: false };
  };
  const mailing = (stateCode: string): Mailing => ({
    house: String(between(1, 9999)),
    street: pick(STREETS),
    suffix: pick(SUFFIXES),
    city: pick(CITIES),
    state: random() < 0.75 ? stateCode : pick(STATES),
    zip: String(between(10000, 99999)),
  });
  return { random, pick, between, day, owner, mailing };
}

const money = (dollars: number, step = 1000) => String(Math.max(step, Math.round(dollars / step) * step));
const yearOf = (month: number) => floor(month / 12);

/**
 * One parcel's record as its history up to a month makes it, in DATASET_COLUMNS order. Every value comes from the parcel's
 * own seed or from the seed of one of its events, never from its neighbours', so a parcel nothing
 * happened to is byte for byte what it was the month before.
 */
function recordOf(traits: CountyTraits, parcel: ParcelHistory): string[] {
  const { fips, county } = traits;
  const { slot, generation } = parcel;
  const random = seeded(hash(fips, slot, generation, 0, ParcelEvent.Base));
  const base = toolsOf(random);
  const eventTools = (t: number, kind: number) => toolsOf(seeded(hash(fips, slot, generation, t, kind)));
  const start = parcel.born ?? CHURN.epoch - 1;
  const startYear = yearOf(start);
  const date = (fromYear: number, toYear: number) =>
    `${base.between(fromYear, toYear)}-${String(base.between(1, 12)).padStart(2, '0')}-${base.day()}`;

  // The parcel as first made: every draw happens whatever the month, so the sequence never shifts.
  const owner0 = base.owner();
  const site = base.mailing(county.stateCode);
  const ownMail = base.random() < 0.75 ? { ...site, state: county.stateCode } : base.mailing(county.stateCode);
  const living = base.between(600, 4800);
  const value0 = base.between(40, 900) * 1000;
  const landShare = 0.2 + base.random() * 0.4;
  const baseSaleMonth = start - base.between(1, 360);
  const baseSale = { date: `${monthName(baseSaleMonth)}-${base.day()}`, price: value0 * (0.6 + base.random() * 0.4) };
  const baseSeller = base.owner();
  const basePermits = base.between(0, 4);
  const builtNew = parcel.born !== null && base.random() < 0.6;
  const yearBuilt = builtNew ? startYear : base.between(1900, startYear - 1);
  const lenderAtStart = base.pick(LENDERS);
  const known: Record<string, string> = {
    county_fips: county.fips,
    county_name: county.name,
    state_code: county.stateCode,
    site_house_number: site.house,
    site_street_name: site.street,
    site_street_suffix: site.suffix,
    site_zip: site.zip,
    site_city: site.city,
    site_address: `${site.house} ${site.street.toUpperCase()} ${site.suffix}`,
    property_use_standard: base.pick(USES),
    zoning_code: base.pick(ZONING),
    living_area_sqft: String(living),
    year_built: String(yearBuilt),
    effective_year_built: String(builtNew ? yearBuilt : base.between(yearBuilt, startYear)),
    new_construction: String(builtNew),
    latitude: (25 + base.random() * 24).toFixed(6),
    longitude: (-124 + base.random() * 57).toFixed(6),
  };
  const fillDraws = DATA_FIELDS.map((field, i) => base.random() <= traits.fillRate[i]);
  const baseValues = DATA_FIELDS.map((field) =>
    valueFor(field, { between: base.between, random, date, releaseYear: startYear, living }),
  );

  // Sales: each buyer becomes the owner; the seller is whoever owned it before.
  const owners = [owner0, ...parcel.sales.map((t) => eventTools(t, ParcelEvent.Sale).owner())];
  const marketAt = (t: number) => value0 * traits.growth ** ((t - start) / 12);
  const saleOf = (index: number) => {
    const t = parcel.sales[index];
    const tools = eventTools(t, ParcelEvent.Sale);
    tools.owner(); // the buyer, drawn above
    return {
      month: t,
      date: `${monthName(t)}-${tools.day()}`,
      contractDate: `${monthName(t - 1)}-${tools.day()}`,
      price: marketAt(t) * (0.9 + tools.random() * 0.3),
      document: `${yearOf(t)}${String(tools.between(0, 999_999)).padStart(6, '0')}`,
      cash: tools.random() < 0.25,
      armsLength: tools.random() < 0.9,
      lender: tools.pick(LENDERS),
      buyer: owners[index + 1],
      seller: owners[index],
    };
  };
  const sales = parcel.sales.length;
  const lastSale = sales > 0 ? saleOf(sales - 1) : null;
  const priorSale = sales > 1 ? saleOf(sales - 2) : null;
  const owner = owners[sales];
  if (lastSale) {
    Object.assign(known, {
      last_sale_date: lastSale.date,
      last_sale_contract_date: lastSale.contractDate,
      last_sale_price: money(lastSale.price, 100),
      last_sale_document_type: 'Warranty deed',
      last_sale_document_number: lastSale.document,
      last_sale_buyer_name: lastSale.buyer.name,
      last_sale_seller_name: lastSale.seller.name,
      last_sale_arms_length: String(lastSale.armsLength),
      last_sale_cash: String(lastSale.cash),
      last_sale_transfer_tax: money(lastSale.price * 0.005, 1),
      last_transfer_date: lastSale.date,
      last_transfer_document_type: 'Warranty deed',
      owner_since_date: lastSale.date,
      sales_count_five_years: String(parcel.sales.filter((t) => t > lastSale.month - 60).length),
      mortgage_1_amount: lastSale.cash ? '' : money(lastSale.price * 0.8),
      mortgage_1_recording_date: lastSale.cash ? '' : lastSale.date,
      mortgage_1_lender_name: lastSale.cash ? '' : lastSale.lender,
      prior_sale_1_date: priorSale?.date ?? baseSale.date,
      prior_sale_1_price: money(priorSale?.price ?? baseSale.price, 100),
      prior_sale_1_buyer_name: (priorSale?.buyer ?? owner0).name,
      prior_sale_1_seller_name: (priorSale?.seller ?? baseSeller).name,
    });
  } else {
    Object.assign(known, {
      last_sale_date: baseSale.date,
      last_sale_price: money(baseSale.price, 100),
      last_sale_buyer_name: owner0.name,
      last_sale_seller_name: baseSeller.name,
      last_transfer_date: baseSale.date,
      owner_since_date: baseSale.date,
      mortgage_1_lender_name: lenderAtStart,
    });
  }
  Object.assign(known, {
    parcel_id: parcel.parcelId,
    parcel_id_unformatted: parcel.parcelId.replace(/-/g, ''),
    owner_name: owner.name,
    owner_first_name: owner.first,
    owner_last_name: owner.last,
    owner_type: owner.company ? 'company' : 'individual',
    owner_is_corporate: String(owner.company),
  });

  // Mailing address: the latest sale (a new owner, who may live there) or change of address decides it.
  const lastMailChange = parcel.mailChanges.at(-1) ?? -1;
  let mail: Mailing = ownMail;
  if (lastSale && lastSale.month > lastMailChange) {
    const tools = eventTools(lastSale.month, ParcelEvent.MailChange);
    mail = tools.random() < 0.7 ? { ...site, state: county.stateCode } : tools.mailing(county.stateCode);
  } else if (lastMailChange >= 0) {
    mail = eventTools(lastMailChange, ParcelEvent.MailChange).mailing(county.stateCode);
  }
  const absentee = mail.house !== site.house || mail.street !== site.street || mail.zip !== site.zip;
  Object.assign(known, {
    mail_address: `${mail.house} ${mail.street.toUpperCase()} ${mail.suffix}`,
    mail_house_number: mail.house,
    mail_street_name: mail.street,
    mail_street_suffix: mail.suffix,
    mail_city: mail.city,
    mail_state: mail.state,
    mail_zip: mail.zip,
    owner_occupied: String(!absentee),
    absentee_owner: String(absentee),
    out_of_state_owner: String(mail.state !== county.stateCode),
  });

  // Values move only when the parcel is reassessed (each on its own cycle).
  const valueAt = (t: number | null) =>
    t === null ? value0 : marketAt(t) * (0.94 + 0.12 * eventTools(t, ParcelEvent.Reassessment).random());
  const market = valueAt(parcel.lastReassessment);
  const previous = parcel.lastReassessment === null ? null : valueAt(parcel.previousReassessment);
  const assessed = Number(money(market * traits.assessmentRatio));
  const rollMonth = parcel.lastReassessment ?? start;
  const rollYear = yearOf(rollMonth);
  const values: Record<string, string> = {
    market_total_value: money(market),
    market_land_value: money(market * landShare),
    market_improvement_value: money(market * (1 - landShare)),
    market_value_year: String(rollYear),
    assessment_year: String(rollYear),
    tax_year: String(rollYear),
    assessed_total_value: String(assessed),
    assessed_land_value: money(assessed * landShare),
    assessed_improvement_value: money(assessed * (1 - landShare)),
    taxable_value: String(assessed),
    tax_amount: money((assessed * traits.taxRate) / 100, 1),
    estimated_value: money(market * 1.03),
    estimated_value_date: `${monthName(rollMonth)}-01`,
    price_per_square_foot: money(market / living, 1),
    years_owned: String(Math.max(0, rollYear - Number((lastSale?.date ?? baseSale.date).slice(0, 4)))),
  };
  if (previous !== null) {
    values.previous_assessed_total_value = money(previous * traits.assessmentRatio);
    values.assessed_value_change_percent = (((market - previous) / previous) * 100).toFixed(2);
  }
  Object.assign(known, values);

  const lastPermit = parcel.permits.at(-1);
  if (lastPermit !== undefined) {
    const tools = eventTools(lastPermit, ParcelEvent.Permit);
    const type = tools.pick(PERMITS);
    Object.assign(known, {
      permit_count: String(basePermits + parcel.permits.length),
      last_permit_date: `${monthName(lastPermit)}-${tools.day()}`,
      last_permit_type: type,
      last_permit_value: money(tools.between(2, 150) * 500, 100),
      last_permit_status: tools.pick(['Issued', 'Finaled']),
      last_permit_description: `${type} work at ${known.site_address}`,
    });
  }

  return DATA_FIELDS.map((field, i) => (fillDraws[i] ? (known[field.name] ?? baseValues[i]) : ''));
}

export interface CountyRecordsOptions {
  /** Slots instead of one per 1,000 residents, for tests and benchmarks of bigger files. */
  recordsPerCounty?: number;
}

/** A county's records in a month, one at a time (for files of any size), in DATASET_COLUMNS order. */
export function* countyRecords(
  county: CountyForDataset,
  release: string,
  options: CountyRecordsOptions = {},
): Generator<string[]> {
  const traits = traitsOf(county);
  for (const parcel of parcelsOf(county.fips, options.recordsPerCounty ?? recordCountFor(county.population), release)) {
    yield recordOf(traits, parcel);
  }
}

export function csvLine(values: string[]): string {
  return values.map(csvField).join(',');
}

export function generateCountyDataset(county: CountyForDataset, release: string): GeneratedDataset {
  const lines = [DATASET_COLUMNS.join(',')];
  const filled = KEY_COLUMNS.map(() => 0);
  for (const values of countyRecords(county, release)) {
    KEY_COLUMNS.forEach((column, i) => (filled[i] += column < 0 || values[column] === '' ? 0 : 1));
    lines.push(csvLine(values));
  }
  // Node writes no timestamp into the gzip header, so the bytes are the same every run.
  return {
    bytes: gzipSync(`${lines.join('\n')}\n`, { level: 9 }),
    records: lines.length - 1,
    keyFieldCounts: keyFieldCountsOf(filled),
  };
}

/** The columns the churn model moves; every other column of a parcel stays as it was first made. */
export const MOVING_COLUMNS: ReadonlySet<string> = new Set([
  // a sale
  ...['last_sale_date', 'last_sale_contract_date', 'last_sale_price', 'last_sale_document_type'],
  ...['last_sale_document_number', 'last_sale_buyer_name', 'last_sale_seller_name', 'last_sale_arms_length'],
  ...['last_sale_cash', 'last_sale_transfer_tax', 'last_transfer_date', 'last_transfer_document_type'],
  ...['owner_since_date', 'sales_count_five_years', 'mortgage_1_amount', 'mortgage_1_recording_date'],
  ...['mortgage_1_lender_name', 'prior_sale_1_date', 'prior_sale_1_price', 'prior_sale_1_buyer_name'],
  ...['prior_sale_1_seller_name', 'owner_name', 'owner_first_name', 'owner_last_name', 'owner_type'],
  'owner_is_corporate',
  // a new mailing address (or a sale)
  ...['mail_address', 'mail_house_number', 'mail_street_name', 'mail_street_suffix', 'mail_city', 'mail_state'],
  ...['mail_zip', 'owner_occupied', 'absentee_owner', 'out_of_state_owner'],
  // a reassessment (or a sale)
  ...['market_total_value', 'market_land_value', 'market_improvement_value', 'market_value_year'],
  ...['assessment_year', 'tax_year', 'assessed_total_value', 'assessed_land_value', 'assessed_improvement_value'],
  ...['taxable_value', 'tax_amount', 'estimated_value', 'estimated_value_date', 'price_per_square_foot'],
  ...['years_owned', 'previous_assessed_total_value', 'assessed_value_change_percent'],
  // a permit
  ...['permit_count', 'last_permit_date', 'last_permit_type', 'last_permit_value', 'last_permit_status'],
  'last_permit_description',
]);

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
      return `${TEXT_LABELS.get(field.name)} ${between(1, 40)}`;
    case 'geometry':
      return '';
  }
}

const TEXT_LABELS = new Map(DATA_FIELDS.map((f) => [f.name, f.name.replace(/_/g, ' ').toUpperCase().slice(0, 12)]));

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
