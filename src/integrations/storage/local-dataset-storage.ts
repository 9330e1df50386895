import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DatasetStorage, type ResponseHead } from './dataset-storage';
import { sendFileRange } from './file-range-sender';
import { keyUnder } from './storage-key';

/** Dataset files in a local directory (DATA_DIR): the zero-configuration store of `npm start`. */
export class LocalDatasetStorage extends DatasetStorage {
  constructor(private readonly dataDir: string) {
    super();
  }

  private path(key: string): string {
    return keyUnder(this.dataDir, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // A name of its own per write: two writers of one key never share a partial file.
    const partial = `${path}.${randomUUID()}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async putStream(key: string, source: Readable): Promise<void> {
    const path = this.path(key);
    // The source may fail while the folder is made, before the pipeline listens: an 'error' with no
    // listener would bring the process down. Listen meanwhile; the pipeline then reports the failure.
    const laterReported = () => {};
    source.on('error', laterReported);
    try {
      await mkdir(dirname(path), { recursive: true });
    } finally {
      source.off('error', laterReported);
    }
    if (source.errored) throw source.errored;
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    return stat(this.path(key)).then(
      (s) => s.size,
      () => null,
    );
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(key), range);
  }

  /** The API's downloads: with buffers reused for the whole response, not a read stream's fresh one per chunk. */
  override send(
    key: string,
    range: { start: number; end: number },
    res: ServerResponse,
    head: ResponseHead,
  ): Promise<void> {
    return sendFileRange(res, this.path(key), range, head);
  }

  /** Local files have no URL of their own: the API streams them, with Range. */
  downloadUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }

  /** The directory is made on first write, so a fresh install is healthy: it only has to be writable. */
  async checkReachable(): Promise<void> {
    await mkdir(this.dataDir, { recursive: true });
    await access(this.dataDir, constants.W_OK);
  }
}
