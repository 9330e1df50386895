import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageConfig } from '../../config';

/**
 * Where dataset files live, by key (`counties/24510/2026-11.csv.gz`): a local
 * directory now, with the operations an S3-compatible store offers (put, streamed
 * put, stat, ranged read, delete), so one can take its place.
 */
@Injectable()
export class DatasetStorage {
  constructor(@Inject(storageConfig.KEY) private readonly config: ConfigType<typeof storageConfig>) {}

  private path(key: string): string {
    const path = normalize(join(this.config.dataDir, key));
    if (!path.startsWith(`${normalize(this.config.dataDir)}/`))
      throw new Error(`Storage key outside the store: ${key}`);
    return path;
  }

  /** Writes the whole object at once: readers never see half a file. */
  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // A name of its own per write: two writers of one key never share a partial file.
    const partial = `${path}.${randomUUID()}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  /**
   * Streams an object in without holding it in memory. Like put, readers never see half
   * a file: it appears under its key only once the stream has ended without error. A
   * stream that fails or is destroyed (a refused or aborted upload) leaves nothing behind.
   */
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

  /** Removes an object; one already gone is no error. */
  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    return stat(this.path(key)).then(
      (s) => s.size,
      () => null,
    );
  }

  /** The object's bytes, or a range of them (inclusive, as HTTP Range counts). */
  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(key), range);
  }
}
