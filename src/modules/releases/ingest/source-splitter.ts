import { createHash, Hash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants, gzipSync } from 'node:zlib';
import { KEY_FIELDS } from '../../../contracts/county-dataset';
import { CsvFormatError } from '../../data-schema';
import { DATA_FIELDS, FieldType } from '../../data-schema';
import { KeyFieldCounts, keyFieldCountsOf } from '../../data-schema';
import { CsvRecordReader, fieldCountProblem, RecordView } from '../../data-schema';
import { checkSourceHeader } from './source-inspector';
import { CountyPlace } from './county-place';
import { countShape, inspectShape, isValidValue, noShapeCounts, ShapeCounts } from '../../data-schema';

/**
 * Counties whose output is buffered at once; a record of another county flushes the least
 * recently used. Bounds memory (this × OUTPUT_BUFFER_BYTES) however many counties a file holds.
 */
export const OPEN_OUTPUTS = 32;
/** Uncompressed bytes a county gathers before they are compressed and appended to its file. */
const OUTPUT_BUFFER_BYTES = 256 * 1024;
/** Fast compression: the split must keep pace with reading; the files are stored once and downloaded often, but level 6 gains little on CSV. */
export const OUTPUT_GZIP_LEVEL = 2;
/** Distinct unknown county_fips values reported; more are summed up as "others". */
const UNKNOWN_FIPS_LISTED = 20;
/** Distinct unknown values counted; rows of values beyond them are counted among the others. */
export const UNKNOWN_FIPS_TRACKED = 10_000;
/**
 * Bytes of an unknown value kept (a FIPS code has 5): the first of them, marked as cut. So what
 * is kept of unknown values stays a few hundred KB however long the values of a file are.
 */
export const UNKNOWN_FIPS_KEPT_BYTES = 16;
const LF = 0x0a;
const CR = 0x0d;
const TYPE_FIELDS = new Map<string, FieldType>(DATA_FIELDS.map((field) => [field.name, field.type]));

/** One county's file as split out, with what its QA row records. */
export interface SplitCounty {
  fips: string;
  countyId: string;
  /** The gzip file on local disk. */
  path: string;
  bytes: number;
  sha256: string;
  records: number;
  keyFieldCounts: KeyFieldCounts;
  /** Invalid values by field; fields with none are left out. */
  invalidValues: Record<string, number>;
  invalidValueCount: number;
  foreignFipsRows: number;
  /** Its parcels' boundaries by what they are worth; null for a source without geometry_wkt. */
  shapeChecks: ShapeCounts | null;
  /**
   * Records set aside for their invalid boundary (a CSV file: the header, then those records as they
   * were), for ShapeRepair to make valid and add to `path`; null when none was.
   */
  setAsidePath: string | null;
}

export interface SplitOptions {
  /**
   * A GIS source without latitude and longitude: each record gets them, as the last two columns,
   * from its shape's centroid (read here anyway), empty for a record without a readable shape.
   */
  centroidsFromShapes?: boolean;
}

/** What the splitter routes: one county (rows of others are counted) or every county of a file by county_fips. */
export type SplitMode = { county: { id: string; fips: string } } | { counties: Map<string, string> };

class CountyOutput {
  buffer: Buffer | null = null;
  filled = 0;
  lastUsed = 0;
  bytes = 0;
  records = 0;
  foreign = 0;
  readonly hash: Hash = createHash('sha256');
  readonly keyFilled: Int32Array;
  readonly invalid: Int32Array;
  readonly shapes = noShapeCounts();
  /** Records with an invalid boundary, gathered before they are appended to the set-aside file. */
  setAside: Buffer[] = [];
  setAsideBytes = 0;
  setAsidePath: string | null = null;
  private place: CountyPlace | null = null;

  constructor(
    readonly fips: string,
    readonly countyId: string,
    readonly path: string,
    keyFields: number,
    columns: number,
  ) {
    this.keyFilled = new Int32Array(keyFields);
    this.invalid = new Int32Array(columns);
  }

  /** The county's drawn boundary, read when its first shape needs it. */
  get county(): CountyPlace {
    this.place ??= new CountyPlace(this.fips);
    return this.place;
  }
}

/**
 * Splits a source CSV, fed in chunks as it is read, into one gzip CSV per county (the header
 * line, then that county's records as they were, byte for byte) in a single pass, and takes
 * each county's QA facts on the way: records, key-field fill, invalid values by field, boundaries
 * by what they are worth. A record whose boundary is invalid is set aside in a file of its own
 * for ShapeRepair, which adds it to the county's file once repaired. A
 * county's file grows by gzip members appended to it (a valid gzip file, read by every gunzip),
 * so a county can be set aside and taken up again without holding it open.
 */
export class SourceSplitter {
  private readonly reader: CsvRecordReader;
  private columns: string[] = [];
  private headerLine = Buffer.alloc(0);
  private fipsColumn = -1;
  private keyColumns: number[] = [];
  private typedColumns: number[] = [];
  private typeOf: FieldType[] = [];
  private geometryColumn = -1;
  /** Whether each record is written with its shape's centroid added (SplitOptions.centroidsFromShapes). */
  private centroidAdded = false;
  private readonly outputs = new Map<string, CountyOutput>();
  private readonly open: CountyOutput[] = [];
  private readonly spareBuffers: Buffer[] = [];
  private clock = 0;
  private last: CountyOutput | null = null;
  private lastFips = Buffer.alloc(0);
  private readonly unknownFips = new Map<string, number>();
  private unknownRows = 0;
  private records = 0;

  constructor(
    private readonly mode: SplitMode,
    private readonly dir: string,
    private readonly options: SplitOptions = {},
  ) {
    this.reader = new CsvRecordReader({
      header: (columns) => this.header(columns),
      record: (record) => this.record(record),
    });
  }

  get recordsRead(): number {
    return this.records;
  }

  get countiesFound(): number {
    return this.outputs.size;
  }

  push(chunk: Buffer): void {
    this.reader.push(chunk);
  }

  /** The end of the source: every county's file complete, and what was left out. */
  end(): { counties: SplitCounty[]; errors: string[] } {
    this.reader.end();
    if (!this.reader.hasHeader) throw new CsvFormatError('The file is empty; it must start with the CSV header');
    for (const output of this.outputs.values()) {
      this.flush(output);
      this.flushSetAside(output);
    }
    const counties = [...this.outputs.values()].map((output) => this.facts(output));
    return { counties, errors: this.leftOut() };
  }

  private header(columns: string[]): void {
    // Refused on arrival by the API; checked again, since the worker reads what was staged.
    try {
      this.columns = checkSourceHeader(columns);
    } catch (error) {
      throw new CsvFormatError((error as Error).message);
    }
    this.fipsColumn = this.columns.indexOf('county_fips');
    this.geometryColumn = this.columns.indexOf('geometry_wkt');
    this.centroidAdded =
      this.options.centroidsFromShapes === true &&
      this.geometryColumn >= 0 &&
      !this.columns.includes('latitude') &&
      !this.columns.includes('longitude');
    const written = this.centroidAdded ? [...this.columns, 'latitude', 'longitude'] : this.columns;
    this.headerLine = Buffer.from(`${written.join(',')}\n`, 'utf8');
    this.keyColumns = KEY_FIELDS.map(({ field }) => this.columns.indexOf(field));
    this.typeOf = this.columns.map((name) => TYPE_FIELDS.get(name) ?? 'text');
    this.typedColumns = this.typeOf.flatMap((type, i) => (type === 'text' ? [] : [i]));
  }

  private record(record: RecordView): void {
    const problem = fieldCountProblem(record, this.columns.length);
    if (problem) throw new CsvFormatError(problem);
    this.records++;
    const { bytes, starts, ends } = record;
    const output = this.route(bytes, starts[this.fipsColumn], ends[this.fipsColumn]);
    if (!output) return;
    output.records++;
    const keyColumns = this.keyColumns;
    for (let k = 0; k < keyColumns.length; k++) {
      const column = keyColumns[k];
      if (column >= 0 && ends[column] > starts[column]) output.keyFilled[k]++;
    }
    const typed = this.typedColumns;
    for (let t = 0; t < typed.length; t++) {
      const column = typed[t];
      if (!isValidValue(this.typeOf[column], bytes, starts[column], ends[column])) output.invalid[column]++;
    }
    const geometry = this.geometryColumn;
    if (geometry >= 0) {
      const shape = inspectShape(bytes, starts[geometry], ends[geometry]);
      countShape(output.shapes, shape);
      if (shape.verdict === 'shape') output.county.check(shape, output.shapes);
      if (this.centroidAdded) {
        // A shape set aside gets its centroid once repaired (ShapeRepair fills the empty pair).
        const centroid = shape.verdict === 'shape' ? `,${shape.lat.toFixed(7)},${shape.lon.toFixed(7)}` : ',,';
        const line = withFieldsAdded(bytes, record.start, record.end, centroid);
        if (shape.verdict === 'invalid') return this.setAside(output, line, 0, line.length);
        return this.write(output, line, 0, line.length);
      }
      if (shape.verdict === 'invalid') return this.setAside(output, bytes, record.start, record.end);
    }
    this.write(output, bytes, record.start, record.end);
  }

  /** Keeps a record whose boundary is invalid out of the county's file, for its repair after the split. */
  private setAside(output: CountyOutput, bytes: Buffer, start: number, end: number): void {
    if (!output.setAsidePath) {
      output.setAsidePath = join(this.dir, `${output.fips}.set-aside.csv`);
      appendFileSync(output.setAsidePath, this.headerLine);
    }
    output.setAside.push(Buffer.from(bytes.subarray(start, end)));
    if (bytes[end - 1] !== LF) output.setAside.push(Buffer.from('\n'));
    output.setAsideBytes += end - start + 1;
    if (output.setAsideBytes >= OUTPUT_BUFFER_BYTES) this.flushSetAside(output);
  }

  private flushSetAside(output: CountyOutput): void {
    if (output.setAside.length === 0) return;
    appendFileSync(output.setAsidePath!, Buffer.concat(output.setAside));
    output.setAside = [];
    output.setAsideBytes = 0;
  }

  /** The output of the record's county, or null for a record left out (counted). */
  private route(bytes: Buffer, start: number, end: number): CountyOutput | null {
    // Files come sorted by county more often than not: the last county's bytes are compared first.
    const length = end - start;
    if (this.last && length === this.lastFips.length && bytes.compare(this.lastFips, 0, length, start, end) === 0) {
      return this.last;
    }
    if (length > UNKNOWN_FIPS_KEPT_BYTES) {
      // No county has such a code: it is not made a string whole, only its first bytes are kept.
      if ('county' in this.mode) this.ownOutput().foreign++;
      else this.countUnknown(`${bytes.toString('utf8', start, start + UNKNOWN_FIPS_KEPT_BYTES)}…`);
      return null;
    }
    const fips = bytes.toString('utf8', start, end);
    let output = this.outputs.get(fips) ?? null;
    if (!output) {
      if ('county' in this.mode) {
        const own = this.ownOutput();
        if (fips !== this.mode.county.fips) {
          own.foreign++;
          return null;
        }
        output = own;
      } else {
        const countyId = this.mode.counties.get(fips);
        if (!countyId) {
          this.countUnknown(fips);
          return null;
        }
        output = this.newOutput(fips, countyId);
      }
    }
    this.last = output;
    this.lastFips = Buffer.from(bytes.subarray(start, end));
    return output;
  }

  private countUnknown(value: string): void {
    this.unknownRows++;
    if (this.unknownFips.has(value) || this.unknownFips.size < UNKNOWN_FIPS_TRACKED) {
      this.unknownFips.set(value, (this.unknownFips.get(value) ?? 0) + 1);
    }
  }

  private ownOutput(): CountyOutput {
    const { id, fips } = (this.mode as { county: { id: string; fips: string } }).county;
    return this.outputs.get(fips) ?? this.newOutput(fips, id);
  }

  private newOutput(fips: string, countyId: string): CountyOutput {
    // The FIPS code names a file: only digits reach here (a county's code, from the database).
    const output = new CountyOutput(
      fips,
      countyId,
      join(this.dir, `${fips}.csv.gz`),
      KEY_FIELDS.length,
      this.columns.length,
    );
    this.outputs.set(fips, output);
    this.write(output, this.headerLine, 0, this.headerLine.length);
    return output;
  }

  private write(output: CountyOutput, bytes: Buffer, start: number, end: number): void {
    const lineBreak = bytes[end - 1] === LF ? 0 : 1;
    const length = end - start + lineBreak;
    if (!output.buffer) this.take(output);
    else if (output.filled + length > OUTPUT_BUFFER_BYTES) this.flush(output);
    output.lastUsed = ++this.clock;
    const buffer = output.buffer!;
    if (length > buffer.length) {
      // A record larger than the buffer (up to the reader's limit) is a member of its own.
      this.append(output, Buffer.concat([bytes.subarray(start, end), Buffer.from('\n')]));
      return;
    }
    bytes.copy(buffer, output.filled, start, end);
    output.filled += end - start;
    if (lineBreak) buffer[output.filled++] = LF;
  }

  /** Gives the output a buffer, setting aside the least recently used output when OPEN_OUTPUTS are open. */
  private take(output: CountyOutput): void {
    if (this.open.length >= OPEN_OUTPUTS) {
      let oldest = 0;
      for (let i = 1; i < this.open.length; i++) if (this.open[i].lastUsed < this.open[oldest].lastUsed) oldest = i;
      const evicted = this.open[oldest];
      this.flush(evicted);
      this.open.splice(oldest, 1);
      this.spareBuffers.push(evicted.buffer!);
      evicted.buffer = null;
    }
    output.buffer = this.spareBuffers.pop() ?? Buffer.allocUnsafe(OUTPUT_BUFFER_BYTES);
    output.filled = 0;
    this.open.push(output);
  }

  private flush(output: CountyOutput): void {
    if (output.buffer && output.filled > 0) {
      this.append(output, output.buffer.subarray(0, output.filled));
      output.filled = 0;
    }
  }

  /** Appends one gzip member; the file's hash follows it, as its bytes are only ever appended. */
  private append(output: CountyOutput, bytes: Buffer): void {
    const member = countyFileMember(bytes);
    appendFileSync(output.path, member);
    output.hash.update(member);
    output.bytes += member.length;
  }

  private facts(output: CountyOutput): SplitCounty {
    const invalidValues: Record<string, number> = {};
    let invalidValueCount = 0;
    output.invalid.forEach((count, column) => {
      if (count > 0) {
        invalidValues[this.columns[column]] = count;
        invalidValueCount += count;
      }
    });
    return {
      fips: output.fips,
      countyId: output.countyId,
      path: output.path,
      bytes: output.bytes,
      sha256: output.hash.digest('hex'),
      records: output.records,
      keyFieldCounts: keyFieldCountsOf([...output.keyFilled]),
      invalidValues,
      invalidValueCount,
      foreignFipsRows: output.foreign,
      shapeChecks: this.geometryColumn >= 0 ? output.shapes : null,
      setAsidePath: output.setAsidePath,
    };
  }

  /** Rows of counties not on record, in words staff can act on. */
  private leftOut(): string[] {
    if (this.unknownRows === 0) return [];
    const listed = [...this.unknownFips.entries()].sort((a, b) => b[1] - a[1]);
    const shown = listed.slice(0, UNKNOWN_FIPS_LISTED).map(([fips, rows]) => `"${fips}" (${plural(rows, 'row')})`);
    const otherRows = this.unknownRows - listed.slice(0, UNKNOWN_FIPS_LISTED).reduce((sum, [, rows]) => sum + rows, 0);
    const others = otherRows > 0 ? `, and ${plural(otherRows, 'row')} of other codes` : '';
    return [
      `${plural(this.unknownRows, 'row')} left out: their county_fips is no county on record: ${shown.join(', ')}${others}`,
    ];
  }
}

/** One more gzip member of a county's file: what the splitter, and ShapeRepair after it, append. */
export function countyFileMember(bytes: Buffer): Buffer {
  return gzipSync(bytes, { level: OUTPUT_GZIP_LEVEL, strategy: zlibConstants.Z_DEFAULT_STRATEGY });
}

/** The record with more fields after its last one, and one line break. */
function withFieldsAdded(bytes: Buffer, start: number, end: number, fields: string): Buffer {
  let last = end;
  if (bytes[last - 1] === LF) last--;
  if (bytes[last - 1] === CR) last--;
  return Buffer.concat([bytes.subarray(start, last), Buffer.from(`${fields}\n`, 'latin1')]);
}

const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
