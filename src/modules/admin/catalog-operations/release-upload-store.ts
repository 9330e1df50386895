import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../../../config/storage.config';

/** Where resumable uploads gather, with a way to read one back once it is whole. */
export interface UploadStore {
  datastore: DataStore;
  read(uploadId: string): Promise<Readable>;
  /** Whether unfinished uploads are deleted by the store's own expiry sweep (the bucket's lifecycle rules do it otherwise). */
  sweepsExpired: boolean;
}

/**
 * With a bucket (STORAGE_URL), uploads gather in it, under `uploads/`, so that any API replica
 * can take any piece of one; without, on the local disk under DATA_DIR/.uploads.
 */
export function uploadStoreFor(s3: S3Settings | null, dataDir: string, expiryMs: number): UploadStore {
  if (!s3) {
    const directory = join(dataDir, '.uploads');
    mkdirSync(directory, { recursive: true });
    const store = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
    return { datastore: store, read: (id) => Promise.resolve(store.read(id)), sweepsExpired: true };
  }
  const store = new BucketUploadStore({
    // Tags mark finished uploads for a lifecycle rule; the expiry is left to the bucket's own rule instead.
    useTags: false,
    expirationPeriodInMilliseconds: expiryMs,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle,
      credentials: s3.credentials,
      // As the county files' client (s3ClientFor): checksums only where S3 requires them, as MinIO and R2 expect.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    datastore: store,
    read: (id) => store.read(id),
    // The store's sweep would abort every multipart upload in the bucket older than the expiry,
    // the county files' own among them: a lifecycle rule on uploads/ does it instead (docs/object-storage.md).
    sweepsExpired: false,
  };
}

/** The ids the store is given: the public upload id under the bucket's prefix and `uploads/`. */
export function storeIdPrefix(s3: S3Settings | null): string {
  if (!s3) return '';
  return `${s3.prefix ? `${s3.prefix}/` : ''}uploads/`;
}

class BucketUploadStore extends S3Store {
  /**
   * S3Store's remove aborts the multipart upload first and gives up when there is none, which
   * is the case once the upload is whole: its object and its .info are then deleted here.
   */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (error) {
      if ((error as { name?: string }).name !== 'NoSuchUpload') throw error;
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
      });
    }
  }
}
