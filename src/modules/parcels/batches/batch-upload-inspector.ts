import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { Transform, type TransformCallback } from 'node:stream';
import { CsvFormatError, CsvRecordReader, type RecordView } from '../../data-schema';
import { batchColumnsOf } from './batch-csv';
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, MAX_ROW_BYTES } from './parcel-batches.constants';

/** A county FIPS code; four digits are one whose leading zero a spreadsheet dropped. */
const COUNTY_FIPS = /^\d{4,5}$/;

export const batchTooLarge = () =>
  new PayloadTooLargeException(
    `A batch may be at most ${MAX_BATCH_BYTES / 1024 / 1024} MB (${MAX_BATCH_BYTES} bytes) of CSV: send it in parts of at most ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows`,
  );

export const tooManyRows = () =>
  new BadRequestException(
    `A batch may have at most ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows: split the CSV into parts of at most that many and send each`,
  );

/**
 * Checks a batch's CSV as it streams into storage, and passes it on unchanged: within the byte
 * limit, UTF-8 without NUL, a header that says how to match rows, at most MAX_BATCH_ROWS rows, no
 * row with more fields than the header. A failure errors the stream, so nothing is stored.
 */
export class BatchUploadInspector extends Transform {
  private bytes = 0;
  private rows = 0;
  private columns = 0;
  private countyColumn: number | null = null;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly reader = new CsvRecordReader(
    {
      header: (columns, view) => {
        if (view.end - view.start > MAX_ROW_BYTES) throw rowTooLong('The header');
        this.countyColumn = batchColumnsOf(columns).county;
        this.columns = columns.length;
      },
      record: (record) => this.record(record),
    },
    MAX_ROW_BYTES,
  );

  facts(): { bytes: number; rows: number } {
    return { bytes: this.bytes, rows: this.rows };
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.bytes += chunk.length;
      if (this.bytes > MAX_BATCH_BYTES) throw batchTooLarge();
      if (chunk.includes(0)) throw new BadRequestException('The CSV holds NUL bytes: is it a text file in UTF-8?');
      this.decoder.decode(chunk, { stream: true });
      this.reader.push(chunk);
      done(null, chunk);
    } catch (error) {
      done(refusal(error));
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.decoder.decode();
      this.reader.end();
      if (!this.reader.hasHeader) {
        throw new BadRequestException('The CSV is empty: send a header line and at least one row');
      }
      if (this.rows === 0) throw new BadRequestException('The CSV has a header but no rows');
      done();
    } catch (error) {
      done(refusal(error));
    }
  }

  private record(record: RecordView): void {
    if (++this.rows > MAX_BATCH_ROWS) throw tooManyRows();
    // The reader holds a longer record back only when it spans chunks; one inside a chunk is checked here.
    if (record.end - record.start > MAX_ROW_BYTES) throw rowTooLong(`Row ${record.number} (line ${record.line})`);
    if (record.fields > this.columns) {
      throw new BadRequestException(
        `Row ${record.number} (line ${record.line}) has ${record.fields} fields; the header has ${this.columns} columns`,
      );
    }
    this.checkCounty(record);
  }

  /**
   * A county is a FIPS code or nothing: a name or a typo would otherwise match the row's address
   * in every county, or its parcel number in none, without a word.
   */
  private checkCounty(record: RecordView): void {
    const c = this.countyColumn;
    if (c === null || c >= record.fields) return;
    const value = record.bytes.toString('utf8', record.starts[c], record.ends[c]).trim();
    if (value === '' || COUNTY_FIPS.test(value)) return;
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    throw new BadRequestException(
      `Row ${record.number} (line ${record.line}) has county "${shown}": give the county’s 5-digit FIPS code ` +
        '(e.g. 24005), or leave it empty to match the row’s address in all your counties',
    );
  }
}

const rowTooLong = (which: string) =>
  new BadRequestException(
    `${which} is longer than ${MAX_ROW_BYTES / 1024} KB; is a closing quote (") missing, or is this not a CSV file?`,
  );

function refusal(error: unknown): Error {
  if (error instanceof CsvFormatError) return new BadRequestException(`The CSV cannot be read: ${error.message}`);
  // TextDecoder's error, told by its code: it may come from another realm than this module's TypeError.
  if ((error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') {
    return new BadRequestException('The CSV is not valid UTF-8: save it as "CSV UTF-8"');
  }
  return error as Error;
}
