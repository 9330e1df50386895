import { gzipSync } from 'node:zlib';
import type { CountyForDataset, GeneratedDataset } from '../../modules/releases/files/dataset-generator';
import { keyFieldColumns, keyFieldCountsOf } from '../../modules/data-schema/reading/key-field-counts';
import { countyPlan } from './synthetic-county';
import { parcelsOf } from './synthetic-parcels';
import { DATASET_COLUMNS, recordOf, traitsOf } from './synthetic-record';

export { DATASET_COLUMNS, MOVING_COLUMNS } from './synthetic-record';

/*
 * Realistic made-up parcel records for any county, for local use and tests
 * until real county files are uploaded. The same county and release always
 * give the same bytes; a county has about one parcel per 1,000 residents,
 * and consecutive releases differ as real ones do (see synthetic-parcels.ts).
 * Each parcel is a lot with its boundary, on a street grid inside the county
 * (synthetic-lots.ts), in the county's towns (synthetic-places.ts).
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

const KEY_COLUMNS = keyFieldColumns(DATASET_COLUMNS);

export interface CountyRecordsOptions {
  /** Slots instead of one per 1,000 residents, for tests and benchmarks of bigger files. */
  recordsPerCounty?: number;
  /** false: no portfolio owners (synthetic-portfolios.ts), every owner as drawn; to compare with. */
  portfolioOwners?: boolean;
}

/** A county's records in a month, one at a time (for files of any size), in DATASET_COLUMNS order. */
export function* countyRecords(
  county: CountyForDataset,
  release: string,
  options: CountyRecordsOptions = {},
): Generator<string[]> {
  const slots = options.recordsPerCounty ?? recordCountFor(county.population);
  const traits = traitsOf(county, countyPlan(county, slots), options.portfolioOwners ?? true);
  for (const parcel of parcelsOf(county.fips, slots, release)) {
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

function csvField(value: string): string {
  return /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
