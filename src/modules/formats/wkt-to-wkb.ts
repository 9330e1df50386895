/**
 * A parcel boundary's WKT (POLYGON or MULTIPOLYGON, as `geometry_wkt` carries it) read from the bytes
 * of a CSV value and written as little-endian 2D WKB, for GeoParquet. It runs once per parcel of a
 * county, so it reads the bytes in place (no string per value, numbers parsed by hand) and writes
 * into one reused buffer.
 */

/** A boundary as read: its WKB (valid until the next call), how many polygons, and its extent. */
export interface PolygonalShape {
  wkb: Buffer;
  /** Polygons in the shape: 1 for a POLYGON, and for a MULTIPOLYGON of one part (written as a Polygon). */
  parts: number;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

const WKB_POLYGON = 3;
const WKB_MULTIPOLYGON = 6;
const OPEN = 0x28;
const CLOSE = 0x29;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const POLYGON = 'POLYGON';
const MULTIPOLYGON = 'MULTIPOLYGON';
/** Digits an integer mantissa holds exactly (below 2^53), and the powers of ten that are exact doubles. */
const MAX_EXACT_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);

const isSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
const isLetter = (byte: number) => ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) || byte === 0x5f;

class Reader {
  at: number;
  constructor(
    readonly bytes: Buffer,
    start: number,
    readonly end: number,
  ) {
    this.at = start;
  }

  skipSpace(): void {
    while (this.at < this.end && isSpace(this.bytes[this.at])) this.at++;
  }

  /** The next word, upper case ('' when the next thing is not a letter). */
  word(): string {
    this.skipSpace();
    const start = this.at;
    while (this.at < this.end && isLetter(this.bytes[this.at])) this.at++;
    return this.bytes.toString('latin1', start, this.at).toUpperCase();
  }

  /** Consumes `byte` after optional space; false (nothing consumed but space) when it is not next. */
  take(byte: number): boolean {
    this.skipSpace();
    if (this.at < this.end && this.bytes[this.at] === byte) {
      this.at++;
      return true;
    }
    return false;
  }

  /**
   * A decimal number as Number() reads it. Digits without an exponent become an integer mantissa
   * divided by a power of ten: both exact, so the one division rounds as Number() would.
   */
  number(): number {
    this.skipSpace();
    const { bytes, end } = this;
    const start = this.at;
    let i = start;
    let negative = false;
    if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) negative = bytes[i++] === MINUS;
    let mantissa = 0;
    let digits = 0;
    let fraction = 0;
    let seenDot = false;
    for (; i < end; i++) {
      const byte = bytes[i];
      if (byte >= ZERO && byte <= NINE) {
        mantissa = mantissa * 10 + (byte - ZERO);
        digits++;
        if (seenDot) fraction++;
      } else if (byte === DOT && !seenDot) {
        seenDot = true;
      } else {
        break;
      }
    }
    if (digits === 0) return NaN;
    const exponent = i < end && (bytes[i] | 0x20) === 0x65;
    if (!exponent && digits <= MAX_EXACT_DIGITS) {
      this.at = i;
      const value = fraction === 0 ? mantissa : mantissa / POWERS_OF_TEN[fraction];
      return negative ? -value : value;
    }
    // Rare: an exponent or more digits than a double holds exactly; Number() reads it.
    if (exponent) {
      i++;
      if (i < end && (bytes[i] === MINUS || bytes[i] === PLUS)) i++;
      while (i < end && bytes[i] >= ZERO && bytes[i] <= NINE) i++;
    }
    this.at = i;
    return Number(bytes.toString('latin1', start, i));
  }
}

/** The reused output: grows to the largest shape seen, never shrinks. */
let out = Buffer.alloc(64 * 1024);
let length = 0;

function ensure(bytes: number): void {
  if (length + bytes <= out.length) return;
  const larger = Buffer.alloc(Math.max(out.length * 2, length + bytes));
  out.copy(larger, 0, 0, length);
  out = larger;
}

function putHeader(type: number): void {
  ensure(9);
  out[length] = 1; // little endian
  out.writeUInt32LE(type, length + 1);
  length += 9; // the count is written once known
}

interface Extent {
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

/**
 * One polygon's `((x y, …), (…))`, written as a WKB Polygon; false when it is not well formed. Extra
 * ordinates (Z, M) are read and dropped: the formats are 2D.
 */
function polygon(reader: Reader, extent: Extent): boolean {
  if (!reader.take(OPEN)) return false;
  putHeader(WKB_POLYGON);
  const countAt = length - 4;
  let rings = 0;
  do {
    if (!reader.take(OPEN)) return false;
    ensure(4);
    const pointsAt = length;
    length += 4;
    let points = 0;
    do {
      const x = reader.number();
      const y = reader.number();
      if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
      while (!reader.take(COMMA) && !(reader.at < reader.end && reader.bytes[reader.at] === CLOSE)) {
        if (reader.at >= reader.end || !Number.isFinite(reader.number())) return false;
      }
      ensure(16);
      out.writeDoubleLE(x, length);
      out.writeDoubleLE(y, length + 8);
      length += 16;
      points++;
      if (x < extent.xmin) extent.xmin = x;
      if (y < extent.ymin) extent.ymin = y;
      if (x > extent.xmax) extent.xmax = x;
      if (y > extent.ymax) extent.ymax = y;
    } while (!reader.take(CLOSE));
    out.writeUInt32LE(points, pointsAt);
    rings++;
  } while (reader.take(COMMA));
  if (!reader.take(CLOSE)) return false;
  out.writeUInt32LE(rings, countAt);
  return true;
}

/**
 * Reads the WKT in bytes [start, end): a POLYGON or MULTIPOLYGON (any letter case, an optional
 * Z/M/ZM tag) with its coordinates. Null when it is empty (`POLYGON EMPTY`, no polygons) or not well
 * formed: such a parcel has no shape in the converted files, as GDAL reads it too. A MULTIPOLYGON of
 * one polygon is written as that Polygon, so a county is multipart only where a parcel truly is.
 */
export function polygonalWkb(bytes: Buffer, start: number, end: number): PolygonalShape | null {
  const reader = new Reader(bytes, start, end);
  const tag = reader.word();
  if (tag !== POLYGON && tag !== MULTIPOLYGON) return null;
  const at = reader.at;
  const dimension = reader.word();
  if (dimension === 'EMPTY') return null;
  if (dimension !== 'Z' && dimension !== 'M' && dimension !== 'ZM') reader.at = at;
  const extent: Extent = { xmin: Infinity, ymin: Infinity, xmax: -Infinity, ymax: -Infinity };
  length = 0;
  let parts = 1;
  if (tag === POLYGON) {
    if (!polygon(reader, extent)) return null;
  } else {
    if (!reader.take(OPEN)) return null;
    putHeader(WKB_MULTIPOLYGON);
    parts = 0;
    do {
      if (!polygon(reader, extent)) return null;
      parts++;
    } while (reader.take(COMMA));
    if (!reader.take(CLOSE)) return null;
    out.writeUInt32LE(parts, 5);
  }
  reader.skipSpace();
  if (reader.at !== end) return null;
  // A MULTIPOLYGON of one polygon: that polygon's own WKB follows the 9-byte multi header.
  const wkb = parts === 1 && tag === MULTIPOLYGON ? out.subarray(9, length) : out.subarray(0, length);
  return { wkb, parts, ...extent };
}

/** The same on a string, for tests and callers that have one. */
export function polygonalWkbOf(wkt: string): PolygonalShape | null {
  const bytes = Buffer.from(wkt, 'latin1');
  return polygonalWkb(bytes, 0, bytes.length);
}

/** The 9 bytes that make a Polygon's WKB a MultiPolygon of it: little endian, type 6, one polygon. */
export const MULTIPOLYGON_OF_ONE_PREFIX = '010600000001000000';
