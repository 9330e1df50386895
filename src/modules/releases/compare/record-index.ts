import { Transform, type TransformCallback } from 'node:stream';
import { CsvFormatError } from '../../data-schema';
import { keyFieldColumns } from '../../data-schema';
import { CsvRecordReader, fieldCountProblem, type RecordView } from '../../data-schema';
import { copyText } from '../../../database/copy-text';
import { RecordHasher } from './record-hash';

const QUOTE = 0x22;
// Index rows are sent to PostgreSQL in batches of about this many bytes.
const BATCH_BYTES = 64 * 1024;

/**
 * Where each record of a file is (its first byte in the unzipped file and its length), by record
 * number: 12 bytes a record, so a second read of the file can pick records out without parsing it.
 */
export class RecordPlaces {
  private offsets = new Float64Array(1 << 16);
  private lengths = new Int32Array(1 << 16);
  count = 0;

  add(offset: number, length: number): void {
    if (this.count === this.offsets.length) this.grow();
    this.offsets[this.count] = offset;
    this.lengths[this.count] = length;
    this.count++;
  }

  /** Record `number` (1 for the first after the header). */
  offset(number: number): number {
    return this.offsets[number - 1];
  }

  length(number: number): number {
    return this.lengths[number - 1];
  }

  private grow(): void {
    const offsets = new Float64Array(this.offsets.length * 2);
    const lengths = new Int32Array(this.lengths.length * 2);
    offsets.set(this.offsets);
    lengths.set(this.lengths);
    this.offsets = offsets;
    this.lengths = lengths;
  }
}

/**
 * Reads an unzipped county file once and writes, for each record, one row of PostgreSQL's COPY
 * text format: the file's number, the record's number, its parcel_id and its hash (see RecordHasher), about 40 bytes where the
 * record is a few KB. Along the way it keeps where each record is (RecordPlaces) and counts the
 * records filling each key field. A record whose fields do not match the header fails the read,
 * as loading it into a table would.
 */
export class RecordIndexer extends Transform {
  readonly places = new RecordPlaces();
  /** Records filling each key field, in KEY_FIELDS order. */
  readonly keyFieldFilled: number[];
  private readonly reader: CsvRecordReader;
  private readonly hasher: RecordHasher;
  private readonly parcelField: number;
  /** The boundary's column, hashed on its own to find parcels drawn twice; -1 when the file has none. */
  private readonly shapeField: number;
  private readonly shapeHasher: RecordHasher;
  private readonly keyFields: number[];
  private batch = '';
  // The next quote at or after the record being read, in the bytes being read: one search a quote.
  private quoteBytes: Buffer | null = null;
  private nextQuote = -1;

  /** `file`: the file's number in the comparison, each row's first column (both files share one table). */
  constructor(
    private readonly columns: readonly string[],
    unionColumns: readonly string[],
    private readonly file = 0,
  ) {
    super({ readableHighWaterMark: BATCH_BYTES * 4 });
    this.hasher = new RecordHasher(columns, unionColumns);
    this.parcelField = columns.indexOf('parcel_id');
    this.shapeField = columns.indexOf('geometry_wkt');
    this.shapeHasher = new RecordHasher([], []);
    this.keyFields = keyFieldColumns(columns);
    this.keyFieldFilled = this.keyFields.map(() => 0);
    this.reader = new CsvRecordReader({
      header: (names) => this.checkHeader(names),
      record: (record) => this.record(record),
    });
  }

  get recordCount(): number {
    return this.reader.recordCount;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.reader.push(chunk);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.reader.end();
      this.flush();
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private checkHeader(names: string[]): void {
    // The header was read and checked before; a file replaced in between is another file.
    if (names.length !== this.columns.length || names.some((name, i) => name !== this.columns[i])) {
      throw new CsvFormatError('its header changed while it was read');
    }
  }

  private record(record: RecordView): void {
    const problem = fieldCountProblem(record, this.columns.length);
    if (problem) throw new CsvFormatError(problem);
    const { bytes, starts, ends } = record;
    this.hasher.hash(record, this.hasQuote(record));
    for (let k = 0; k < this.keyFields.length; k++) {
      const field = this.keyFields[k];
      if (field >= 0 && ends[field] > starts[field]) this.keyFieldFilled[k]++;
    }
    this.places.add(record.offset, record.end - record.start);
    const parcel = this.parcelField < 0 ? '' : bytes.toString('utf8', starts[this.parcelField], ends[this.parcelField]);
    this.batch += `${this.file}\t${record.number}\t${copyText(parcel)}\t${this.hasher.high}\t${this.hasher.low}\t${this.shapeHash(record)}\n`;
    if (this.batch.length >= BATCH_BYTES) this.flush();
  }

  /** The boundary's hash as COPY text (its two halves), or NULLs for a record without one. */
  private shapeHash({ bytes, starts, ends }: RecordView): string {
    const field = this.shapeField;
    if (field < 0 || ends[field] <= starts[field]) return '\\N\t\\N';
    this.shapeHasher.hashBytes(bytes, starts[field], ends[field]);
    return `${this.shapeHasher.high}\t${this.shapeHasher.low}`;
  }

  private hasQuote(record: RecordView): boolean {
    if (record.bytes !== this.quoteBytes || (this.nextQuote !== -1 && this.nextQuote < record.start)) {
      this.quoteBytes = record.bytes;
      this.nextQuote = record.bytes.indexOf(QUOTE, record.start);
    }
    return this.nextQuote !== -1 && this.nextQuote < record.end;
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    this.push(this.batch);
    this.batch = '';
  }
}
