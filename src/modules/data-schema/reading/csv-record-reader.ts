import { CsvFormatError } from './csv-scanner';
import { describeBytes } from './county-file-inspector';

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
/** UTF-8's byte-order mark, which Excel's "CSV UTF-8" and PowerShell's Export-Csv write first. */
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** 1 MiB: far more than any parcel record (a few KB), and what the reader holds at most of one. */
export const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * One record as read, valid only during the handler's call: its bytes are `bytes[start, end)`,
 * line break included; field i's value is `bytes[starts[i], ends[i])` (inside the quotes of a
 * quoted field, whose doubled quotes are left as they are).
 */
export interface RecordView {
  bytes: Buffer;
  start: number;
  end: number;
  fields: number;
  starts: Int32Array;
  ends: Int32Array;
  /** 0 for the header, 1 for the first record after it. */
  number: number;
  /** The line of the file the record starts on. */
  line: number;
  /** Where the record starts in the whole input (bytes pushed before it), to find it again in a later read. */
  offset: number;
}

export interface RecordHandler {
  header(columns: string[], record: RecordView): void;
  record(record: RecordView): void;
}

/**
 * Reads RFC 4180 CSV from chunks of any size and hands over each record with where its
 * fields are, without making strings of them: the ingest's hot loop. Holds at most one
 * record (up to maxRecordBytes) besides the chunk being read. Blank lines are not records.
 */
export class CsvRecordReader {
  private pending: Buffer | null = null;
  /** The input's first bytes, until there are enough to tell whether they begin with a BOM. */
  private head: Buffer | null = Buffer.alloc(0);
  private line = 1;
  private records = 0;
  private headerSeen = false;
  /** Bytes pushed so far, and where in the input the bytes being read begin. */
  private pushed = 0;
  private base = 0;
  private starts = new Int32Array(256);
  private ends = new Int32Array(256);
  private readonly view: RecordView;

  constructor(
    private readonly handler: RecordHandler,
    private readonly maxRecordBytes = MAX_RECORD_BYTES,
  ) {
    this.view = {
      bytes: Buffer.alloc(0),
      start: 0,
      end: 0,
      fields: 0,
      starts: this.starts,
      ends: this.ends,
      number: 0,
      line: 1,
      offset: 0,
    };
  }

  /** Records read, the header not counted. */
  get recordCount(): number {
    return this.records;
  }

  get hasHeader(): boolean {
    return this.headerSeen;
  }

  push(chunk: Buffer): void {
    if (this.head) {
      // Dropped before the first record, so a quoted first column name ("id") reads as quoted.
      const head = this.head.length ? Buffer.concat([this.head, chunk]) : chunk;
      if (head.length < BOM.length && BOM.subarray(0, head.length).equals(head)) {
        this.head = head;
        return;
      }
      this.head = null;
      if (head.subarray(0, BOM.length).equals(BOM)) {
        this.pushed += BOM.length;
        chunk = head.subarray(BOM.length);
      } else {
        chunk = head;
      }
    }
    const chunkStart = this.pushed;
    this.pushed += chunk.length;
    const pending = this.pending;
    this.pending = null;
    const at = pending ? this.finishPending(pending, chunk, chunkStart) : 0;
    if (at === -1) {
      this.base = chunkStart - pending!.length;
      this.readAll(Buffer.concat([pending!, chunk]), 0);
    } else {
      this.base = chunkStart;
      this.readAll(chunk, at);
    }
  }

  /**
   * Reads the record begun in an earlier chunk from its pending bytes and this chunk's up to its
   * first line feed: a few KB joined, not the whole chunk. Answers where in the chunk reading goes
   * on, or -1 when the record does not end there (that line feed is inside a quoted value, or
   * there is none).
   */
  private finishPending(pending: Buffer, chunk: Buffer, chunkStart: number): number {
    const lf = chunk.indexOf(LF);
    if (lf === -1) return -1;
    this.base = chunkStart - pending.length;
    const end = this.read(Buffer.concat([pending, chunk.subarray(0, lf + 1)]), 0, false);
    return end === -1 ? -1 : end - pending.length;
  }

  /** Reads the records of `bytes` from `at`; the start of one that has not ended yet is kept pending. */
  private readAll(bytes: Buffer, at: number): void {
    while (at < bytes.length) {
      const end = this.read(bytes, at, false);
      if (end === -1) break;
      at = end;
    }
    if (at < bytes.length) {
      if (bytes.length - at > this.maxRecordBytes) throw this.tooLong();
      // A copy: the chunk's memory is not kept alive by the few bytes of it still needed.
      this.pending = Buffer.from(bytes.subarray(at));
    }
  }

  /** The end of the file: a last record without a line break still counts. */
  end(): void {
    if (this.head?.length) {
      const head = this.head;
      this.head = null;
      this.push(head);
    }
    if (this.pending) {
      const bytes = this.pending;
      this.base = this.pushed - bytes.length;
      this.pending = null;
      this.read(bytes, 0, true);
    }
  }

  private tooLong(): CsvFormatError {
    const which = this.headerSeen ? `Record ${this.records + 1} (line ${this.line})` : 'The header (line 1)';
    return new CsvFormatError(
      `${which} is longer than ${describeBytes(this.maxRecordBytes)}; is a closing quote (") missing, or is this not a CSV file?`,
    );
  }

  /**
   * Reads the record starting at `at`; answers where it ends, or -1 when its end has not arrived yet.
   * Unquoted values are scanned for commas alone, up to the line feed known to end the record
   * unless a quoted value holds it; a quoted value is skipped to its closing quote in one search.
   */
  private read(bytes: Buffer, at: number, atEnd: boolean): number {
    const n = bytes.length;
    let lf = bytes.indexOf(LF, at);
    if (lf === -1) {
      if (!atEnd) return -1;
      lf = n;
    }
    let starts = this.starts;
    let ends = this.ends;
    let i = at;
    let field = 0;
    let quotedLines = 0;
    for (;;) {
      if (field === starts.length) {
        this.grow();
        starts = this.starts;
        ends = this.ends;
      }
      if (i < n && bytes[i] === QUOTE) {
        const close = this.closingQuote(bytes, i, atEnd);
        if (close === -1) return -1;
        starts[field] = i + 1;
        ends[field] = close;
        if (close > lf) {
          // The line feeds inside the value are part of it: the record ends at the next one after it.
          for (; lf !== -1 && lf < close; lf = bytes.indexOf(LF, lf + 1)) quotedLines++;
          lf = bytes.indexOf(LF, close + 1);
          if (lf === -1) {
            if (!atEnd) return -1;
            lf = n;
          }
        }
        // Text after a closing quote is not RFC 4180; readers take it as part of the field, here it is skipped.
        i = close + 1;
        while (i < lf && bytes[i] !== COMMA) i++;
      } else {
        starts[field] = i;
        while (i < lf && bytes[i] !== COMMA) i++;
        ends[field] = i === lf && i > starts[field] && bytes[i - 1] === CR ? i - 1 : i;
      }
      field++;
      if (i < lf) {
        i++;
        continue;
      }
      const end = lf === n ? n : lf + 1;
      this.emit(bytes, at, end, field, quotedLines);
      return end;
    }
  }

  /**
   * Where the quoted value opening at `open` closes (its doubled quotes skipped); -1 when the
   * close has not arrived yet. At the end of the input an unclosed value is an error.
   */
  private closingQuote(bytes: Buffer, open: number, atEnd: boolean): number {
    const n = bytes.length;
    for (let from = open + 1; ;) {
      const quote = bytes.indexOf(QUOTE, from);
      // A quote that ends the bytes read so far may be the first of a doubled pair.
      if (quote === -1 || (quote + 1 === n && !atEnd)) break;
      if (bytes[quote + 1] !== QUOTE) return quote;
      from = quote + 2;
    }
    if (!atEnd) return -1;
    throw new CsvFormatError(
      `The file ends inside a quoted field of the record that starts on line ${this.line}: a closing quote (") is missing`,
    );
  }

  private emit(bytes: Buffer, start: number, end: number, fields: number, quotedLines: number): void {
    const line = this.line;
    this.line += 1 + quotedLines;
    if (fields === 1 && this.starts[0] === this.ends[0] && bytes[start] !== QUOTE) return;
    const view = this.view;
    view.bytes = bytes;
    view.start = start;
    view.end = end;
    view.fields = fields;
    view.starts = this.starts;
    view.ends = this.ends;
    view.line = line;
    view.offset = this.base + start;
    if (!this.headerSeen) {
      this.headerSeen = true;
      view.number = 0;
      const columns: string[] = [];
      for (let f = 0; f < fields; f++) {
        columns.push(bytes.toString('utf8', this.starts[f], this.ends[f]).replace(/""/g, '"'));
      }
      if (columns.length > 0) columns[0] = columns[0].replace(/^\uFEFF/, '');
      this.handler.header(columns, view);
      return;
    }
    view.number = ++this.records;
    this.handler.record(view);
  }

  private grow(): void {
    const starts = new Int32Array(this.starts.length * 2);
    const ends = new Int32Array(this.ends.length * 2);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}

/** "Record 12 (line 13) has 3 fields; the header has 4 columns", or null when they agree. */
export function fieldCountProblem(record: RecordView, columns: number): string | null {
  if (record.fields === columns) return null;
  return `Record ${record.number} (line ${record.line}) has ${record.fields} field${record.fields === 1 ? '' : 's'}; the header has ${columns} columns`;
}

/** Whether a field was quoted: a quoted field's value starts just after its opening quote. */
export function isQuoted(record: RecordView, field: number): boolean {
  const start = record.starts[field];
  return start > record.start && record.bytes[start - 1] === QUOTE;
}

/**
 * Field `field`'s value as text: '' when the record has no such field or leaves it empty; a
 * quoted value's doubled quotes made single.
 */
export function fieldValue(record: RecordView, field: number): string {
  if (field < 0 || field >= record.fields) return '';
  const start = record.starts[field];
  const end = record.ends[field];
  if (start === end) return '';
  const text = record.bytes.toString('utf8', start, end);
  return isQuoted(record, field) ? text.replace(/""/g, '"') : text;
}

/**
 * A copy of the record that outlives the handler's call (the reader reuses its view): its bytes
 * shared with the chunk read, its field places copied.
 */
export function keptRecord(record: RecordView): RecordView {
  return {
    ...record,
    starts: record.starts.slice(0, record.fields),
    ends: record.ends.slice(0, record.fields),
  };
}
