import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { createHash, Hash } from 'node:crypto';
import { Transform, TransformCallback } from 'node:stream';
import { createGunzip, Gunzip } from 'node:zlib';
import { CsvFormatError, CsvRecord, CsvScanner } from './csv-scanner';
import { DATA_FIELDS, IDENTIFIER_FIELDS } from '../data-schema';
import { keyFieldColumns, KeyFieldCounts, keyFieldCountsOf } from './key-field-counts';

export interface CountyFileFacts {
  /** Size of the gzip file as stored. */
  bytes: number;
  sha256: string;
  records: number;
  columns: string[];
  /** Records carrying each key field, kept with the release for its fill rates. */
  keyFieldCounts: KeyFieldCounts;
}

const KNOWN_FIELDS = new Set(DATA_FIELDS.map((field) => field.name));
const FIPS_COLUMN = 'county_fips';
const FIPS_CODE = /^\d{5}$/;

/**
 * How many times its gzip limit a county file may unzip to (20 GiB for the default 2 GiB): parcel
 * CSV compresses some five to ten times, a gzip bomb a thousand.
 */
export const UNZIPPED_LIMIT_FACTOR = 10;

/** Characters of a value quoted back in a message; a value longer than that is cut, marked with "…". */
const QUOTED_VALUE_CHARS = 24;

/** A value of a file as a message quotes it: never more than a few characters, whatever the file holds. */
export function quotedValue(value: string): string {
  return `"${value.length > QUOTED_VALUE_CHARS ? `${value.slice(0, QUOTED_VALUE_CHARS)}…` : value}"`;
}

/** Whether a county_fips value is a FIPS code: five digits. */
export const isFipsCode = (value: string) => FIPS_CODE.test(value);

/** "2 GiB", "64 KiB", "1,000 bytes": a limit as a person reads it. */
export function describeBytes(bytes: number): string {
  for (const [unit, size] of [
    ['GiB', 1024 ** 3],
    ['MiB', 1024 ** 2],
    ['KiB', 1024],
  ] as const) {
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes.toLocaleString('en-US')} bytes`;
}

export function fileTooLarge(maxBytes: number): PayloadTooLargeException {
  return new PayloadTooLargeException(
    `The file is larger than the upload limit of ${describeBytes(maxBytes)} (${maxBytes} bytes)`,
  );
}

/** A file that unzips to more than the limit: a gzip bomb, or no county data file. */
export function unzippedTooLarge(maxUnzippedBytes: number, setting?: string): PayloadTooLargeException {
  return new PayloadTooLargeException(
    `The file unzips to more than the limit of ${describeBytes(maxUnzippedBytes)} (${maxUnzippedBytes} bytes) of CSV${
      setting ? `, set by ${setting}` : ''
    }; is it a gzip bomb, or compressed more than once?`,
  );
}

/**
 * Checks the header of a county file: every column a field of the data schema, none
 * twice, the identifier columns present. Any subset of the other fields is fine, since
 * what a county records varies. Answers the columns; a problem is a 400 naming it.
 */
export function checkHeader(columns: string[]): string[] {
  const names = columns.map((name) => name.trim());
  if (names.length === 1 && names[0] === '') {
    throw new BadRequestException('The first line of the file is empty; it must be the CSV header naming the columns');
  }
  const unnamed = names.findIndex((name) => name === '');
  if (unnamed >= 0) throw new BadRequestException(`Column ${unnamed + 1} of the header has no name`);
  const unknown = names.flatMap((name, i) => (KNOWN_FIELDS.has(name) ? [] : [`"${name}" (column ${i + 1})`]));
  if (unknown.length > 0) {
    const listed =
      unknown.length > 5 ? `${unknown.slice(0, 5).join(', ')} and ${unknown.length - 5} more` : unknown.join(', ');
    throw new BadRequestException(
      `Unknown column${unknown.length > 1 ? 's' : ''} in the header: ${listed}. ` +
        'Columns must be named as the fields of the data schema (/data-schema.pdf), for example parcel_id.',
    );
  }
  const seen = new Map<string, number>();
  for (const [i, name] of names.entries()) {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new BadRequestException(
        `Column "${name}" appears more than once in the header (columns ${first + 1} and ${i + 1})`,
      );
    }
    seen.set(name, i);
  }
  const missing = IDENTIFIER_FIELDS.filter((name) => !seen.has(name));
  if (missing.length > 0) {
    throw new BadRequestException(
      `The header lacks the identifier column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; every county file needs ${IDENTIFIER_FIELDS.join(' and ')}`,
    );
  }
  return names;
}

/**
 * Passes an uploaded county file (gzip CSV) through unchanged while checking it, so it
 * can be written to storage as it arrives and never held in memory. It counts and hashes
 * the gzip bytes and fails once they pass the limit; it unzips as it goes, checks the
 * header as soon as it has arrived, and reads every record as CSV: each must have the
 * header's number of fields and this county's FIPS code; it counts the records that carry
 * each key field on the way. What it unzips to is bounded too (maxUnzippedBytes, by default
 * UNZIPPED_LIMIT_FACTOR times maxBytes), so a gzip bomb is cut off. The stream fails (400, or 413
 * for a size) at the first problem, before anything after it is passed on.
 */
export class CountyFileInspector extends Transform {
  private bytes = 0;
  private readonly hash: Hash = createHash('sha256');
  private readonly gunzip: Gunzip = createGunzip();
  private readonly scanner: CsvScanner;
  private columns: string[] = [];
  private sha256: string | null = null;
  private unzippedBytes = 0;
  private readonly maxUnzippedBytes: number;

  constructor(private readonly expected: { maxBytes: number; fips: string; maxUnzippedBytes?: number }) {
    super();
    this.maxUnzippedBytes = expected.maxUnzippedBytes ?? UNZIPPED_LIMIT_FACTOR * expected.maxBytes;
    this.scanner = new CsvScanner({
      header: (columns) => {
        this.columns = checkHeader(columns);
        return this.columns.indexOf(FIPS_COLUMN);
      },
      record: (record) => this.checkRecord(record),
      countFilled: keyFieldColumns,
    });
    this.gunzip.on('data', (chunk: Buffer) => {
      if (this.destroyed) return;
      this.unzippedBytes += chunk.length;
      if (this.unzippedBytes > this.maxUnzippedBytes) return this.destroy(unzippedTooLarge(this.maxUnzippedBytes));
      try {
        this.scanner.write(chunk);
      } catch (error) {
        this.destroy(asBadRequest(error));
      }
    });
    this.gunzip.on('error', (error) => {
      this.destroy(
        new BadRequestException(
          `The file is not valid gzip (${error.message}); upload the .csv.gz file exactly as it was compressed`,
        ),
      );
    });
  }

  /** What the file turned out to be; only once the stream has finished without error. */
  facts(): CountyFileFacts {
    if (this.sha256 === null) throw new Error('The county file has not been read to its end');
    return {
      bytes: this.bytes,
      sha256: this.sha256,
      records: this.scanner.recordCount,
      columns: this.columns,
      keyFieldCounts: keyFieldCountsOf(this.scanner.filledCounts),
    };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.expected.maxBytes) return done(fileTooLarge(this.expected.maxBytes));
    this.hash.update(chunk);
    // Unzipping keeps pace with the upload: the next chunk waits while the CSV check is behind.
    if (this.gunzip.write(chunk)) done(null, chunk);
    else this.gunzip.once('drain', () => done(null, chunk));
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(new BadRequestException('The file is empty'));
    this.gunzip.once('end', () => {
      if (this.destroyed) return;
      try {
        this.scanner.end();
        if (!this.scanner.headerSeen) {
          throw new BadRequestException('The file is empty once unzipped; it must start with the CSV header');
        }
        if (this.scanner.recordCount === 0) {
          throw new BadRequestException('The file has a header but no records');
        }
        this.sha256 = this.hash.digest('hex');
        done();
      } catch (error) {
        done(asBadRequest(error));
      }
    });
    this.gunzip.end();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.gunzip.destroy();
    done(error);
  }

  private checkRecord(record: CsvRecord): void {
    const where = `Record ${record.number} (line ${record.line})`;
    if (record.fields !== this.columns.length) {
      throw new BadRequestException(
        `${where} has ${record.fields} field${record.fields === 1 ? '' : 's'}; the header has ${this.columns.length} columns`,
      );
    }
    const fips = record.watched ?? '';
    if (!isFipsCode(fips)) {
      throw new BadRequestException(
        `${where} has county_fips ${quotedValue(fips)}, which is not a FIPS code: county_fips must be five digits, such as ${this.expected.fips}`,
      );
    }
    if (fips !== this.expected.fips) {
      throw new BadRequestException(
        `${where} has county_fips "${fips}", but this upload is for the county with FIPS code ${this.expected.fips}; is the file meant for another county?`,
      );
    }
  }
}

function asBadRequest(error: unknown): Error {
  if (error instanceof CsvFormatError) return new BadRequestException(error.message);
  return error instanceof Error ? error : new Error(String(error));
}
