import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BOUNDARY_KEY_FIELD,
  FILL_RATE_FIELDS,
  KEY_FIELDS,
  KeyField,
  ParcelShapes,
} from '../../../contracts/county-dataset';
import { CsvScanner } from './csv-scanner';

/**
 * How many records of a county file carry each key field (a non-empty value), as stored with the
 * release. Counts stored before the boundary was counted have no `geometry_wkt`: such files had no
 * boundaries (the field did not exist).
 */
export type KeyFieldCounts = Record<Exclude<KeyField, 'geometry_wkt'>, number> & { geometry_wkt?: number };

/** Where each key field is among a file's columns (-1 when the county does not publish it), in KEY_FIELDS order. */
export function keyFieldColumns(columns: readonly string[]): number[] {
  return KEY_FIELDS.map(({ field }) => columns.indexOf(field));
}

/** Counts in KEY_FIELDS order (as CsvScanner.filledCounts gives them) as a record by field. */
export function keyFieldCountsOf(counts: number[]): KeyFieldCounts {
  return Object.fromEntries(KEY_FIELDS.map(({ field }, i) => [field, counts[i] ?? 0])) as KeyFieldCounts;
}

/**
 * Each fill-rate field's share of the records, in FILL_RATE_FIELDS order, unrounded: a field missing
 * from a handful of a large county's records must not read as complete.
 */
export function fillRates(counts: Partial<KeyFieldCounts>, records: number) {
  return FILL_RATE_FIELDS.map(({ field, label }) => ({
    field,
    label,
    rate: records > 0 ? (counts[field] ?? 0) / records : 0,
  }));
}

/**
 * Whether a county file's parcels come with boundaries, from its key field counts: one parcel with
 * a `geometry_wkt` value is enough (the conversions then write polygons, a parcel without one with
 * a null geometry). Null while the file's fields are not counted yet.
 */
export function parcelShapesOf(counts: Partial<KeyFieldCounts> | null): ParcelShapes | null {
  if (!counts) return null;
  return (counts[BOUNDARY_KEY_FIELD.field] ?? 0) > 0 ? 'polygons' : 'points';
}

/**
 * Counts the key fields of a stored county file (gzip CSV) as it streams: for releases
 * recorded before their counts were kept. Holds no more than the CSV header in memory.
 */
export async function countKeyFields(file: Readable): Promise<KeyFieldCounts> {
  const scanner = new CsvScanner({ header: () => null, record: () => undefined, countFilled: keyFieldColumns });
  // The pipeline destroys both streams and rejects on a read, unzip or scan error alike.
  await pipeline(file, createGunzip(), async (unzipped: AsyncIterable<Buffer>) => {
    for await (const chunk of unzipped) scanner.write(chunk);
  });
  scanner.end();
  return keyFieldCountsOf(scanner.filledCounts);
}
