import { isQuoted, type RecordView } from '../../data-schema';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * A 64-bit hash of a record's values over the columns both files of a comparison have between
 * them (their union, in one order), so that two files' records of a parcel hash alike exactly when
 * every value is equal: a column the file lacks counts as empty, and values count unquoted (`"a"`
 * and `a` are one value, `""` and nothing too). What is hashed is the values' canonical CSV line:
 * joined by commas, a value quoted (its quotes doubled) only when it holds a comma, a quote or a
 * line break. That spelling is unambiguous, and a record without quotes in a file whose columns
 * are the union already is spelled so: its bytes are hashed where they lie, which is nearly every
 * record; others are spelled out in a scratch buffer first.
 *
 * Two lanes of MurmurHash3 (32-bit, four bytes a step) with different seeds: a changed record
 * reading as unchanged is about as likely as one in 2^64. Not for adversaries, for county files.
 */
export class RecordHasher {
  /** The last record's hash, as two signed 32-bit halves. */
  high = 0;
  low = 0;
  /** For each union column, its field in this file (-1: the file lacks it). */
  private readonly fieldOf: Int32Array;
  /** Whether the file's columns are the union's, in its order. */
  private readonly asUnion: boolean;
  private scratch = Buffer.alloc(64 * 1024);
  private length = 0;

  constructor(fileColumns: readonly string[], unionColumns: readonly string[]) {
    this.fieldOf = Int32Array.from(unionColumns, (column) => fileColumns.indexOf(column));
    this.asUnion = fileColumns.length === unionColumns.length && fileColumns.every((c, i) => unionColumns[i] === c);
  }

  /** Hashes a record whose fields match the file's header (checked by the caller). */
  hash(record: RecordView, hasQuote: boolean): void {
    if (this.asUnion && (!hasQuote || spelledCanonically(record))) {
      // The last field's end, its closing quote included when quoted.
      const last = record.fields - 1;
      const quotedLast = hasQuote && record.bytes[record.ends[last]] === QUOTE && isQuoted(record, last);
      this.digest(record.bytes, record.start, record.ends[last] + (quotedLast ? 1 : 0));
    } else {
      this.canonical(record);
      this.digest(this.scratch, 0, this.length);
    }
  }

  /** Spells the record's values canonically, column by column of the union, into the scratch buffer. */
  private canonical(record: RecordView): void {
    const { bytes, starts, ends } = record;
    this.length = 0;
    for (let u = 0; u < this.fieldOf.length; u++) {
      if (u > 0) this.put(COMMA);
      const field = this.fieldOf[u];
      if (field < 0) continue;
      const start = starts[field];
      const end = ends[field];
      const quoted = isQuoted(record, field);
      if (!needsQuotes(bytes, start, end)) this.copy(bytes, start, end);
      else if (quoted) {
        // Inside its quotes a quoted field's quotes are already doubled: the canonical spelling.
        this.put(QUOTE);
        this.copy(bytes, start, end);
        this.put(QUOTE);
      } else {
        this.put(QUOTE);
        for (let i = start; i < end; i++) {
          if (bytes[i] === QUOTE) this.put(QUOTE);
          this.put(bytes[i]);
        }
        this.put(QUOTE);
      }
    }
  }

  private put(byte: number): void {
    if (this.length === this.scratch.length) this.growScratch(1);
    this.scratch[this.length++] = byte;
  }

  private copy(bytes: Buffer, start: number, end: number): void {
    if (this.length + end - start > this.scratch.length) this.growScratch(end - start);
    // Most values are a few bytes: copied here rather than by a call into Buffer.copy each.
    if (end - start > 32) this.length += bytes.copy(this.scratch, this.length, start, end);
    else for (let i = start; i < end; i++) this.scratch[this.length++] = bytes[i];
  }

  private growScratch(more: number): void {
    const scratch = Buffer.alloc(Math.max(this.scratch.length * 2, this.length + more));
    this.scratch.copy(scratch, 0, 0, this.length);
    this.scratch = scratch;
  }

  /** Hashes bytes as they lie (a single value, such as a boundary's WKT), into high and low. */
  hashBytes(bytes: Buffer, start: number, end: number): void {
    this.digest(bytes, start, end);
  }

  /** Both lanes over bytes[start, end), four bytes a step, the last one to three after. */
  private digest(bytes: Buffer, start: number, end: number): void {
    let a = 0x9747b28c;
    let b = 0x2f1e3d4c;
    let i = start;
    for (const words = end - 3; i < words; i += 4) {
      const k = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
      a = Math.imul(rotate(a ^ scramble(k), 13), 5) + 0xe6546b64;
      b = Math.imul(rotate(b ^ scrambleOther(k), 13), 5) + 0xe6546b64;
    }
    let tail = 0;
    for (let shift = 0; i < end; i++, shift += 8) tail |= bytes[i] << shift;
    if (end - start > 0 && (end - start) % 4 !== 0) {
      a ^= scramble(tail);
      b ^= scrambleOther(tail);
    }
    const length = end - start;
    this.high = mix(a ^ length) | 0;
    this.low = mix(b ^ length) | 0;
  }
}

/** MurmurHash3's mixing of a four-byte block. */
function scramble(k: number): number {
  return Math.imul(rotate(Math.imul(k, 0xcc9e2d51), 15), 0x1b873593);
}

/** The same with other constants (xxHash's primes), so that the lanes do not collide alike. */
function scrambleOther(k: number): number {
  return Math.imul(rotate(Math.imul(k, 0x85ebca77), 17), 0xc2b2ae3d);
}

const rotate = (x: number, bits: number) => (x << bits) | (x >>> (32 - bits));

/** MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Whether a record (of a file whose columns are the union) is spelled canonically as it lies:
 * each of its quotes opens, closes or doubles within a quoted field, and each quoted field needs
 * its quotes. Looks at its few quotes only.
 */
function spelledCanonically(record: RecordView): boolean {
  const { bytes, starts, ends, fields, start, end } = record;
  let field = 0;
  let checked = -1;
  for (let quote = bytes.indexOf(QUOTE, start); quote !== -1 && quote < end; quote = bytes.indexOf(QUOTE, quote + 1)) {
    while (field < fields && ends[field] < quote) field++;
    if (field === fields) return false;
    if (!isQuoted(record, field) || quote < starts[field] - 1) return false;
    // Text after a closing quote, which the reader skips, is no part of the value.
    const after = bytes[ends[field] + 1];
    if (ends[field] + 1 < end && after !== COMMA && after !== CR && after !== LF) return false;
    if (checked !== field && !needsQuotes(bytes, starts[field], ends[field])) return false;
    checked = field;
  }
  return true;
}

function needsQuotes(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE || byte === COMMA || byte === LF) return true;
  }
  return false;
}
