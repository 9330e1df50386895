import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { RecordIndexer } from './record-index';
import { pickRecords, writeUnzippedCopy } from './unzipped-copy';

describe('writeUnzippedCopy and pickRecords', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'unzipped-copy-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('copies the bytes as they pass, then reads the chosen records back where the first read found them', async () => {
    const text = 'parcel_id,owner_name\r\n1,A\r\n\r\n2,"TWO\r\nLINES"\r\n3,C\r\n4,"D, E"';
    const bytes = Buffer.from(text);
    const copy = join(dir, 'county.csv');
    const indexer = new RecordIndexer(['parcel_id', 'owner_name'], ['parcel_id', 'owner_name'], 1);
    // Chunks of 5 bytes: records straddle them.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.subarray(i * 5, i * 5 + 5));
    const [rows] = await Promise.all([
      buffer(indexer),
      pipeline(Readable.from(chunks), writeUnzippedCopy(copy), indexer),
    ]);
    expect(rows.toString().split('\n').filter(Boolean)).toHaveLength(4);
    expect(await readFile(copy, 'utf8')).toBe(text);

    const picked = await buffer(Readable.from(pickRecords(copy, indexer.places, Int32Array.from([2, 4]), 1)));
    expect(picked.toString()).toBe('1,2,2,"TWO\r\nLINES"\n1,4,4,"D, E"\n');
  });

  it('fails, naming the copy, when the copy cannot be written', async () => {
    const copy = writeUnzippedCopy(join(dir, 'missing-folder', 'county.csv'));
    await expect(pipeline(Readable.from([Buffer.from('a\n1\n')]), copy, async (rows) => buffer(rows))).rejects.toThrow(
      'its unzipped copy cannot be written: ENOENT',
    );
  });

  it('fails when the copy is shorter than the places say', async () => {
    const copy = join(dir, 'county.csv');
    const indexer = new RecordIndexer(['parcel_id'], ['parcel_id']);
    await Promise.all([buffer(indexer), pipeline(Readable.from([Buffer.from('parcel_id\n1\n2\n')]), indexer)]);
    await pipeline(Readable.from([Buffer.from('parcel_id\n1\n')]), writeUnzippedCopy(copy), async (rows) =>
      buffer(rows),
    );
    await expect(buffer(Readable.from(pickRecords(copy, indexer.places, Int32Array.from([2]), 0)))).rejects.toThrow(
      'its unzipped copy ended before records read from it earlier',
    );
  });
});
