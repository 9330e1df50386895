import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { FileKind } from '../../contracts/dataset-formats';
import { CHANGE_COLUMNS, DATA_FIELDS, FieldType } from '../data-schema';
import { CsvRecordReader, RecordView } from '../data-schema';
import { isValidValue } from '../data-schema';
import { polygonalWkb } from './wkt-to-wkb';

/** A column of a converted file: a schema field (or a change file's `change`, `change_types`, `changed_fields`), with its type. */
export interface OutputField {
  name: string;
  type: FieldType;
}

/** The schema field of the parcel boundary (`geometry_wkt`): the geometry of a converted file, not a column of it. */
export const BOUNDARY_FIELD = DATA_FIELDS.find((field) => field.type === 'geometry')!.name;

/**
 * The attribute columns of every converted file of a kind, in file order: every schema field,
 * whichever a county fills, but the boundary, which is the file's geometry.
 */
export function outputFields(kind: FileKind): OutputField[] {
  const fields = DATA_FIELDS.filter((field) => field.type !== 'geometry').map(({ name, type }) => ({ name, type }));
  const change: OutputField[] = CHANGE_COLUMNS.map((name) => ({ name, type: 'text' }));
  return kind === 'changes' ? [...change, ...fields] : fields;
}

/**
 * The columns the normalized CSV adds after the fields. For GDAL: the point (`__x`, `__y`) and the
 * boundary's WKT as the county gave it (`__wkt`); ogr2ogr is told which to read once the whole
 * county has been seen. For Parquet: the point's and the boundary's WKB in hex, and the boundary's
 * extent.
 */
export const GEOMETRY_X = '__x';
export const GEOMETRY_Y = '__y';
export const GEOMETRY_WKT = '__wkt';
export const POINT_WKB = '__point';
export const SHAPE_WKB = '__shape';
export const SHAPE_BBOX = ['__xmin', '__ymin', '__xmax', '__ymax'] as const;

/** What was seen of each column's values: the widths a Shapefile's fixed-width columns need. */
export interface ColumnStats {
  /** Longest value in UTF-8 bytes (text), or characters (numbers). */
  maxBytes: number;
  /** Most digits before the point, a minus sign counted (decimal and money). */
  maxIntegerChars: number;
  /** Most digits after the point (decimal and money). */
  maxFractionDigits: number;
}

export interface NormalizedCsv {
  records: number;
  /** Per output field, in order. */
  stats: ColumnStats[];
  /** Records with a point geometry, and their extent (null when none has one). */
  located: number;
  bbox: [minX: number, minY: number, maxX: number, maxY: number] | null;
  /** Records with a boundary that reads as a polygon or multipolygon, and their extent (null when none has one). */
  shapes: number;
  shapesBbox: [minX: number, minY: number, maxX: number, maxY: number] | null;
  /** Records whose boundary has more than one polygon. */
  multipart: number;
  /** Values not valid for their field's type, left empty. */
  invalidValues: number;
}

export interface NormalizeOptions {
  kind: FileKind;
  /** The header's name for each output field (a Shapefile's short names); the field's own by default. */
  header?: (field: OutputField) => string;
  /** Adds the geometry columns for GDAL (`__x`, `__y`, `__wkt`) or for Parquet (hex WKB and the extent). */
  geometry: 'gdal' | 'wkb';
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const DOT = 0x2e;
const MINUS = 0x2d;
const CHUNK = 1 << 20;
const SHORT = 48;
/** Digits a BIGINT holds surely, and a money DECIMAL(18,2)'s integer digits. */
const MAX_INTEGER_DIGITS = 18;
const MAX_MONEY_INTEGER_DIGITS = 16;

const ONE = 0x31;
const ZERO = 0x30;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
const TRUE_WORD = [0x74, 0x72, 0x75, 0x65];
const FALSE_WORD = [0x66, 0x61, 0x6c, 0x73, 0x65];

/** `true` or `false` in any letter case, as value-checks.ts accepts them, read from the bytes; else null. */
function booleanOf(bytes: Buffer, start: number, end: number): boolean | null {
  const word = end - start === 4 ? TRUE_WORD : end - start === 5 ? FALSE_WORD : null;
  if (!word) return null;
  for (let i = 0; i < word.length; i++) if ((bytes[start + i] | 0x20) !== word[i]) return null;
  return word === TRUE_WORD;
}

/**
 * Rewrites a county's CSV (the decompressed bytes, streamed) as the one CSV every converter reads:
 * every output field in schema order (a field the county does not record is empty), each typed value
 * checked as ingest checks it (docs: value-checks.ts) and left empty when invalid, so that it becomes
 * null in a typed column and never fails a conversion; booleans as 1/0; the point geometry from
 * `latitude`/`longitude` when both are valid and on the globe, else none; and the boundary from
 * `geometry_wkt` when it reads as a polygon or multipolygon (else none: empty, malformed or another
 * kind of shape). It counts the boundaries and the multipart ones as it goes, so that once it has
 * finished the converter knows whether the county has shapes at all and whether its layer must be
 * MultiPolygon, without a second pass over the county. Streams: holds one chunk.
 */
export async function writeNormalizedCsv(
  source: Readable,
  path: string,
  options: NormalizeOptions,
): Promise<NormalizedCsv> {
  const fields = outputFields(options.kind);
  const out = createWriteStream(path);
  const pieces: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(CHUNK);
  let at = 0;
  const reserve = (bytes: number) => {
    if (at + bytes <= buffer.length) return;
    pieces.push(buffer.subarray(0, at));
    buffer = Buffer.allocUnsafe(Math.max(CHUNK, bytes));
    at = 0;
  };
  const put = (bytes: Buffer, start = 0, end = bytes.length) => {
    reserve(end - start);
    // Most values are a few bytes: a loop beats Buffer.copy's native call for them (the hot path).
    if (end - start < SHORT) {
      for (let i = start; i < end; i++) buffer[at++] = bytes[i];
    } else {
      at += bytes.copy(buffer, at, start, end);
    }
  };
  const putByte = (byte: number) => {
    reserve(1);
    buffer[at++] = byte;
  };
  const putText = (text: string) => put(Buffer.from(text, 'utf8'));
  const putHex = (bytes: Buffer) => {
    reserve(bytes.length * 2);
    for (let i = 0; i < bytes.length; i++) {
      buffer[at++] = HEX[bytes[i] >> 4];
      buffer[at++] = HEX[bytes[i] & 15];
    }
  };

  const stats: ColumnStats[] = fields.map(() => ({ maxBytes: 0, maxIntegerChars: 0, maxFractionDigits: 0 }));
  const result: NormalizedCsv = {
    records: 0,
    stats,
    located: 0,
    bbox: null,
    shapes: 0,
    shapesBbox: null,
    multipart: 0,
    invalidValues: 0,
  };
  let sourceColumn = new Int32Array(fields.length).fill(-1);
  let latitude = -1;
  let longitude = -1;
  let boundary = -1;
  const pointWkb = Buffer.alloc(21);
  pointWkb[0] = 1; // little endian
  pointWkb.writeUInt32LE(1, 1); // Point

  const header = () => {
    const names = fields.map((field) => csvText(options.header ? options.header(field) : field.name));
    names.push(
      ...(options.geometry === 'gdal' ? [GEOMETRY_X, GEOMETRY_Y, GEOMETRY_WKT] : [POINT_WKB, SHAPE_WKB, ...SHAPE_BBOX]),
    );
    putText(`${names.join(',')}\n`);
  };

  const coordinate = (record: RecordView, column: number, limit: number): number | null => {
    if (column < 0 || column >= record.fields) return null;
    const start = record.starts[column];
    const end = record.ends[column];
    if (end <= start || !isValidValue('decimal', record.bytes, start, end)) return null;
    const value = Number(record.bytes.toString('latin1', start, end));
    return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
  };

  const reader = new CsvRecordReader({
    header: (columns) => {
      const names = columns.map((name) => name.trim());
      sourceColumn = Int32Array.from(fields, (field) => names.indexOf(field.name));
      latitude = names.indexOf('latitude');
      longitude = names.indexOf('longitude');
      boundary = names.indexOf(BOUNDARY_FIELD);
      header();
    },
    record: (record) => {
      result.records++;
      const { bytes, starts, ends } = record;
      for (let f = 0; f < fields.length; f++) {
        if (f > 0) putByte(COMMA);
        const column = sourceColumn[f];
        if (column < 0 || column >= record.fields) continue;
        const start = starts[column];
        const end = ends[column];
        if (end <= start) continue;
        const type = fields[f].type;
        const stat = stats[f];
        if (type === 'text') {
          writeText(record, column, put, putByte);
          if (end - start > stat.maxBytes) stat.maxBytes = end - start;
          continue;
        }
        if (type === 'boolean') {
          const value = booleanOf(bytes, start, end);
          if (value === null) {
            result.invalidValues++;
          } else {
            putByte(value ? ONE : ZERO);
            if (stat.maxBytes < 1) stat.maxBytes = 1;
          }
          continue;
        }
        if (!isValidValue(type, bytes, start, end) || tooLarge(type, bytes, start, end)) {
          result.invalidValues++;
          continue;
        }
        put(bytes, start, end);
        if (end - start > stat.maxBytes) stat.maxBytes = end - start;
        if (type === 'decimal' || type === 'money') {
          const dot = bytes.indexOf(DOT, start);
          const point = dot === -1 || dot >= end ? end : dot;
          const integerChars = Math.max(point - start, 1) + (point === start + 1 && bytes[start] === MINUS ? 1 : 0);
          if (integerChars > stat.maxIntegerChars) stat.maxIntegerChars = integerChars;
          const fraction = point === end ? 0 : end - point - 1;
          if (fraction > stat.maxFractionDigits) stat.maxFractionDigits = fraction;
        } else if (end - start > stat.maxIntegerChars) {
          stat.maxIntegerChars = end - start;
        }
      }
      const y = coordinate(record, latitude, 90);
      const x = y === null ? null : coordinate(record, longitude, 180);
      putByte(COMMA);
      if (x !== null && y !== null) {
        result.located++;
        const box = (result.bbox ??= [x, y, x, y]);
        if (x < box[0]) box[0] = x;
        if (y < box[1]) box[1] = y;
        if (x > box[2]) box[2] = x;
        if (y > box[3]) box[3] = y;
        if (options.geometry === 'gdal') {
          putText(`${x},${y}`);
        } else {
          pointWkb.writeDoubleLE(x, 5);
          pointWkb.writeDoubleLE(y, 13);
          putHex(pointWkb);
        }
      } else if (options.geometry === 'gdal') {
        putByte(COMMA);
      }
      putByte(COMMA);
      const shape =
        boundary >= 0 && boundary < record.fields && ends[boundary] > starts[boundary]
          ? polygonalWkb(bytes, starts[boundary], ends[boundary])
          : null;
      if (shape) {
        result.shapes++;
        if (shape.parts > 1) result.multipart++;
        const box = (result.shapesBbox ??= [shape.xmin, shape.ymin, shape.xmax, shape.ymax]);
        if (shape.xmin < box[0]) box[0] = shape.xmin;
        if (shape.ymin < box[1]) box[1] = shape.ymin;
        if (shape.xmax > box[2]) box[2] = shape.xmax;
        if (shape.ymax > box[3]) box[3] = shape.ymax;
        if (options.geometry === 'gdal') {
          // GDAL reads the WKT itself (and drops Z/M, -dim XY): it is copied as the county gave it.
          writeText(record, boundary, put, putByte);
        } else {
          putHex(shape.wkb);
          putText(`,${shape.xmin},${shape.ymin},${shape.xmax},${shape.ymax}`);
        }
      } else if (options.geometry === 'wkb') {
        for (let i = 0; i < SHAPE_BBOX.length; i++) putByte(COMMA);
      }
      putByte(LF);
    },
  });

  /** Writes what is gathered once there is a good deal of it (or at the end): one write per megabyte, not per chunk read. */
  const flush = async (all: boolean) => {
    if (at > 0 && (all || at >= CHUNK / 2)) {
      pieces.push(buffer.subarray(0, at));
      buffer = Buffer.allocUnsafe(CHUNK);
      at = 0;
    }
    for (const piece of pieces.splice(0)) {
      if (!out.write(piece)) await once(out, 'drain');
    }
  };

  try {
    for await (const chunk of source) {
      reader.push(chunk as Buffer);
      await flush(false);
    }
    reader.end();
    if (!reader.hasHeader) header();
    await flush(true);
    out.end();
    await once(out, 'finish');
  } catch (error) {
    out.destroy();
    throw error;
  }
  return result;
}

/** Too large for the typed column: an integer past BIGINT, money past DECIMAL(18,2). */
function tooLarge(type: FieldType, bytes: Buffer, start: number, end: number): boolean {
  if (type !== 'integer' && type !== 'money') return false;
  const sign = bytes[start] === MINUS ? 1 : 0;
  if (type === 'integer') return end - start - sign > MAX_INTEGER_DIGITS;
  const dot = bytes.indexOf(DOT, start);
  const point = dot === -1 || dot >= end ? end : dot;
  return point - start - sign > MAX_MONEY_INTEGER_DIGITS;
}

/**
 * A text value as CSV: a field quoted in the source keeps its quotes (its doubled quotes are kept as
 * they are); an unquoted one that needs quotes gets them.
 */
function writeText(
  record: RecordView,
  column: number,
  put: (bytes: Buffer, start?: number, end?: number) => void,
  putByte: (byte: number) => void,
): void {
  const { bytes } = record;
  const start = record.starts[column];
  const end = record.ends[column];
  const quoted = start > record.start && bytes[start - 1] === QUOTE;
  if (quoted) {
    putByte(QUOTE);
    put(bytes, start, end);
    putByte(QUOTE);
    return;
  }
  let special = false;
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE || byte === COMMA || byte === LF || byte === CR) {
      special = true;
      break;
    }
  }
  if (!special) {
    put(bytes, start, end);
    return;
  }
  put(Buffer.from(csvText(bytes.toString('utf8', start, end)), 'utf8'));
}

function csvText(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
