import { parseCsv } from '../../../common/csv';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote inside a quoted field: the field's end, or the first half of an escaped quote. */
  QuoteInQuoted,
}

/** A header line longer than this is not a header: refusing it keeps memory bounded. */
export const MAX_HEADER_BYTES = 64 * 1024;
// Enough for any identifier the scanner is asked to watch (a FIPS code); longer values are cut.
const MAX_WATCHED_BYTES = 64;

export interface CsvRecord {
  /** 1 for the first record after the header. */
  number: number;
  /** Line of the file the record starts on (the header is line 1 when the file starts with it). */
  line: number;
  fields: number;
  /** The value of the watched column, when one is watched and the record reaches it. */
  watched: string | null;
  /** Bytes of the file up to the record's end: just after its line break, or the end of the file. */
  end: number;
}

export interface CsvScannerHandlers {
  /** The header's column names; answers the index of a column whose values to report, if any. */
  header(columns: string[]): number | null;
  record(record: CsvRecord): void;
  /** Columns whose non-empty values to count (see filledCounts), in the order the counts are wanted. */
  countFilled?(columns: string[]): number[];
}

/** Why a CSV file cannot be read; the message names where. */
export class CsvFormatError extends Error {
  override name = 'CsvFormatError';
}

/**
 * Reads RFC 4180 CSV as it streams, in chunks of any size, holding only the header in
 * memory: it counts records the way a CSV reader sees them (a quoted field may hold
 * commas, doubled quotes and line breaks), counts each record's fields, reports one
 * watched column's values and where each record ends, and counts how many records fill
 * chosen columns (`""` and nothing are empty). Blank lines are not records. Works on
 * UTF-8 bytes: every byte it looks for is ASCII, which never occurs inside a multi-byte
 * character.
 */
export class CsvScanner {
  private state = State.FieldStart;
  private line = 1;
  private recordLine = 1;
  private fields = 1;
  private recordHasContent = false;
  private records = 0;
  private headerChunks: Buffer[] | null = [];
  private headerBytes = 0;
  private watch: number | null = null;
  private watched: number[] = [];
  /** Bytes written before the current chunk. */
  private offset = 0;
  private recordEnd = 0;
  /** For each column, 1 + its place among the counted ones (0: not counted). */
  private countedSlot = new Int32Array(0);
  private filledInRecord = new Uint8Array(0);
  private filled: number[] = [];

  constructor(private readonly handlers: CsvScannerHandlers) {}

  /** Records read so far, the header not counted. */
  get recordCount(): number {
    return this.records;
  }

  get headerSeen(): boolean {
    return this.headerChunks === null;
  }

  /** How many records so far have a non-empty value in each column countFilled asked for, in its order. */
  get filledCounts(): number[] {
    return [...this.filled];
  }

  write(chunk: Buffer): void {
    // The hot loop of an upload, run over every unzipped byte: runs of plain field text are
    // skipped in tight loops (or by indexOf inside quotes), and state lives in locals meanwhile.
    const n = chunk.length;
    let state = this.state;
    let fields = this.fields;
    let watch = this.watch ?? -1;
    let start = 0;
    let i = 0;
    while (i < n) {
      if (state === State.Quoted) {
        if (fields - 1 === watch) {
          const byte = chunk[i++];
          if (byte === QUOTE) state = State.QuoteInQuoted;
          else {
            this.keep(byte);
            this.markFilled(fields - 1);
          }
          if (byte === LF) this.line++;
        } else {
          const quote = chunk.indexOf(QUOTE, i);
          const stop = quote === -1 ? n : quote;
          if (stop > i) this.markFilled(fields - 1);
          for (let lf = chunk.indexOf(LF, i); lf !== -1 && lf < stop; lf = chunk.indexOf(LF, lf + 1)) this.line++;
          if (quote === -1) i = n;
          else {
            state = State.QuoteInQuoted;
            i = quote + 1;
          }
        }
        continue;
      }
      if (state === State.Unquoted) {
        if (fields - 1 === watch) {
          for (let byte = chunk[i]; i < n && byte !== COMMA && byte !== LF; byte = chunk[++i]) {
            if (byte !== CR) this.keep(byte);
          }
        } else {
          for (let byte = chunk[i]; i < n && byte !== COMMA && byte !== LF; byte = chunk[++i]);
        }
        if (i === n) break;
      }
      // A field start, a closing quote's aftermath, or the comma or line feed ending a field.
      const byte = chunk[i++];
      if (byte === COMMA) {
        state = State.FieldStart;
        fields++;
        this.recordHasContent = true;
      } else if (byte === LF) {
        this.line++;
        this.state = State.FieldStart;
        this.fields = fields;
        this.recordEnd = this.offset + i;
        if (this.headerChunks) start = this.endHeader(chunk, start, i - 1);
        else this.endRecord();
        state = this.state;
        fields = this.fields;
        watch = this.watch ?? -1;
      } else if (byte === QUOTE) {
        // At a field start a quoted field begins; right after a closing quote it was an escaped one.
        if (state === State.QuoteInQuoted) {
          if (fields - 1 === watch) this.keep(byte);
          this.markFilled(fields - 1);
        }
        state = State.Quoted;
        this.recordHasContent = true;
      } else if (byte !== CR) {
        // Text after a closing quote is not RFC 4180, but readers take it as part of the field.
        state = State.Unquoted;
        this.recordHasContent = true;
        this.markFilled(fields - 1);
        if (fields - 1 === watch) this.keep(byte);
      }
    }
    this.state = state;
    this.fields = fields;
    this.offset += n;
    if (this.headerChunks) this.keepHeader(chunk.subarray(start));
  }

  /** The end of the file: a last record without a line break still counts. */
  end(): void {
    if (this.state === State.Quoted) {
      throw new CsvFormatError(
        `The file ends inside a quoted field of the record that starts on line ${this.recordLine}: a closing quote (") is missing`,
      );
    }
    this.recordEnd = this.offset;
    if (this.headerChunks) this.endHeader(Buffer.alloc(0), 0, 0);
    else this.endRecord();
  }

  private keep(byte: number): void {
    if (this.watched.length < MAX_WATCHED_BYTES) this.watched.push(byte);
  }

  private markFilled(column: number): void {
    // Past the header's columns the slot is undefined: such fields are not counted.
    const slot = this.countedSlot[column];
    if (slot) this.filledInRecord[slot - 1] = 1;
  }

  private keepHeader(part: Buffer): void {
    this.headerBytes += part.length;
    if (this.headerBytes > MAX_HEADER_BYTES) {
      throw new CsvFormatError(
        `The first line is longer than ${MAX_HEADER_BYTES / 1024} KB; it must be the CSV header naming the columns`,
      );
    }
    this.headerChunks!.push(part);
  }

  /** Ends the header at chunk[end] (a line feed, or the end of the file); answers where the data begins. */
  private endHeader(chunk: Buffer, start: number, end: number): number {
    if (!this.recordHasContent) {
      // Blank lines before the header are not the header.
      this.headerChunks = [];
      this.headerBytes = 0;
      this.startRecord();
      return end + 1;
    }
    this.keepHeader(chunk.subarray(start, end));
    const text = Buffer.concat(this.headerChunks!)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    this.headerChunks = null;
    const [columns = []] = parseCsv(text.replace(/\r$/, ''));
    this.watch = this.handlers.header(columns);
    const counted = this.handlers.countFilled?.(columns) ?? [];
    this.countedSlot = new Int32Array(columns.length);
    counted.forEach((column, i) => {
      if (column >= 0 && column < columns.length) this.countedSlot[column] = i + 1;
    });
    this.filledInRecord = new Uint8Array(counted.length);
    this.filled = counted.map(() => 0);
    this.startRecord();
    return end + 1;
  }

  private endRecord(): void {
    if (this.recordHasContent) {
      this.records++;
      for (let i = 0; i < this.filledInRecord.length; i++) this.filled[i] += this.filledInRecord[i];
      this.handlers.record({
        number: this.records,
        line: this.recordLine,
        fields: this.fields,
        watched: this.watch === null || this.fields <= this.watch ? null : Buffer.from(this.watched).toString('utf8'),
        end: this.recordEnd,
      });
    }
    this.startRecord();
  }

  private startRecord(): void {
    this.recordLine = this.line;
    this.fields = 1;
    this.recordHasContent = false;
    this.watched.length = 0;
    this.filledInRecord.fill(0);
  }
}
