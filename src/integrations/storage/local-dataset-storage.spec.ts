import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { LocalDatasetStorage } from './local-dataset-storage';

function storageIn(dataDir: string): LocalDatasetStorage {
  return new LocalDatasetStorage(dataDir);
}

const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });

// Each test's own folder, removed after the run.
const made: string[] = [];
const newDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'cds-storage-'));
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('LocalDatasetStorage.putStream', () => {
  it('writes a streamed object whole under its key', async () => {
    const dir = newDir();
    const storage = storageIn(dir);
    await storage.putStream('counties/24510/2026-11.csv.gz', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(readFileSync(join(dir, 'counties/24510/2026-11.csv.gz'), 'utf8')).toBe('abcdef');
    expect(await storage.size('counties/24510/2026-11.csv.gz')).toBe(6);
  });

  it('leaves no file, partial or whole, when the stream fails halfway', async () => {
    const dir = newDir();
    const source = new PassThrough();
    const put = storageIn(dir).putStream('counties/24510/2026-11.csv.gz', source);
    source.write(Buffer.alloc(64 * 1024));
    setTimeout(() => source.destroy(new Error('client went away')), 20);
    await expect(put).rejects.toThrow('client went away');
    expect(filesIn(dir).filter((name) => name.endsWith('.gz') || name.endsWith('.partial'))).toEqual([]);
  });

  it('leaves no file when the stream failed before storage began to read it', async () => {
    const dir = newDir();
    const source = new PassThrough();
    source.on('error', () => undefined);
    source.destroy(new Error('refused early'));
    await expect(storageIn(dir).putStream('counties/24510/2026-11.csv.gz', source)).rejects.toThrow('refused early');
    expect(filesIn(dir).filter((name) => name.endsWith('.gz') || name.endsWith('.partial'))).toEqual([]);
  });

  it('reports a stream that fails while its folder is being made, without an unhandled error', async () => {
    const dir = newDir();
    const source = new PassThrough(); // nobody else listens for its errors, as with a request body
    const put = storageIn(dir).putStream('counties/24510/2026-11.csv.gz', source);
    // Synchronously after the call: storage is still making the folder, its pipeline not yet set up.
    source.destroy(new Error('client went away'));
    await expect(put).rejects.toThrow('client went away');
    expect(filesIn(dir).filter((name) => name.endsWith('.gz') || name.endsWith('.partial'))).toEqual([]);
  });

  it('refuses a key that points outside the store', async () => {
    const storage = storageIn(newDir());
    await expect(storage.putStream('../elsewhere.csv.gz', Readable.from([]))).rejects.toThrow(/outside the store/);
  });

  it('deletes an object, and takes one already gone calmly', async () => {
    const dir = newDir();
    const storage = storageIn(dir);
    await storage.put('counties/1/a.csv.gz', Buffer.from('x'));
    await storage.delete('counties/1/a.csv.gz');
    await storage.delete('counties/1/a.csv.gz');
    expect(await storage.size('counties/1/a.csv.gz')).toBeNull();
  });
});
