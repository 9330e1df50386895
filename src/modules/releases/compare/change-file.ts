import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { parseCsv } from '../../../common/csv';
import type { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { digestingStream } from '../../../integrations/storage/digesting-stream';
import { checkHeader } from '../../data-schema';
import { MAX_HEADER_BYTES, CsvScanner } from '../../data-schema';
import { keyFieldColumns, KeyFieldCounts, keyFieldCountsOf } from '../../data-schema';
import { changeRowLines, changeRowsKey } from '../changes/change-rows';

/** Where a release's change file of a county lives. */
export const changeFileKey = (month: string, fips: string) => `releases/${month}/changes/${fips}.csv.gz`;

/**
 * Deflate level of change files: level 4 deflates a change file in half the time of zlib's default
 * 6 for a file 10 % larger (150 MB of a county's changes with boundaries: 2.1 s and 42 MB against
 * 4.4 s and 38 MB), time the comparison of every county of a release spends.
 */
const CHANGE_FILE_GZIP_LEVEL = 4;

/** What was stored: the gzip file's size and digest, and the change rows it holds. */
export interface StoredChangeFile {
  bytes: number;
  sha256: string;
  records: number;
  keyFieldCounts: KeyFieldCounts;
}

/**
 * Stores a change file from its CSV as it streams (gzip on the way), counting its rows and the
 * key fields they fill, and hashing the stored bytes: nothing is held whole in memory. The
 * object appears under its key only once complete (DatasetStorage.putStream). Its row index (see
 * changeRowLines; about a fortieth of the file, gzip, held until the file is stored) goes beside
 * it, named by its digest.
 */
export async function storeChangeFile(storage: DatasetStorage, key: string, csv: Readable): Promise<StoredChangeFile> {
  const scanner = new CsvScanner({ header: () => null, record: () => undefined, countFilled: keyFieldColumns });
  const rows = changeRowLines();
  const index: Buffer[] = [];
  const indexed = pipeline(
    rows,
    createGzip(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        index.push(chunk);
        done();
      },
    }),
  );
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      scanner.write(chunk);
      if (rows.write(chunk)) done(null, chunk);
      else rows.once('drain', () => done(null, chunk));
    },
    flush(done) {
      rows.end();
      done();
    },
  });
  rows.once('error', (error) => counted.destroy(error));
  const hashed = digestingStream();
  try {
    // The pipeline ends in the digest, which storage reads: a failure on either side destroys both.
    await Promise.all([
      pipeline(csv, counted, createGzip({ level: CHANGE_FILE_GZIP_LEVEL }), hashed.stream),
      storage.putStream(key, hashed.stream),
    ]);
    await indexed;
  } catch (error) {
    rows.destroy();
    await indexed.catch(() => undefined);
    throw error;
  }
  scanner.end();
  const digest = hashed.digest();
  await storage.put(changeRowsKey(key, digest.sha256), Buffer.concat(index));
  return {
    ...digest,
    records: scanner.recordCount,
    keyFieldCounts: keyFieldCountsOf(scanner.filledCounts),
  };
}

/**
 * The column names of a stored gzip CSV county file, read from its first line (then the read
 * stops), checked as ingest checks them (known fields, none repeated, identifiers present).
 */
export async function readHeader(file: Readable): Promise<string[]> {
  return checkHeader(await readColumns(file));
}

/** The column names of a stored gzip CSV file, read from its first line (then the read stops), unchecked. */
export async function readColumns(file: Readable): Promise<string[]> {
  const gunzip = createGunzip();
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    file.pipe(gunzip);
    file.on('error', (error) => gunzip.destroy(error));
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const end = chunk.indexOf(0x0a);
      chunks.push(end === -1 ? chunk : chunk.subarray(0, end));
      length += end === -1 ? chunk.length : end;
      if (end !== -1) break;
      if (length > MAX_HEADER_BYTES) throw new Error(`its first line is longer than ${MAX_HEADER_BYTES} bytes`);
    }
  } finally {
    file.destroy();
    gunzip.destroy();
  }
  const [columns = ['']] = parseCsv(`${Buffer.concat(chunks).toString('utf8').replace(/\r$/, '')}\n`);
  return columns;
}
