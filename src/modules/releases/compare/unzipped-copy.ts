import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import type { RecordPlaces } from './record-index';

const LF = 0x0a;
const CR = 0x0d;
/** Picked records are sent to PostgreSQL in batches of about this many bytes. */
const BATCH_BYTES = 64 * 1024;

/**
 * Passes a file's unzipped bytes on and writes them to a local file as they pass, so that records
 * can be read again from their places (pickRecords) without fetching and unzipping the file a
 * second time. A chunk waits only while the one before it is still being written.
 */
export function writeUnzippedCopy(path: string): Transform {
  const file = createWriteStream(path);
  const copy = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const pass = () => {
        file.write(chunk);
        done(null, chunk);
      };
      if (file.writableNeedDrain) file.once('drain', pass);
      else pass();
    },
    flush(done) {
      file.end(() => done());
    },
    destroy(error, done) {
      file.destroy();
      done(error);
    },
  });
  file.on('error', (error) => copy.destroy(new Error(`its unzipped copy cannot be written: ${error.message}`)));
  return copy;
}

/**
 * The chosen records of an unzipped copy (writeUnzippedCopy), read where the first read found
 * them, each as a CSV line of the file's number, the record's, then its fields as the file spells
 * them (for COPY into a table whose first columns are those numbers), in batches.
 * `numbers`: the records, ascending (1 for the first after the header).
 */
export async function* pickRecords(
  path: string,
  places: RecordPlaces,
  numbers: Int32Array,
  file: number,
): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    let batch = Buffer.allocUnsafe(BATCH_BYTES);
    let used = 0;
    for (const number of numbers) {
      const prefix = `${file},${number},`;
      const length = places.length(number);
      if (used + prefix.length + length + 1 > batch.length) {
        if (used > 0) yield batch.subarray(0, used);
        batch = Buffer.allocUnsafe(Math.max(BATCH_BYTES, prefix.length + length + 1));
        used = 0;
      }
      used += batch.write(prefix, used, 'latin1');
      const { bytesRead } = await handle.read(batch, used, length, places.offset(number));
      if (bytesRead < length) throw new Error('its unzipped copy ended before records read from it earlier');
      used += length;
      // One line feed after the record, whatever line break the file uses.
      if (batch[used - 1] === LF) used--;
      if (batch[used - 1] === CR) used--;
      batch[used++] = LF;
    }
    if (used > 0) yield batch.subarray(0, used);
  } finally {
    await handle.close();
  }
}
