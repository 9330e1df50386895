// Builds src/database/seeds/data/county-catalog.csv, the store's county catalog:
// every county-level area of us-atlas (names, 5-digit FIPS) with its state's full
// name and postal code, and the Census 2019 population where the source has it.
// Run it again only when a source changes; the output is committed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dataDir = join(dirname(fileURLToPath(import.meta.url)), '../src/database/seeds/data');

// us-atlas has state names but no postal codes; these are the USPS codes by state FIPS.
const STATE_CODES = {
  '01': 'AL',
  '02': 'AK',
  '04': 'AZ',
  '05': 'AR',
  '06': 'CA',
  '08': 'CO',
  '09': 'CT',
  10: 'DE',
  11: 'DC',
  12: 'FL',
  13: 'GA',
  15: 'HI',
  16: 'ID',
  17: 'IL',
  18: 'IN',
  19: 'IA',
  20: 'KS',
  21: 'KY',
  22: 'LA',
  23: 'ME',
  24: 'MD',
  25: 'MA',
  26: 'MI',
  27: 'MN',
  28: 'MS',
  29: 'MO',
  30: 'MT',
  31: 'NE',
  32: 'NV',
  33: 'NH',
  34: 'NJ',
  35: 'NM',
  36: 'NY',
  37: 'NC',
  38: 'ND',
  39: 'OH',
  40: 'OK',
  41: 'OR',
  42: 'PA',
  44: 'RI',
  45: 'SC',
  46: 'SD',
  47: 'TN',
  48: 'TX',
  49: 'UT',
  50: 'VT',
  51: 'VA',
  53: 'WA',
  54: 'WV',
  55: 'WI',
  56: 'WY',
  60: 'AS',
  66: 'GU',
  69: 'MP',
  72: 'PR',
  78: 'VI',
};

const atlas = require('us-atlas/counties-10m.json');
const states = new Map(atlas.objects.states.geometries.map((s) => [s.id, s.properties.name]));
const population = new Map(
  readFileSync(join(dataDir, 'county-population.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [fips, county, , people] = line.split(',');
      return [fips, { county, people: Number(people) }];
    }),
);

const areas = atlas.objects.counties.geometries.map((g) => ({
  fips: g.id,
  name: g.properties.name,
  stateFips: g.id.slice(0, 2),
}));

// us-atlas gives an independent city and the county of the same name one name
// ("Baltimore" twice); the Census naming ("Baltimore City") tells them apart.
const nameCount = new Map();
for (const a of areas) {
  const key = `${a.stateFips}|${a.name}`;
  nameCount.set(key, (nameCount.get(key) ?? 0) + 1);
}
for (const a of areas) {
  if (nameCount.get(`${a.stateFips}|${a.name}`) > 1) a.name = population.get(a.fips)?.county ?? a.name;
}

const rows = areas
  .map((a) => {
    const state = states.get(a.stateFips);
    const stateCode = STATE_CODES[a.stateFips];
    if (!state || !stateCode) throw new Error(`No state for FIPS ${a.fips}`);
    return { ...a, state, stateCode, population: population.get(a.fips)?.people ?? '' };
  })
  .sort((a, b) => a.fips.localeCompare(b.fips));

const names = new Set(rows.map((r) => `${r.stateCode}|${r.name}`));
if (names.size !== rows.length) throw new Error('Two areas of one state share a name');

const quote = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
const csv = ['fips,name,state,state_code,population']
  .concat(rows.map((r) => [r.fips, r.name, r.state, r.stateCode, r.population].map(quote).join(',')))
  .join('\n');
writeFileSync(join(dataDir, 'county-catalog.csv'), `${csv}\n`);
console.log(`${rows.length} areas, ${rows.filter((r) => r.population !== '').length} with population`);
