import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { LocalS3, startLocalS3 } from '../../../test/support/local-s3';
import type { S3Settings } from '../../config/storage.config';
import { partSizeFor, PRESIGNED_DOWNLOAD_SECONDS, S3DatasetStorage } from './s3-dataset-storage';

const MiB = 1024 ** 2;
/** S3's smallest part: uploads of a few MiB already go in several parts. */
const PART = 5 * MiB;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Waits until check() holds; a test fails on its own timeout otherwise. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('S3DatasetStorage against a local S3-compatible server', () => {
  let s3: LocalS3;
  let storage: S3DatasetStorage;
  const settings = (overrides: Partial<S3Settings> = {}): S3Settings => ({
    bucket: s3.bucket,
    prefix: 'store/datasets',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    ...overrides,
  });

  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = new S3DatasetStorage(settings(), PART);
  });
  afterAll(async () => {
    storage?.onModuleDestroy();
    await s3?.close();
  });

  it('stores an object put at once under its prefix, with its size; a missing key has none', async () => {
    await storage.put('counties/24510/2026-11.csv.gz', Buffer.from('hello, county'));
    expect(await s3.objectKeys('store/datasets/counties/24510/')).toEqual([
      'store/datasets/counties/24510/2026-11.csv.gz',
    ]);
    expect(await storage.size('counties/24510/2026-11.csv.gz')).toBe(13);
    expect(await storage.size('counties/24510/none.csv.gz')).toBeNull();
  });

  it('streams a multi-part object in and reads it back whole and by range, byte for byte', async () => {
    const bytes = randomBytes(2 * PART + 12345);
    const chunks = Array.from({ length: Math.ceil(bytes.length / (256 * 1024)) }, (_, i) =>
      bytes.subarray(i * 256 * 1024, (i + 1) * 256 * 1024),
    );
    await storage.putStream('counties/06037/2026-11.csv.gz', Readable.from(chunks));
    expect(await storage.size('counties/06037/2026-11.csv.gz')).toBe(bytes.length);
    expect(sha256(await buffer(storage.read('counties/06037/2026-11.csv.gz')))).toBe(sha256(bytes));
    const range = { start: PART - 10, end: PART + 9 };
    expect(await buffer(storage.read('counties/06037/2026-11.csv.gz', range))).toEqual(
      bytes.subarray(range.start, range.end + 1),
    );
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('aborts the multipart upload of a stream that fails after several parts, leaving no object and no parts', async () => {
    const source = new PassThrough();
    const put = storage.putStream('counties/17031/2026-11.csv.gz', source);
    source.write(randomBytes(2 * PART + 1024));
    // The upload is under way in the store, parts received, before the source fails.
    await until(async () => (await s3.pendingUploads()).length > 0);
    source.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await s3.objectKeys('store/datasets/counties/17031/')).toEqual([]);
    expect(await storage.size('counties/17031/2026-11.csv.gz')).toBeNull();
  });

  it('leaves nothing when the source is destroyed without an error, as a request body whose client hung up', async () => {
    const source = new PassThrough();
    const put = storage.putStream('counties/36061/2026-11.csv.gz', source);
    source.write(randomBytes(PART + 1024));
    await until(async () => (await s3.pendingUploads()).length > 0);
    source.destroy();
    await expect(put).rejects.toThrow();
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await s3.objectKeys('store/datasets/counties/36061/')).toEqual([]);
  });

  it('reports a stream that failed before storage began to read it, storing nothing', async () => {
    const source = new PassThrough();
    source.on('error', () => undefined);
    source.destroy(new Error('refused early'));
    await expect(storage.putStream('counties/04013/2026-11.csv.gz', source)).rejects.toThrow('refused early');
    expect(await s3.objectKeys('store/datasets/counties/04013/')).toEqual([]);
  });

  it('keeps the earlier object whole while a replacement is being uploaded, until it completes', async () => {
    const key = 'counties/48201/2026-11.csv.gz';
    await storage.put(key, Buffer.from('the first version'));
    const source = new PassThrough();
    const put = storage.putStream(key, source);
    const replacement = randomBytes(PART + 4096);
    source.write(replacement.subarray(0, PART + 100));
    await until(async () => (await s3.pendingUploads()).length > 0);
    expect((await buffer(storage.read(key))).toString()).toBe('the first version');
    source.end(replacement.subarray(PART + 100));
    await put;
    expect(sha256(await buffer(storage.read(key)))).toBe(sha256(replacement));
  });

  it('refuses a key that points outside its prefix', async () => {
    await expect(storage.put('../elsewhere.csv.gz', Buffer.from('x'))).rejects.toThrow(/outside the store/);
    await expect(storage.putStream('counties/../../x.csv.gz', Readable.from([]))).rejects.toThrow(/outside the store/);
    await expect(storage.delete('../../other-store/file')).rejects.toThrow(/outside the store/);
    expect(() => storage.read('../outside')).toThrow(/outside the store/);
  });

  it('deletes an object, and takes one already gone calmly', async () => {
    await storage.put('counties/1/a.csv.gz', Buffer.from('x'));
    await storage.delete('counties/1/a.csv.gz');
    await storage.delete('counties/1/a.csv.gz');
    expect(await storage.size('counties/1/a.csv.gz')).toBeNull();
  });

  it('fails a read of a missing object with an error, not an empty file', async () => {
    await expect(buffer(storage.read('counties/none/missing.csv.gz'))).rejects.toThrow();
  });

  it('gives a 15-minute presigned link that serves the exact bytes under the file name', async () => {
    const bytes = randomBytes(4096);
    await storage.put('counties/24510/link.csv.gz', bytes);
    const url = await storage.downloadUrl('counties/24510/link.csv.gz', {
      filename: 'baltimore-city-md-2026-11.csv.gz',
      contentType: 'application/gzip',
    });
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_DOWNLOAD_SECONDS));
    expect(PRESIGNED_DOWNLOAD_SECONDS).toBe(900);
    expect(url).not.toContain('S3RVER&'); // a signature, not the secret
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="baltimore-city-md-2026-11.csv.gz"');
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    const resumed = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('signs links for the public endpoint when buyers reach the store at another address', async () => {
    const publicStorage = new S3DatasetStorage(settings({ publicEndpoint: 'https://files.example.com' }), PART);
    try {
      const url = new URL(
        await publicStorage.downloadUrl('counties/1/a.csv.gz', {
          filename: 'a.csv.gz',
          contentType: 'application/gzip',
        }),
      );
      expect(url.origin).toBe('https://files.example.com');
      expect(url.pathname).toBe(`/${s3.bucket}/store/datasets/counties/1/a.csv.gz`);
    } finally {
      publicStorage.onModuleDestroy();
    }
  });

  it('passes the health probe while its bucket answers, and fails it for a bucket that does not exist', async () => {
    await expect(storage.checkReachable()).resolves.toBeUndefined();
    const missing = new S3DatasetStorage(settings({ bucket: 'no-such-bucket' }), PART);
    try {
      await expect(missing.checkReachable()).rejects.toThrow();
    } finally {
      missing.onModuleDestroy();
    }
  });
});

describe('partSizeFor', () => {
  it('uses 8 MiB parts, and larger ones only where 10,000 of them could not hold the largest file', () => {
    expect(partSizeFor(2 * 1024 ** 3)).toBe(8 * MiB);
    expect(partSizeFor(100 * 1024 ** 3)).toBe(11 * MiB);
    expect(partSizeFor(100 * 1024 ** 3) * 10_000).toBeGreaterThanOrEqual(100 * 1024 ** 3);
  });
});
