import type { RecordView } from '../ingest/csv-record-reader';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;

/**
 * A 64-bit hash of a record's values over the columns both files of a comparison have between
 * them (their union, in one order), so that two files' records of a parcel hash alike exactly when
 * every value is equal: a column the file lacks counts as empty, and values count unquoted (`"a"`
 * and `a` are one value, `""` and nothing too). What is hashed is the values' canonical CSV line:
 * joined by commas, a value quoted (its quotes doubled) only when it holds a comma, a quote or a
 * line break. That spelling is unambiguous, and a record without quotes whose columns start the
 * union already is spelled so: its bytes are hashed as they are, which is nearly every record.
 *
 * Two multiplicative lanes of 32 bits, each finished by MurmurHash3's mixer: a changed record
 * reading as unchanged is about as likely as one in 2^64. Not for adversaries, for county files.
 */
export class RecordHasher {
  /** The last record's hash, as two signed 32-bit halves. */
  high = 0;
  low = 0;
  private a = 0;
  private b = 0;
  private length = 0;
  /** For each union column, its field in this file (-1: the file lacks it). */
  private readonly fieldOf: Int32Array;
  /** Union columns after the file's own when the file's columns start the union (else -1). */
  private readonly missingAfter: number;

  constructor(fileColumns: readonly string[], unionColumns: readonly string[]) {
    this.fieldOf = Int32Array.from(unionColumns, (column) => fileColumns.indexOf(column));
    const prefix = fileColumns.every((column, i) => unionColumns[i] === column);
    this.missingAfter = prefix ? unionColumns.length - fileColumns.length : -1;
  }

  /** Hashes a record whose fields match the file's header (checked by the caller). */
  hash(record: RecordView, hasQuote: boolean): void {
    this.a = 0x811c9dc5;
    this.b = 0x2f1e3d4c;
    this.length = 0;
    if (!hasQuote && this.missingAfter >= 0) {
      this.feed(record.bytes, record.start, record.ends[record.fields - 1]);
      for (let i = 0; i < this.missingAfter; i++) this.byte(COMMA);
    } else {
      this.canonical(record);
    }
    this.finish();
  }

  /** The record's values spelled canonically, column by column of the union. */
  private canonical(record: RecordView): void {
    const { bytes, starts, ends } = record;
    for (let u = 0; u < this.fieldOf.length; u++) {
      if (u > 0) this.byte(COMMA);
      const field = this.fieldOf[u];
      if (field < 0) continue;
      const start = starts[field];
      const end = ends[field];
      const quoted = start > record.start && bytes[start - 1] === QUOTE;
      if (!needsQuotes(bytes, start, end)) this.feed(bytes, start, end);
      else if (quoted) {
        // Inside its quotes a quoted field's quotes are already doubled: the canonical spelling.
        this.byte(QUOTE);
        this.feed(bytes, start, end);
        this.byte(QUOTE);
      } else {
        this.byte(QUOTE);
        for (let i = start; i < end; i++) {
          if (bytes[i] === QUOTE) this.byte(QUOTE);
          this.byte(bytes[i]);
        }
        this.byte(QUOTE);
      }
    }
  }

  private feed(bytes: Buffer, start: number, end: number): void {
    let a = this.a;
    let b = this.b;
    for (let i = start; i < end; i++) {
      const byte = bytes[i];
      a = Math.imul(a ^ byte, 0x01000193);
      b = Math.imul(b ^ byte, 0x5bd1e995);
    }
    this.a = a;
    this.b = b;
    this.length += end - start;
  }

  private byte(byte: number): void {
    this.a = Math.imul(this.a ^ byte, 0x01000193);
    this.b = Math.imul(this.b ^ byte, 0x5bd1e995);
    this.length++;
  }

  private finish(): void {
    const a = mix(this.a ^ this.length);
    const b = mix(this.b + Math.imul(this.length, 0x9e3779b1));
    this.high = mix(a ^ Math.imul(b, 0x85ebca6b)) | 0;
    this.low = mix(b ^ Math.imul(a, 0xc2b2ae35)) | 0;
  }
}

/** MurmurHash3's 32-bit finalizer: every input bit reaches every output bit. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

function needsQuotes(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte === QUOTE || byte === COMMA || byte === LF) return true;
  }
  return false;
}
