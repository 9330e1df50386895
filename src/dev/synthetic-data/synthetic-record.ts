import { DATA_FIELDS, DataField } from '../../modules/data-schema/data-schema';
import type { CountyForDataset } from '../../modules/releases/files/dataset-generator';
import { CountyPlan, randomFrom, seeded, subdivisionOf } from './synthetic-county';
import { Density, lotAddress, lotShape } from './synthetic-lots';
import { CHURN, hash, monthName, ParcelEvent, ParcelHistory } from './synthetic-parcels';
import { statesWithTowns, zipPlacesByState } from './synthetic-places';
import { portfolioOwnerOnRoll } from './synthetic-portfolio-rolls';
import { BEFORE_HISTORY, portfolioBuyerOf } from './synthetic-portfolios';
import * as words from './synthetic-vocabulary';

// Read once: a global looked up on every call is slow inside a vm context (as Jest runs code).
const { floor, round } = Math;

/*
 * One made-up parcel's record: its lot's boundary and address from the county's plan
 * (synthetic-county.ts), everything else from the parcel's own seed and the seeds of what
 * happened to it (synthetic-parcels.ts). Values agree with each other as a county's would: a
 * rural lot has a well and septic and a large acreage, a company owner has no first name, a cash
 * sale no mortgage, a vacant lot no bedrooms. A few parcels are held by owners with parcels in
 * many counties (synthetic-portfolios.ts), written as each county's roll writes them.
 */

/** Fields every record has, whatever the county publishes. */
const ALWAYS = new Set([
  ...['parcel_id', 'county_fips', 'county_name', 'state_code', 'site_address', 'owner_name'],
  ...['property_use_standard', 'latitude', 'longitude', 'geometry_wkt'],
]);

/** Fields a parcel without a building leaves empty. */
const BUILDING_FIELDS = new Set([
  ...['year_built', 'effective_year_built', 'living_area_sqft', 'gross_area_sqft', 'basement_area_sqft'],
  ...['basement_finished_sqft', 'garage_area_sqft', 'garage_type', 'parking_spaces', 'stories', 'units_count'],
  ...['bedrooms', 'bathrooms_full', 'bathrooms_half', 'bathrooms_total', 'rooms_total', 'construction_type'],
  ...['exterior_walls', 'roof_type', 'roof_material', 'foundation_type', 'architectural_style'],
  ...['building_condition', 'building_quality', 'heating_type', 'heating_fuel', 'cooling_type', 'fireplace_count'],
  ...['porch_area_sqft', 'patio_area_sqft', 'deck_area_sqft', 'price_per_square_foot'],
]);

/** Chance a yes/no field is yes, where one in five would read wrong. */
const YES_RATE: Record<string, number> = {
  owner_is_government: 0.01,
  owner_phone_available: 0.6,
  owner_deceased_flag: 0.02,
  mail_address_vacant: 0.01,
  tax_delinquent: 0.04,
  exemption_senior: 0.08,
  exemption_veteran: 0.04,
  exemption_disabled: 0.02,
  last_sale_investor_buyer: 0.1,
  last_sale_multi_parcel: 0.02,
  heloc_present: 0.08,
  private_lender: 0.03,
  mechanics_lien: 0.01,
  judgment_lien: 0.02,
  irs_lien: 0.005,
  lis_pendens: 0.01,
  pool: 0.12,
  spa: 0.05,
  elevator: 0.01,
  electric_service: 0.99,
  gas_service: 0.6,
  solar_panels: 0.05,
  mobile_home: 0.03,
  waterfront: 0.03,
  timber_use: 0.02,
  opportunity_zone: 0.05,
  vacant_property: 0.02,
  code_violation: 0.02,
  probate: 0.01,
  bankruptcy: 0.005,
  demolition_permit: 0.01,
};

export const DATASET_COLUMNS = DATA_FIELDS.map((field) => field.name);
const MORTGAGE_1_FIELDS = DATASET_COLUMNS.filter((name) => name.startsWith('mortgage_1_'));
const MORTGAGE_2_FIELDS = DATASET_COLUMNS.filter((name) => name.startsWith('mortgage_2_'));

/** What a county's records share: how completely it fills each field, its market and its plan. */
export interface CountyTraits {
  county: CountyForDataset;
  fips: number;
  plan: CountyPlan;
  fillRate: number[];
  /** Yearly growth of values, assessed share of market value, tax per $100 of assessed value. */
  growth: number;
  assessmentRatio: number;
  taxRate: number;
  separateHighSchools: boolean;
  congressionalDistricts: number;
  publicLandSurvey: boolean;
  countyName: string;
  /** Whether portfolio owners (synthetic-portfolios.ts) hold some of its parcels; off, every owner is as drawn. */
  portfolioOwners: boolean;
}

export function traitsOf(county: CountyForDataset, plan: CountyPlan, portfolioOwners = true): CountyTraits {
  // How completely this county fills each field: 55 to 100 percent.
  const countyRandom = randomFrom(`${county.fips}|fill`);
  const fillRate = DATA_FIELDS.map((f) => (ALWAYS.has(f.name) ? 1 : 0.55 + countyRandom() * 0.45));
  return {
    county,
    fips: Number(county.fips),
    plan,
    fillRate,
    growth: 1.01 + countyRandom() * 0.06,
    assessmentRatio: [1, 1, 0.8, 0.5, 0.4][floor(countyRandom() * 5)],
    taxRate: 0.6 + countyRandom() * 2,
    separateHighSchools: countyRandom() < 0.2,
    congressionalDistricts: 1 + floor(countyRandom() * 9),
    publicLandSurvey: words.PUBLIC_LAND_SURVEY_STATES.has(county.stateCode),
    countyName: /\b(County|Parish|Borough|City|Census Area|Municipality)$/.test(county.name)
      ? county.name
      : `${county.name} County`,
    portfolioOwners,
  };
}

export interface Owner {
  name: string;
  first: string;
  middle: string;
  last: string;
  kind: 'individual' | 'company' | 'trust';
  second: { name: string; first: string; last: string } | null;
  vesting: string;
  trustee: string;
  officer: string;
}

export interface Mailing {
  house: string;
  direction: string;
  street: string;
  suffix: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
  zip4: string;
}

function toolsOf(random: () => number) {
  const pick = <T>(list: readonly T[]) => list[floor(random() * list.length)];
  const between = (low: number, high: number) => low + floor(random() * (high - low + 1));
  const day = () => String(between(1, 28)).padStart(2, '0');
  const digits = (count: number) => String(floor(random() * 10 ** count)).padStart(count, '0');
  const owner = (): Owner => {
    const first = pick(words.FIRST_NAMES);
    const middle = pick(words.MIDDLE_INITIALS);
    const last = pick(words.LAST_NAMES);
    const person = `${last} ${first} ${middle}`.toUpperCase();
    const none = { first: '', middle: '', last: '', second: null, vesting: '', trustee: '', officer: '' };
    const kind = random();
    if (kind < 0.13) {
      const word = random() < 0.5 ? pick(words.COMPANY_WORDS) : last;
      const name = `${word} ${pick(words.COMPANY_KINDS)}`.toUpperCase();
      return { ...none, name, kind: 'company', officer: `${first} ${middle} ${last}`.toUpperCase() };
    }
    if (kind < 0.2) {
      const name = random() < 0.5 ? `${last} FAMILY TRUST`.toUpperCase() : `${person} REVOCABLE TRUST`;
      return { ...none, name, kind: 'trust', trustee: `${person} TR` };
    }
    const spouse = random() < 0.55 ? pick(words.FIRST_NAMES) : null;
    const second = spouse ? { name: `${last} ${spouse}`.toUpperCase(), first: spouse, last } : null;
    const vesting = second ? pick(words.VESTING) : '';
    return { name: person, first, middle, last, kind: 'individual', second, vesting, trustee: '', officer: '' };
  };
  const mailing = (stateCode: string): Mailing => {
    const state = random() < 0.8 ? stateCode : pick(statesWithTowns());
    const places = zipPlacesByState().get(state) ?? zipPlacesByState().get(stateCode) ?? [];
    const place = places.length > 0 ? pick(places) : { city: 'Dover', state: 'DE', zip: '19901' };
    return {
      house: String(between(1, 9899)),
      direction: '',
      street: pick(words.STREET_NAMES).toUpperCase(),
      suffix: pick(words.STREET_SUFFIXES),
      unit: random() < 0.12 ? `APT ${between(1, 24)}${pick(['', 'A', 'B'])}` : '',
      city: place.city,
      state: place.state,
      zip: place.zip,
      zip4: digits(4),
    };
  };
  return { random, pick, between, day, digits, owner, mailing };
}
type Tools = ReturnType<typeof toolsOf>;

/** The remainder of a division, never negative (grid columns and rows west and south of the town are). */
const mod = (n: number, m: number) => ((n % m) + m) % m;
const money = (dollars: number, step = 1000) => String(Math.max(step, round(dollars / step) * step));
const yearOf = (month: number) => floor(month / 12);
const SQFT_PER_M2 = 10.7639;
const FEET_PER_M = 3.28084;

const PERMIT_WORK: Record<string, string[]> = {
  Roof: ['Tear off and reroof, architectural shingles', 'Replace roof covering'],
  Addition: ['Rear addition, family room', 'Second-story addition over garage'],
  Electrical: ['Upgrade service to 200 amp panel', 'Rewire kitchen and baths'],
  Plumbing: ['Replace water heater', 'Repipe house, PEX supply lines'],
  Pool: ['In-ground swimming pool with fence', 'Above-ground pool'],
  Solar: ['Rooftop solar array, 7.2 kW', 'Rooftop solar array with battery'],
  Remodel: ['Kitchen remodel, no structural change', 'Interior remodel of two bathrooms'],
  HVAC: ['Replace furnace and condenser', 'Install ductless heat pump'],
  Fence: ['Six-foot privacy fence, rear yard', 'Chain-link fence along side lot line'],
};

/**
 * One parcel's record as its history up to a month makes it, in DATASET_COLUMNS order. Every value
 * comes from the parcel's lot, its own seed or the seed of one of its events, never from its
 * neighbours', so a parcel nothing happened to is byte for byte what it was the month before.
 */
export function recordOf(traits: CountyTraits, parcel: ParcelHistory): string[] {
  const { fips, county, plan } = traits;
  const { layout } = plan;
  const { slot, generation } = parcel;
  const random = seeded(hash(fips, slot, generation, 0, ParcelEvent.Base));
  const base = toolsOf(random);
  const eventTools = (t: number, kind: number) => toolsOf(seeded(hash(fips, slot, generation, t, kind)));
  const start = parcel.born ?? CHURN.epoch - 1;
  const startYear = yearOf(start);
  const date = (fromYear: number, toYear: number) =>
    `${base.between(fromYear, toYear)}-${String(base.between(1, 12)).padStart(2, '0')}-${base.day()}`;

  // The lot: where it is, its shape and its address on the county's grid.
  const block = layout.blocks[layout.lotBlock[slot]];
  const town = plan.towns[block.town];
  const multipart = hash(fips, slot, 0, 0, ParcelEvent.Shape) % 60 === 0;
  const shape = lotShape(layout, slot, parcel.merged, multipart);
  const address = lotAddress(layout, slot);
  const street = plan.streetName(block.town, address.street);
  const subdivision = subdivisionOf(fips, block.i, block.j);
  const lotNumber = layout.lotRow[slot] * block.perRow + layout.lotIndex[slot] + 1;
  const tract = 100 + mod(floor(block.i / 6) * 37 + floor(block.j / 10) * 101 + (fips % 97), 9800);
  const blockGroup = 1 + ((mod(block.i, 6) >= 3 ? 1 : 0) + (mod(block.j, 10) >= 5 ? 2 : 0));
  const acres = (shape.areaM2 * SQFT_PER_M2) / 43_560;
  const rural = block.density === Density.Rural;
  const use = base.pick(words.USES_BY_DENSITY[block.density]);
  const [zoningCode, zoningDescription, zoningCategory] = base.pick(use.zoning);
  const unit =
    use === words.LAND_USES.condominium || use === words.LAND_USES.apartment ? `UNIT ${base.between(1, 48)}` : '';
  const site: Mailing = {
    house: String(address.houseNumber),
    direction: address.direction,
    street: street.name.toUpperCase(),
    suffix: street.suffix,
    unit,
    city: town.name,
    state: county.stateCode,
    zip: town.zips.length > 0 ? town.zips[hash(fips, block.i, block.j, 0, ParcelEvent.Shape) % town.zips.length] : '',
    zip4: String(1 + (hash(fips, slot, 1, 0, ParcelEvent.Shape) % 9998)).padStart(4, '0'),
  };
  const siteAddress = `${site.house} ${site.direction} ${site.street} ${site.suffix}${unit ? ` ${unit}` : ''}`;
  const legal = rural
    ? `${acres.toFixed(2)} AC ${parcel.merged ? `LOTS ${lotNumber}-${lotNumber + 1}` : `LOT ${lotNumber}`} ${subdivision.name}`
    : `${parcel.merged ? `LOTS ${lotNumber}-${lotNumber + 1}` : `LOT ${lotNumber}`} BLK ${subdivision.block} ${subdivision.name}`;
  const section = 1 + mod(block.i * 7 + block.j * 3, 36);

  // The parcel as first made: every draw happens whatever the month, so the sequence never shifts.
  const owner0 = base.owner();
  const ownMail = base.random() < 0.75 ? site : base.mailing(county.stateCode);
  const living = use.building ? base.between(rural ? 1000 : 700, rural ? 3600 : 3200) : 0;
  const value0 = base.between(rural ? 90 : 60, rural ? 700 : 900) * 1000;
  const landShare = use.building ? 0.2 + base.random() * 0.4 : 1;
  const baseSaleMonth = start - base.between(1, 360);
  const baseSale = { date: `${monthName(baseSaleMonth)}-${base.day()}`, price: value0 * (0.6 + base.random() * 0.4) };
  const baseSeller = base.owner();
  const basePermits = use.building ? base.between(0, 4) : 0;
  const builtNew = use.building && parcel.born !== null && base.random() < 0.6;
  const yearBuilt = builtNew ? startYear : base.between(1900, startYear - 1);
  const lenderAtStart = base.pick(words.LENDERS);
  const deed = county.stateCode === 'CA' ? 'Grant deed' : 'Warranty deed';
  const floodZone = base.pick(words.TERMS.flood_zone);
  const foreclosure = base.random() < 0.03 ? base.pick(words.TERMS.foreclosure_status) : 'None';
  const hoa =
    block.density === Density.Suburban && hash(fips, block.i >> 2, block.j >> 2, 0, ParcelEvent.Shape) % 3 === 0;
  const priorSales = base.between(1, 3);
  const secondMortgage = base.random() < 0.12;
  const stories = use === words.LAND_USES.apartment ? base.between(2, 4) : base.pick([1, 1, 1.5, 2, 2, 2.5]);
  const bedrooms = use.building ? Math.max(1, round(living / 650)) : 0;
  const fullBaths = use.building ? Math.max(1, round(bedrooms * 0.7)) : 0;
  const halfBaths = use.building ? base.between(0, 1) : 0;

  // A Map, not an object: a record of some 300 fields would make an object slow to read and write.
  const known = new Map<string, string>();
  put(known, {
    county_fips: county.fips,
    county_name: county.name,
    state_code: county.stateCode,
    site_house_number: site.house,
    site_street_direction: site.direction,
    site_street_name: site.street,
    site_street_suffix: site.suffix,
    site_unit: unit,
    site_zip: site.zip,
    site_zip4: site.zip4,
    site_city: site.city,
    site_address: siteAddress,
    latitude: shape.lat.toFixed(6),
    longitude: shape.lon.toFixed(6),
    geometry_wkt: shape.wkt,
    census_tract: `${String(floor(tract / 10)).padStart(4, '0')}.0${(tract % 4) + 1}`,
    census_block_group: String(blockGroup),
    census_block: `${blockGroup}0${String(mod(block.i, 6) * 10 + mod(block.j, 10)).padStart(2, '0')}`,
    legal_description: traits.publicLandSurvey && rural ? `${legal} SEC ${section}` : legal,
    legal_lot: String(lotNumber),
    legal_block: rural ? '' : String(subdivision.block),
    legal_subdivision: subdivision.name,
    legal_section: traits.publicLandSurvey ? String(section) : '',
    legal_township: traits.publicLandSurvey ? `${1 + (Math.abs(block.j >> 6) % 40)}N` : '',
    legal_range: traits.publicLandSurvey ? `${1 + (Math.abs(block.i >> 6) % 40)}W` : '',
    tract_number: `PB ${10 + (hash(fips, block.i >> 2, block.j >> 2, 1, ParcelEvent.Shape) % 90)} PG ${1 + (hash(fips, block.i >> 2, block.j >> 2, 2, ParcelEvent.Shape) % 250)}`,
    neighborhood_code: `${block.town + 1}${String(floor(tract / 10) % 1000).padStart(3, '0')}`,
    municipality: rural ? '' : town.name,
    property_use_standard: use.use,
    property_use_code: use.code,
    property_class: use.propertyClass,
    zoning_code: zoningCode,
    zoning_description: zoningDescription,
    zoning_category: zoningCategory,
    zoning_jurisdiction: rural ? traits.countyName : `City of ${town.name}`,
    future_land_use: use.futureLandUse,
    condominium_project_name:
      use === words.LAND_USES.condominium ? `${subdivision.name.split(' ')[0]} Place Condominiums` : '',
    lot_area_sqft: String(round(shape.areaM2 * SQFT_PER_M2)),
    lot_area_acres: acres.toFixed(3),
    lot_frontage_ft: (shape.frontageM * FEET_PER_M).toFixed(1),
    lot_depth_ft: (shape.depthM * FEET_PER_M).toFixed(1),
    lot_shape: shape.multipart || shape.irregular ? (shape.corner ? 'Corner' : 'Irregular') : 'Regular',
    corner_lot: String(shape.corner),
    easements: shape.multipart ? 'Drainage easement' : base.pick(words.TERMS.easements),
    vacant_land: String(!use.building),
    agricultural_use: String(use === words.LAND_USES.agricultural),
    exemption_agricultural: String(use === words.LAND_USES.agricultural),
    sewer_type: rural ? 'Septic' : 'Public sewer',
    water_source: rural ? 'Well' : 'Public water',
    water_district: rural ? '' : `${traits.countyName} Water Authority`,
    school_district: `${town.name} School District`,
    high_school_district: traits.separateHighSchools ? `${town.name} Union High School District` : '',
    fire_district: `${town.name} Fire District`,
    hoa_name: hoa ? `${subdivision.name.split(' ')[0]} Homeowners Association` : '',
    hoa_fee: hoa ? money(base.between(25, 400), 5) : '',
    hoa_fee_frequency: hoa ? base.pick(words.TERMS.hoa_fee_frequency) : '',
    flood_zone: floodZone,
    in_special_flood_hazard_area: String(/^[AV]/.test(floodZone)),
    congressional_district: `${county.stateCode}-${String(1 + (fips % traits.congressionalDistricts)).padStart(2, '0')}`,
    metro_area: (county.population ?? 0) >= 50_000 ? `${plan.towns[0].name}, ${county.stateCode} Metro Area` : '',
    foreclosure_status: foreclosure,
    living_area_sqft: use.building ? String(living) : '',
    units_count:
      use === words.LAND_USES.apartment ? String(base.between(4, 40)) : use === words.LAND_USES.duplex ? '2' : '1',
    stories: String(stories),
    bedrooms: String(bedrooms),
    bathrooms_full: String(fullBaths),
    bathrooms_half: String(halfBaths),
    bathrooms_total: String(fullBaths + halfBaths / 2),
    rooms_total: String(bedrooms + 3),
    building_count: use.building ? String(base.between(1, rural ? 3 : 1)) : '0',
    year_built: String(yearBuilt),
    effective_year_built: String(builtNew ? yearBuilt : base.between(yearBuilt, startYear)),
    new_construction: String(builtNew),
    estimated_value_confidence: String(base.between(55, 98)),
    tax_delinquent_year: String(startYear - base.between(1, 3)),
    assessment_ratio: traits.assessmentRatio.toFixed(2),
    tax_rate: traits.taxRate.toFixed(3),
    assessed_improvement_percent: ((1 - landShare) * 100).toFixed(1),
    value_change_one_year_percent: ((traits.growth - 1) * 100 + base.random() * 4 - 2).toFixed(2),
    water_frontage_ft: '',
    mail_country: 'USA',
    mail_is_po_box: 'false',
    tax_bill_number: `${base.digits(8)}`,
    tax_rate_area: `${String(block.town + 1).padStart(2, '0')}-${String(tract % 1000).padStart(3, '0')}`,
    alternate_parcel_id: `R${base.digits(7)}`,
    last_sale_book: String(base.between(1000, 9999)),
    last_sale_page: String(base.between(1, 999)),
    last_sale_title_company: base.pick(words.TITLE_COMPANIES),
    last_sale_price_code: base.pick(words.TERMS.last_sale_price_code),
  });
  if (foreclosure === 'None') {
    put(known, {
      default_notice_date: '',
      default_amount: '',
      auction_date: '',
      auction_opening_bid: '',
      bank_owned: 'false',
      foreclosure_document_number: '',
      foreclosure_trustee: '',
    });
  } else {
    put(known, {
      bank_owned: String(foreclosure === 'Bank owned'),
      foreclosure_document_number: `${startYear}${base.digits(6)}`,
      foreclosure_trustee: base.pick(words.FORECLOSURE_TRUSTEES),
    });
  }
  for (let n = priorSales + 1; n <= 3; n++) {
    for (const part of ['date', 'price', 'document_type', 'document_number', 'buyer_name', 'seller_name'])
      known.set(`prior_sale_${n}_${part}`, '');
  }
  if (!secondMortgage) {
    for (const name of MORTGAGE_2_FIELDS) known.set(name, '');
  } else {
    put(known, { mortgage_2_loan_type: 'HELOC', mortgage_2_position: '2' });
  }
  if (basePermits > 0) {
    const type = base.pick(words.PERMITS);
    put(known, {
      permit_count: String(basePermits),
      last_permit_date: `${monthName(start - base.between(1, 120))}-${base.day()}`,
      last_permit_type: type,
      last_permit_value: money(base.between(2, 150) * 500, 100),
      last_permit_status: 'Finaled',
      last_permit_description: base.pick(PERMIT_WORK[type]),
    });
  } else {
    for (const part of ['date', 'type', 'value', 'status', 'description']) known.set(`last_permit_${part}`, '');
    known.set('permit_count', '0');
  }
  const fillDraws = DATA_FIELDS.map((field, i) => base.random() <= traits.fillRate[i]);
  // Only filled fields that nothing above sets draw a value: which ones does not depend on the month.
  const baseValues = VALUE_MAKERS.map((make, i) =>
    fillDraws[i] && !known.has(DATASET_COLUMNS[i]) ? make(base, date, startYear, living) : null,
  );

  // Sales: each buyer becomes the owner; the seller is whoever owned it before. A portfolio owner may
  // have bought it at any of them, or held it from before the history: its name as the roll writes it.
  const drawnOwners = [owner0, ...parcel.sales.map((t) => eventTools(t, ParcelEvent.Sale).owner())];
  const portfolios = drawnOwners.map((_, k) => portfolioOnRoll(traits, parcel, k));
  const owners = drawnOwners.map((drawn, k) => portfolios[k]?.owner ?? drawn);
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
      document: `${yearOf(t)}${tools.digits(6)}`,
      cash: tools.random() < 0.25,
      armsLength: tools.random() < 0.9,
      lender: tools.pick(words.LENDERS),
      loanType: tools.pick(words.LOAN_TYPES),
      rateType: tools.pick(words.TERMS.mortgage_rate_type),
      rate: 2.5 + tools.random() * 5,
      term: tools.pick([360, 360, 360, 180, 240]),
      mortgageDocument: `${yearOf(t)}${tools.digits(6)}`,
      buyer: owners[index + 1],
      seller: owners[index],
    };
  };
  const sales = parcel.sales.length;
  const lastSale = sales > 0 ? saleOf(sales - 1) : null;
  const priorSale = sales > 1 ? saleOf(sales - 2) : null;
  const owner = owners[sales];
  if (lastSale) {
    const mortgage = lastSale.cash
      ? Object.fromEntries(MORTGAGE_1_FIELDS.map((name) => [name, '']))
      : {
          mortgage_1_amount: money(lastSale.price * 0.8),
          mortgage_1_recording_date: lastSale.date,
          mortgage_1_lender_name: lastSale.lender,
          mortgage_1_loan_type: lastSale.loanType,
          mortgage_1_rate_type: lastSale.rateType,
          mortgage_1_interest_rate: lastSale.rate.toFixed(3),
          mortgage_1_term_months: String(lastSale.term),
          mortgage_1_due_date: `${monthName(lastSale.month + lastSale.term)}-01`,
          mortgage_1_document_number: lastSale.mortgageDocument,
          mortgage_1_position: '1',
        };
    put(known, mortgage);
    put(known, {
      last_sale_date: lastSale.date,
      last_sale_contract_date: lastSale.contractDate,
      last_sale_price: money(lastSale.price, 100),
      last_sale_document_type: deed,
      last_sale_document_number: lastSale.document,
      last_sale_buyer_name: lastSale.buyer.name,
      last_sale_seller_name: lastSale.seller.name,
      last_sale_arms_length: String(lastSale.armsLength),
      last_sale_cash: String(lastSale.cash),
      last_sale_transfer_tax: money(lastSale.price * 0.005, 1),
      last_transfer_date: lastSale.date,
      last_transfer_document_type: deed,
      owner_since_date: lastSale.date,
      sales_count_five_years: String(parcel.sales.filter((t) => t > lastSale.month - 60).length),
      prior_sale_1_date: priorSale?.date ?? baseSale.date,
      prior_sale_1_price: money(priorSale?.price ?? baseSale.price, 100),
      prior_sale_1_document_type: deed,
      prior_sale_1_buyer_name: (priorSale?.buyer ?? owners[0]).name,
      prior_sale_1_seller_name: (priorSale?.seller ?? baseSeller).name,
    });
  } else {
    put(known, {
      last_sale_date: baseSale.date,
      last_sale_price: money(baseSale.price, 100),
      last_sale_document_type: deed,
      last_sale_buyer_name: owners[0].name,
      last_sale_seller_name: baseSeller.name,
      last_transfer_date: baseSale.date,
      last_transfer_document_type: deed,
      owner_since_date: baseSale.date,
      mortgage_1_lender_name: lenderAtStart,
      mortgage_1_position: '1',
    });
  }
  put(known, {
    parcel_id: parcel.parcelId,
    parcel_id_unformatted: parcel.parcelId.replace(/-/g, ''),
    owner_name: owner.name,
    owner_first_name: owner.first,
    owner_middle_name: owner.middle,
    owner_last_name: owner.last,
    owner2_name: owner.second?.name ?? '',
    owner2_first_name: owner.second?.first ?? '',
    owner2_last_name: owner.second?.last ?? '',
    owner_count: String(owner.second ? 2 : 1),
    ownership_rights: owner.vesting,
    trustee_name: owner.trustee,
    corporate_officer_name: owner.officer,
    care_of_name: owner.kind === 'company' ? `C/O ${owner.officer}` : '',
    owner_type: owner.kind,
    owner_is_corporate: String(owner.kind === 'company'),
    owner_is_trust: String(owner.kind === 'trust'),
  });

  // Mailing address: the latest sale (a new owner, who may live there) or change of address decides it;
  // a portfolio owner's bills go to its home whatever the parcel's changes of address.
  const lastMailChange = parcel.mailChanges.at(-1) ?? -1;
  let mail: Mailing = ownMail;
  const portfolio = portfolios[sales];
  if (portfolio) {
    mail = portfolio.mail;
  } else if (lastSale && lastSale.month > lastMailChange) {
    const tools = eventTools(lastSale.month, ParcelEvent.MailChange);
    mail = tools.random() < 0.7 ? site : tools.mailing(county.stateCode);
  } else if (lastMailChange >= 0) {
    mail = eventTools(lastMailChange, ParcelEvent.MailChange).mailing(county.stateCode);
  }
  // A company never lives at its parcel, whatever its mailing address.
  const absentee = mail !== site || owner.kind === 'company';
  const homestead = String(!absentee && use.building);
  put(known, {
    mail_address: [mail.house, mail.direction, mail.street, mail.suffix, mail.unit].filter(Boolean).join(' '),
    mail_house_number: mail.house,
    mail_street_name: mail.street,
    mail_street_suffix: mail.suffix,
    mail_unit: mail.unit,
    mail_city: mail.city,
    mail_state: mail.state,
    mail_zip: mail.zip,
    mail_zip4: mail.zip4,
    owner_occupied: String(!absentee),
    absentee_owner: String(absentee),
    out_of_state_owner: String(mail.state !== county.stateCode),
    homestead_claimed: homestead,
    exemption_homestead: homestead,
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
    market_improvement_value: use.building ? money(market * (1 - landShare)) : '0',
    market_value_year: String(rollYear),
    assessment_year: String(rollYear),
    tax_year: String(rollYear),
    assessed_total_value: String(assessed),
    assessed_land_value: money(assessed * landShare),
    assessed_improvement_value: use.building ? money(assessed * (1 - landShare)) : '0',
    taxable_value: String(assessed),
    tax_amount: money((assessed * traits.taxRate) / 100, 1),
    estimated_value: money(market * 1.03),
    estimated_value_low: money(market * 0.93),
    estimated_value_high: money(market * 1.13),
    estimated_value_date: `${monthName(rollMonth)}-01`,
    price_per_square_foot: use.building ? money(market / living, 1) : '',
    years_owned: String(Math.max(0, rollYear - Number((lastSale?.date ?? baseSale.date).slice(0, 4)))),
  };
  if (previous !== null) {
    values.previous_assessed_total_value = money(previous * traits.assessmentRatio);
    values.assessed_value_change_percent = (((market - previous) / previous) * 100).toFixed(2);
  }
  put(known, values);

  const lastPermit = parcel.permits.at(-1);
  if (lastPermit !== undefined) {
    const tools = eventTools(lastPermit, ParcelEvent.Permit);
    const type = tools.pick(words.PERMITS);
    put(known, {
      permit_count: String(basePermits + parcel.permits.length),
      last_permit_date: `${monthName(lastPermit)}-${tools.day()}`,
      last_permit_type: type,
      last_permit_value: money(tools.between(2, 150) * 500, 100),
      last_permit_status: tools.pick(words.TERMS.last_permit_status),
      last_permit_description: tools.pick(PERMIT_WORK[type]),
    });
  }

  const record = DATA_FIELDS.map((field, i) => {
    if (!fillDraws[i]) return '';
    if (!use.building && BUILDING_FIELDS.has(field.name)) return '';
    const value = known.get(field.name) ?? baseValues[i];
    if (value === null) throw new Error(`The synthetic data has no words for ${field.name}`);
    return value;
  });
  for (const [extension, base] of EXTENSIONS) if (record[base] === '') record[extension] = '';
  return record;
}

/**
 * The portfolio owner who bought the parcel at the start of its k-th ownership (0: from before its
 * history; k: at its k-th sale) as the county's roll writes it, or null. Drawn from seeds of their
 * own (synthetic-portfolios.ts), so every other value of every record is drawn as without them.
 */
function portfolioOnRoll(traits: CountyTraits, parcel: ParcelHistory, k: number) {
  if (!traits.portfolioOwners) return null;
  const since = k === 0 ? BEFORE_HISTORY : parcel.sales[k - 1];
  const owner = portfolioBuyerOf(traits.county.fips, parcel.slot, parcel.generation, since);
  return owner === null ? null : portfolioOwnerOnRoll(traits.fips, parcel.slot, parcel.generation, since, owner);
}

/** Fields that extend another (a ZIP+4 extension its ZIP code), by column: empty wherever that one is. */
const EXTENSIONS = [
  ['site_zip4', 'site_zip'],
  ['mail_zip4', 'mail_zip'],
].map(([extension, base]) => [DATASET_COLUMNS.indexOf(extension), DATASET_COLUMNS.indexOf(base)]);

function put(known: Map<string, string>, values: Record<string, string>): void {
  for (const name in values) known.set(name, values[name]);
}

type DateMaker = (fromYear: number, toYear: number) => string;
type ValueMaker = (base: Tools, date: DateMaker, releaseYear: number, living: number) => string | null;

/**
 * How to draw a value for a field the record does not set itself: from the parcel's seed, in words
 * that fit the field; null for a text field that has no words of its own here (the record must
 * set it). Chosen once per field, not per record: a county file has hundreds of thousands.
 */
function valueMakerFor(field: DataField): ValueMaker {
  const { name } = field;
  switch (field.type) {
    case 'boolean': {
      const rate = YES_RATE[name] ?? 0.2;
      return ({ random }) => String(random() < rate);
    }
    case 'date':
      return (_, date, year) => date(year - 30, year - 1);
    case 'money':
      return ({ between }) => String(between(5, 900) * 1000);
    case 'decimal':
      if (/interest_rate$/.test(name)) return ({ random }) => (2.5 + random() * 5).toFixed(3);
      if (name === 'estimated_equity_percent') return ({ random }) => (random() * 100).toFixed(1);
      if (name === 'estimated_loan_to_value') return ({ random }) => (random() * 95).toFixed(1);
      return ({ random }) => (random() * 10).toFixed(2);
    case 'integer':
      if (name.endsWith('_sqft')) return ({ random }, _, __, living) => String(round(living * (0.1 + random() * 0.5)));
      if (name.endsWith('_term_months')) return ({ pick }) => String(pick([360, 180, 240]));
      if (name.endsWith('_position')) return () => (name.startsWith('mortgage_2') ? '2' : '1');
      if (name === 'portfolio_parcel_count')
        return ({ random, between }) => String(random() < 0.9 ? 1 : between(2, 12));
      return ({ between }) => String(between(0, 4));
    case 'text': {
      const terms = words.TERMS[name];
      if (terms) return ({ pick }) => pick(terms);
      if (/document_number$/.test(name))
        return ({ between, digits }, _, year) => `${between(year - 30, year - 1)}${digits(6)}`;
      if (/document_type$/.test(name)) return ({ pick }) => pick(words.DEED_TYPES);
      if (/_(buyer|seller)_name$/.test(name)) return ({ owner }) => owner().name;
      if (/^mortgage_\d_lender_name$/.test(name)) return ({ pick }) => pick(words.LENDERS);
      if (/^mortgage_\d_loan_type$/.test(name)) return ({ pick }) => pick(words.LOAN_TYPES);
      if (/^mortgage_\d_rate_type$/.test(name)) return ({ pick }) => pick(words.TERMS.mortgage_rate_type);
      if (name === 'tax_exempt_status')
        return ({ random, pick }) => (random() < 0.03 ? pick(words.TERMS.tax_exempt_status) : '');
      return () => null;
    }
    case 'geometry':
      return () => '';
  }
}

const VALUE_MAKERS = DATA_FIELDS.map(valueMakerFor);

/** The columns the churn model moves; every other column of a parcel stays as it was first made. */
export const MOVING_COLUMNS: ReadonlySet<string> = new Set([
  // a sale
  ...['last_sale_date', 'last_sale_contract_date', 'last_sale_price', 'last_sale_document_type'],
  ...['last_sale_document_number', 'last_sale_buyer_name', 'last_sale_seller_name', 'last_sale_arms_length'],
  ...['last_sale_cash', 'last_sale_transfer_tax', 'last_transfer_date', 'last_transfer_document_type'],
  ...['owner_since_date', 'sales_count_five_years', 'prior_sale_1_date', 'prior_sale_1_price'],
  ...['prior_sale_1_document_type', 'prior_sale_1_buyer_name', 'prior_sale_1_seller_name'],
  ...MORTGAGE_1_FIELDS,
  // the owner a sale brings
  ...['owner_name', 'owner_first_name', 'owner_middle_name', 'owner_last_name', 'owner2_name', 'owner2_first_name'],
  ...['owner2_last_name', 'owner_count', 'ownership_rights', 'trustee_name', 'corporate_officer_name', 'care_of_name'],
  ...['owner_type', 'owner_is_corporate', 'owner_is_trust'],
  // a new mailing address (or a sale)
  ...['mail_address', 'mail_house_number', 'mail_street_name', 'mail_street_suffix', 'mail_unit', 'mail_city'],
  ...['mail_state', 'mail_zip', 'mail_zip4', 'owner_occupied', 'absentee_owner', 'out_of_state_owner'],
  ...['homestead_claimed', 'exemption_homestead'],
  // a reassessment (or a sale)
  ...['market_total_value', 'market_land_value', 'market_improvement_value', 'market_value_year'],
  ...['assessment_year', 'tax_year', 'assessed_total_value', 'assessed_land_value', 'assessed_improvement_value'],
  ...['taxable_value', 'tax_amount', 'estimated_value', 'estimated_value_low', 'estimated_value_high'],
  ...['estimated_value_date', 'price_per_square_foot'],
  ...['years_owned', 'previous_assessed_total_value', 'assessed_value_change_percent'],
  // a permit
  ...['permit_count', 'last_permit_date', 'last_permit_type', 'last_permit_value', 'last_permit_status'],
  'last_permit_description',
]);
