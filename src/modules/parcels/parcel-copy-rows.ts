import { Transform, type TransformCallback } from 'node:stream';
import { copyText } from '../../database/copy-text';
import { CsvRecordReader, fieldValue, isQuoted, type RecordView } from '../data-schema';
import { boundaryOf } from './boundary-wkt';
import { normalizeAddress, normalizeOwnerName, parcelKey } from '../../common/search-text';

/** The parcels table's columns in the order each COPY row writes them. */
export const PARCEL_COPY_COLUMNS = [
  'parcel_key',
  'record_number',
  'state',
  'county_id',
  'county_fips',
  'release',
  'dataset_id',
  'parcel_id',
  'geom',
  'centroid',
  'site_address_search',
  'owner_name_search',
  'fields',
] as const;

/** The county file being loaded: what every one of its rows carries. */
export interface LoadedFile {
  countyId: string;
  countyFips: string;
  state: string;
  release: string;
  datasetId: string;
}

/** What the rows written so far held. */
export interface CopyCounts {
  parcels: number;
  shapes: number;
  unreadableShapes: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
/** Rows are handed on in batches of about this much, for few, cheap writes to the COPY. */
const BATCH_BYTES = 1024 * 1024;
/** A record of a county file with a large boundary: far more than any, still bounded. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;
const HEX = '0123456789abcdef';

/**
 * Turns a county CSV, as it streams, into COPY rows (text format) of the parcels table: one row a
 * record, the record's fields as a JSON object written byte by byte (no string is made of a field
 * that needs none), the boundary checked and written as EWKT, the centroid from latitude/longitude.
 * Holds one record and one batch of rows at a time.
 */
export class ParcelCopyRows extends Transform {
  readonly counts: CopyCounts = { parcels: 0, shapes: 0, unreadableShapes: 0 };
  private readonly reader: CsvRecordReader;
  private readonly constants: Buffer;
  private out = Buffer.allocUnsafe(BATCH_BYTES * 2);
  private at = 0;
  /** Per column: `"name":` as written in the JSON, or null for a column kept out of it. */
  private keys: (Buffer | null)[] = [];
  private column = { parcelId: -1, parcelIdUnformatted: -1, latitude: -1, longitude: -1, wkt: -1, site: -1, owner: -1 };

  constructor(private readonly file: LoadedFile) {
    super();
    // state, county_id, county_fips, release, dataset_id: the same in every row.
    this.constants = Buffer.from(
      [file.state, file.countyId, file.countyFips, file.release, file.datasetId].map(copyText).join('\t'),
    );
    this.reader = new CsvRecordReader(
      { header: (columns) => this.header(columns), record: (record) => this.record(record) },
      MAX_RECORD_BYTES,
    );
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.reader.push(chunk);
      this.flush(BATCH_BYTES);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.reader.end();
      this.flush(0);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  private header(columns: string[]): void {
    const at = (name: string) => columns.indexOf(name);
    this.column = {
      parcelId: at('parcel_id'),
      parcelIdUnformatted: at('parcel_id_unformatted'),
      latitude: at('latitude'),
      longitude: at('longitude'),
      wkt: at('geometry_wkt'),
      site: at('site_address'),
      owner: at('owner_name'),
    };
    // The boundary is the geom column; JSON keys need no COPY escaping beyond JSON's own (schema names are plain).
    this.keys = columns.map((name, i) =>
      i === this.column.wkt ? null : Buffer.from(`${JSON.stringify(name).replace(/\\/g, '\\\\')}:`),
    );
  }

  private record(record: RecordView): void {
    const counts = this.counts;
    counts.parcels++;
    const value = (column: number) => fieldValue(record, column);
    const parcelNumber = value(this.column.parcelId) || value(this.column.parcelIdUnformatted);
    const boundary = this.column.wkt >= 0 ? boundaryOf(value(this.column.wkt)) : { kind: 'none' as const };
    if (boundary.kind === 'shape') counts.shapes++;
    else if (boundary.kind === 'unreadable') counts.unreadableShapes++;
    this.writeText(`${copyText(parcelKey(this.file.countyFips, parcelNumber))}\t${record.number}\t`);
    this.writeBytes(this.constants);
    this.writeText(
      `\t${parcelNumber ? copyText(parcelNumber) : '\\N'}` +
        `\t${boundary.kind === 'shape' ? boundary.ewkt : '\\N'}` +
        `\t${centroidOf(value(this.column.latitude), value(this.column.longitude)) ?? '\\N'}` +
        `\t${copyOrNull(normalizeAddress(value(this.column.site)))}` +
        `\t${copyOrNull(normalizeOwnerName(value(this.column.owner)))}\t`,
    );
    this.writeFields(record);
    this.ensure(1);
    this.out[this.at++] = LF;
  }

  /** The record's fields with a value as one JSON object, escaped for JSON and then for COPY's text format. */
  private writeFields(record: RecordView): void {
    const { bytes, starts, ends } = record;
    const columns = Math.min(record.fields, this.keys.length);
    this.ensure(2);
    this.out[this.at++] = 0x7b; // {
    let first = true;
    for (let i = 0; i < columns; i++) {
      const key = this.keys[i];
      const start = starts[i];
      const end = ends[i];
      if (key === null || start === end) continue;
      const quoted = isQuoted(record, i);
      // At worst each byte becomes \\u00XX (7 bytes).
      this.ensure(key.length + 4 + (end - start) * 7);
      const out = this.out;
      let at = this.at;
      if (!first) out[at++] = 0x2c; // ,
      first = false;
      at += key.copy(out, at);
      out[at++] = QUOTE;
      for (let j = start; j < end; j++) {
        const byte = bytes[j];
        if (byte >= 0x20 && byte !== QUOTE && byte !== BACKSLASH) {
          out[at++] = byte;
        } else if (byte === QUOTE) {
          // A quoted field's "" is one quote; JSON writes it \" and COPY doubles the backslash.
          if (quoted) j++;
          out[at++] = BACKSLASH;
          out[at++] = BACKSLASH;
          out[at++] = QUOTE;
        } else if (byte === BACKSLASH) {
          at += out.write('\\\\\\\\', at, 'latin1');
        } else if (byte !== 0) {
          // Control characters as \u00XX (NUL is dropped: jsonb cannot hold it).
          at += out.write(`\\\\u00${HEX[byte >> 4]}${HEX[byte & 15]}`, at, 'latin1');
        }
      }
      out[at++] = QUOTE;
      this.at = at;
    }
    this.out[this.at++] = 0x7d; // }
  }

  private writeText(text: string): void {
    this.ensure(Buffer.byteLength(text));
    this.at += this.out.write(text, this.at, 'utf8');
  }

  private writeBytes(bytes: Buffer): void {
    this.ensure(bytes.length);
    this.at += bytes.copy(this.out, this.at);
  }

  private ensure(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes + BATCH_BYTES));
    this.out.copy(grown, 0, 0, this.at);
    this.out = grown;
  }

  /** Hands on the rows written once there are at least `least` bytes of them. */
  private flush(least: number): void {
    if (this.at === 0 || this.at < least) return;
    this.push(Buffer.from(this.out.subarray(0, this.at)));
    this.at = 0;
    // A batch grown for one huge record is let go again.
    if (this.out.length > BATCH_BYTES * 4) this.out = Buffer.allocUnsafe(BATCH_BYTES * 2);
  }
}

const copyOrNull = (text: string | null) => (text === null ? '\\N' : copyText(text));

/** The record's latitude/longitude as an EWKT point, or null when either is missing or out of range. */
function centroidOf(latitude: string, longitude: string): string | null {
  if (latitude === '' || longitude === '') return null;
  const lat = Number(latitude);
  const lon = Number(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return `SRID=4326;POINT(${lon} ${lat})`;
}
