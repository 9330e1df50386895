/**
 * Writes one month's synthetic source file (gzip CSV, many counties split by `county_fips`) from
 * the county catalog the seed reads, so a developer can ingest a release locally without a
 * database or real data:
 *
 *   npm run data:synthetic-release -- --month 2026-12 [--states MD,DE] [--out file.csv.gz]
 *                                     [--records-per-county 5000]
 *
 * Consecutive months of the same counties differ as real releases do (synthetic-parcels.ts).
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';
import { readCatalogFile } from '../database/seeds/county-catalog.seed';
import { syntheticSourceFile } from './synthetic-data/synthetic-source-file';

const USAGE =
  'Usage: npm run data:synthetic-release -- --month YYYY-MM [--states MD,DE] [--out file.csv.gz] ' +
  '[--records-per-county N]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function options() {
  try {
    return parseArgs({
      options: {
        month: { type: 'string' },
        states: { type: 'string' },
        out: { type: 'string' },
        'records-per-county': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    // An unknown or misused option: one line saying which, and how the command is used.
    return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

async function main() {
  const values = options();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const month = values.month ?? fail('Give the month of the release: --month YYYY-MM');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) fail(`--month ${month} is not a month; write it as YYYY-MM`);

  const catalog = readCatalogFile();
  const states = values.states ? values.states.toUpperCase().split(',').filter(Boolean) : null;
  const unknown = (states ?? []).filter((code) => !catalog.some((county) => county.stateCode === code));
  if (unknown.length > 0) fail(`No counties in the catalog for state code(s) ${unknown.join(', ')}`);
  const counties = states ? catalog.filter((county) => states.includes(county.stateCode)) : catalog;

  let recordsPerCounty: number | undefined;
  if (values['records-per-county'] !== undefined) {
    recordsPerCounty = Number(values['records-per-county']);
    if (!Number.isInteger(recordsPerCounty) || recordsPerCounty < 1) {
      fail('--records-per-county must be a whole number of at least 1');
    }
  }

  const out = resolve(values.out ?? `var/synthetic/${month}${states ? `-${states.join('-')}` : ''}.csv.gz`);
  mkdirSync(dirname(out), { recursive: true });
  const started = Date.now();
  await pipeline(
    syntheticSourceFile(counties, month, { recordsPerCounty }),
    createGzip({ level: 6 }),
    createWriteStream(out),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Wrote ${out}: ${counties.length} counties, release ${month}, in ${seconds} s\n`);
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
