import { BadRequestException, HttpException, UnsupportedMediaTypeException } from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import { createWriteStream, WriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, TransformCallback } from 'node:stream';
import { createGunzip, Gunzip } from 'node:zlib';
import { checkHeader, fileTooLarge, quotedValue, unzippedTooLarge } from '../../data-schema';
import { CsvFormatError } from '../../data-schema';
import { DATA_FIELDS } from '../../data-schema';
import { CsvRecordReader, fieldCountProblem, RecordView } from '../../data-schema';
import { GIS_FILE_NAMES, SNIFF_BYTES, SniffedKind, sniffSource } from './gis-source';

/** Unzipped output in large pieces: fewer calls into the reader. */
export const UNZIP_CHUNK_BYTES = 256 * 1024;

export interface SourceFacts {
  /** Bytes of the file as sent (and staged). */
  bytes: number;
  gzipped: boolean;
  /** What the first bytes say the file is. */
  kind: SniffedKind;
  /** A GIS source's copy on local disk, for GDAL to check once it is whole; null for CSV. */
  spooled: string | null;
  records: number;
  columns: string[];
}

/**
 * A header of a release source file: as checkHeader wants it (schema fields only, each once,
 * with the identifier columns, county_fips among them), said shortly when it is far off.
 */
export function checkSourceHeader(columns: string[]): string[] {
  try {
    return checkHeader(columns);
  } catch (error) {
    if (columns.length > DATA_FIELDS.length && error instanceof HttpException) {
      throw new BadRequestException(
        `The header has ${columns.length.toLocaleString('en-US')} columns, more than the ${DATA_FIELDS.length} fields of the data schema. ${error.message}`,
      );
    }
    throw error;
  }
}

/**
 * Passes a release source file (CSV or gzip CSV, or a GIS source, told apart by its first bytes)
 * through unchanged while checking it, so it can be staged as it arrives and never held in memory.
 * A GIS source (GeoPackage, zip, GeoJSON) is only sized and copied to `spoolDir` as it passes: GDAL
 * checks it once it is whole. A CSV source is checked as it streams:
 * its size, as sent and once unzipped, against the limits (413), that it is UTF-8 text (415 for
 * binary data, UTF-16 or other encodings), its header, and that each record is no longer than the
 * reader's limit, has the header's number of fields and a five-digit county_fips (400). The
 * stream fails at the first problem.
 */
export class SourceInspector extends Transform {
  private bytes = 0;
  private gzipped: boolean | null = null;
  private kind: SniffedKind | null = null;
  private spool: WriteStream | null = null;
  private spoolPath: string | null = null;
  private head: Buffer[] = [];
  private gunzip: Gunzip | null = null;
  private readonly reader: CsvRecordReader;
  private columns: string[] = [];
  private textBytes = 0;
  private fipsColumn = -1;

  constructor(
    private readonly options: { maxBytes: number; maxUnzippedBytes: number; gzipDeclared: boolean; spoolDir: string },
  ) {
    super();
    this.reader = new CsvRecordReader({
      header: (columns) => {
        this.columns = checkSourceHeader(columns);
        this.fipsColumn = this.columns.indexOf('county_fips');
      },
      record: (record) => this.checkRecord(record),
    });
  }

  facts(): SourceFacts {
    return {
      bytes: this.bytes,
      gzipped: this.gzipped === true,
      kind: this.kind ?? 'csv',
      spooled: this.spoolPath,
      records: this.reader.recordCount,
      columns: this.columns,
    };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.options.maxBytes) return done(fileTooLarge(this.options.maxBytes));
    try {
      // What is checked: the chunk, or at first the bytes up to it (a body can arrive a byte at a time).
      let fresh = chunk;
      if (this.gzipped === null) {
        this.head.push(chunk);
        fresh = Buffer.concat(this.head);
        if (fresh.length < SNIFF_BYTES) return done(null, chunk);
        this.head = [];
        this.start(fresh);
      }
      if (this.spool) return this.toSpool(fresh, () => done(null, chunk));
      if (!this.gzipped) {
        this.checkText(fresh);
        return done(null, chunk);
      }
      // Unzipping keeps pace with the upload: the next chunk waits while the check is behind.
      if (this.gunzip!.write(fresh)) done(null, chunk);
      else this.gunzip!.once('drain', () => done(null, chunk));
    } catch (error) {
      done(asHttpError(error));
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes === 0) return done(new BadRequestException('The file is empty (0 bytes)'));
    if (this.gzipped === null && !this.spool) {
      // Shorter than SNIFF_BYTES in all.
      try {
        const head = Buffer.concat(this.head);
        this.start(head);
        if (this.spool) return this.toSpool(head, () => this.endSpool(done));
        if (this.gzipped) this.gunzip!.write(head);
        else this.checkText(head);
      } catch (error) {
        return done(asHttpError(error));
      }
    }
    if (this.spool) return this.endSpool(done);
    const finish = () => {
      try {
        this.reader.end();
        if (!this.reader.hasHeader) {
          throw new BadRequestException(
            `The file is empty${this.gzipped ? ' once unzipped' : ''}; it must start with the CSV header`,
          );
        }
        if (this.reader.recordCount === 0) throw new BadRequestException('The file has a header but no records');
        done();
      } catch (error) {
        done(asHttpError(error));
      }
    };
    if (!this.gunzip) return finish();
    this.gunzip.once('end', () => {
      if (!this.destroyed) finish();
    });
    this.gunzip.end();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.gunzip?.destroy();
    this.spool?.destroy();
    done(error);
  }

  private start(head: Buffer): void {
    this.kind = sniffSource(head);
    this.gzipped = this.kind === 'gzip';
    if (this.kind !== 'csv' && this.kind !== 'gzip') {
      if (this.options.gzipDeclared) {
        throw new BadRequestException(
          'The request says Content-Encoding: gzip, but the body does not start as gzip data does (bytes 1f 8b)',
        );
      }
      this.spoolPath = join(this.options.spoolDir, GIS_FILE_NAMES[this.kind]);
      this.spool = createWriteStream(this.spoolPath, { flags: 'wx' });
      this.spool.on('error', (error) => this.destroy(error));
      return;
    }
    if (!this.gzipped && this.options.gzipDeclared) {
      throw new BadRequestException(
        'The request says Content-Encoding: gzip, but the body does not start as gzip data does (bytes 1f 8b)',
      );
    }
    if (!this.gzipped) return;
    this.gunzip = createGunzip({ chunkSize: UNZIP_CHUNK_BYTES });
    this.gunzip.on('data', (chunk: Buffer) => {
      if (this.destroyed) return;
      try {
        this.checkText(chunk);
      } catch (error) {
        this.destroy(asHttpError(error));
      }
    });
    this.gunzip.on('error', (error) => {
      this.destroy(
        new BadRequestException(
          `The file starts as gzip but cannot be unzipped (${error.message}); send the .csv.gz file exactly as it was compressed`,
        ),
      );
    });
  }

  private toSpool(bytes: Buffer, next: () => void): void {
    if (this.spool!.write(bytes)) next();
    else this.spool!.once('drain', next);
  }

  private endSpool(done: TransformCallback): void {
    this.spool!.end(() => {
      if (!this.destroyed) done();
    });
  }

  /** Text (the file, or what it unzips to): no NUL bytes, not UTF-16, then CSV. */
  private checkText(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.textBytes === 0 && chunk.length >= 2) {
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) {
        throw new UnsupportedMediaTypeException(
          'The file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8 CSV',
        );
      }
    }
    const nul = chunk.indexOf(0);
    if (nul !== -1) {
      throw new UnsupportedMediaTypeException(
        `The file holds NUL bytes (the first at byte ${this.textBytes + nul + 1}${this.gzipped ? ' once unzipped' : ''}): it is binary data or UTF-16 text, not a UTF-8 CSV file`,
      );
    }
    this.textBytes += chunk.length;
    if (this.textBytes > this.options.maxUnzippedBytes) {
      throw unzippedTooLarge(this.options.maxUnzippedBytes, 'RELEASE_FILE_MAX_UNZIPPED_BYTES');
    }
    this.reader.push(chunk);
  }

  private checkRecord(record: RecordView): void {
    if (!isUtf8(record.bytes.subarray(record.start, record.end))) {
      throw new UnsupportedMediaTypeException(
        `Record ${record.number} (line ${record.line}) is not valid UTF-8 text; save the file as UTF-8 CSV`,
      );
    }
    const problem = fieldCountProblem(record, this.columns.length);
    if (problem) throw new BadRequestException(problem);
    const fips = fipsProblem(record, this.fipsColumn);
    if (fips) throw new BadRequestException(fips);
  }
}

/** The longest county_fips quoted back: enough to show what is wrong with it. */
const FIPS_QUOTED_BYTES = 64;
const ZERO = 0x30;
const NINE = 0x39;

/** Why a record's county_fips is no FIPS code (five digits), or null when it is one. */
export function fipsProblem(record: RecordView, column: number): string | null {
  const { bytes } = record;
  const start = record.starts[column];
  const end = record.ends[column];
  if (end - start === 5) {
    let digits = 0;
    while (digits < 5 && bytes[start + digits] >= ZERO && bytes[start + digits] <= NINE) digits++;
    if (digits === 5) return null;
  }
  // Only the first bytes become a string, however long the value: a message quotes a few characters of it.
  const value = bytes.toString('utf8', start, Math.min(end, start + FIPS_QUOTED_BYTES));
  return `Record ${record.number} (line ${record.line}) has county_fips ${quotedValue(value)}, which is not a FIPS code: county_fips must be five digits, such as 24510`;
}

function asHttpError(error: unknown): Error {
  if (error instanceof CsvFormatError) return new BadRequestException(error.message);
  return error instanceof Error ? error : new Error(String(error));
}
