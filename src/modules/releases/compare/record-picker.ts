import { Transform, type TransformCallback } from 'node:stream';
import type { RecordPlaces } from './record-index';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Reads an unzipped county file a second time and passes on only the chosen records, each as a
 * CSV line of the file's number, the record's, then its fields as the file spells them (for COPY
 * into a table whose first columns are those numbers). Records are found by the places a RecordIndexer kept, so the
 * file is not parsed again. Holds at most one record besides the chunk being read.
 */
export class RecordPicker extends Transform {
  /** Where in the unzipped file the next chunk begins. */
  private position = 0;
  private next = 0;
  private partial: Buffer[] = [];

  /** `numbers`: the records to pass on, ascending; `file`: the file's number in the comparison, each line's first field. */
  constructor(
    private readonly places: RecordPlaces,
    private readonly numbers: Int32Array,
    private readonly file = 0,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const chunkEnd = this.position + chunk.length;
    while (this.next < this.numbers.length) {
      const number = this.numbers[this.next];
      const start = this.places.offset(number);
      const end = start + this.places.length(number);
      if (start >= chunkEnd) break;
      const piece = chunk.subarray(Math.max(start - this.position, 0), Math.min(end, chunkEnd) - this.position);
      if (end > chunkEnd) {
        // The record goes on in the next chunk: a copy of its start, not the whole chunk, is kept.
        this.partial.push(Buffer.from(piece));
        break;
      }
      this.pass(number, this.partial.length ? Buffer.concat([...this.partial, piece]) : piece);
      this.partial = [];
      this.next++;
    }
    this.position = chunkEnd;
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.partial.length) {
      this.pass(this.numbers[this.next], Buffer.concat(this.partial));
      this.next++;
    }
    if (this.next < this.numbers.length) done(new Error('the file ended before records read from it earlier'));
    else done();
  }

  /** The record with the numbers first and one line feed after, whatever line break the file uses. */
  private pass(number: number, record: Buffer): void {
    let end = record.length;
    if (end > 0 && record[end - 1] === LF) end--;
    if (end > 0 && record[end - 1] === CR) end--;
    this.push(`${this.file},${number},`);
    this.push(record.subarray(0, end));
    this.push('\n');
  }
}
