import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CsvScanner } from './csv-scanner';

/**
 * The beginning of a county file (gzip CSV), unzipped, through its `records`-th record: the
 * header and the records exactly as stored. Reads the stored file only as far as that record
 * and stops reading it there; a record's quoted line breaks are part of the record.
 */
export async function* csvSampleOf(file: Readable, records: number): AsyncGenerator<Buffer> {
  let cutAt = null as number | null;
  const scanner = new CsvScanner({
    header: () => null,
    record: (record) => {
      if (record.number === records) cutAt ??= record.end;
    },
  });
  // Leaving the loop early destroys the unzipping, and with it the file being read.
  const unzipped = pipeline(file, createGunzip(), () => undefined);
  let passed = 0;
  for await (const chunk of unzipped as AsyncIterable<Buffer>) {
    scanner.write(chunk);
    if (cutAt !== null) {
      yield chunk.subarray(0, cutAt - passed);
      return;
    }
    passed += chunk.length;
    yield chunk;
  }
}
