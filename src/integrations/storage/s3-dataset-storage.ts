import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { OnModuleDestroy } from '@nestjs/common';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Settings } from '../../config/storage.config';
import { attachmentDisposition } from './attachment-disposition';
import { DatasetStorage, DownloadPresentation } from './dataset-storage';
import { keyUnder } from './storage-key';

/** How long a presigned download link works: long enough to start, short enough not to be shared. */
export const PRESIGNED_DOWNLOAD_SECONDS = 15 * 60;

const MiB = 1024 ** 2;
/** S3 allows at most 10,000 parts per multipart upload. */
const MAX_PARTS = 10_000;
const MIN_PART_BYTES = 8 * MiB;
/**
 * Parts uploaded at once. Each holds a part in memory (plus the one being filled), so two keep a
 * streamed upload near 3 parts of RAM on a small API host while still overlapping network waits.
 */
export const PARTS_IN_FLIGHT = 2;
const HEALTH_PROBE_MS = 2000;

/**
 * The part size that lets the largest object the store accepts fit in 10,000 parts: 8 MiB up to
 * ~78 GiB, whole MiB above (11 MiB for the default 100 GiB release source file).
 */
export function partSizeFor(largestObjectBytes: number): number {
  const needed = Math.ceil(Math.ceil(largestObjectBytes / MAX_PARTS) / MiB) * MiB;
  return Math.max(MIN_PART_BYTES, needed);
}

/** The S3 client for settings; request checksums only where S3 requires them, as MinIO and R2 expect. */
export function s3ClientFor(settings: S3Settings, endpoint = settings.endpoint): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Dataset files in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix). Streamed puts are
 * multipart uploads that become visible only when completed, and are aborted when their source
 * fails; downloads are presigned GETs, so file bytes never pass through the API.
 */
export class S3DatasetStorage extends DatasetStorage implements OnModuleDestroy {
  private readonly client: S3Client;
  /** Signs download links for the address buyers reach the store at (it may differ from the API's). */
  private readonly signer: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly partSize: number,
  ) {
    super();
    this.client = s3ClientFor(settings);
    this.signer = settings.publicEndpoint ? s3ClientFor(settings, settings.publicEndpoint) : this.client;
  }

  private objectKey(key: string): string {
    return keyUnder(this.settings.prefix, key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: bytes }),
    );
  }

  async putStream(key: string, source: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: source },
      partSize: this.partSize,
      queueSize: PARTS_IN_FLIGHT,
      // A failed upload is aborted before done() rejects: no parts are left to pay for.
      leavePartsOnError: false,
    });
    // The source may fail before the upload reads from it, or between reads: its error reaches
    // the upload through its iterator, but an 'error' with no listener meanwhile would end the process.
    const reportedByUpload = () => {};
    source.on('error', reportedByUpload);
    try {
      if (source.errored) throw source.errored;
      await upload.done();
    } catch (error) {
      // As a local pipeline would: whatever sent the body learns the storage gave up on it.
      source.destroy();
      throw error;
    } finally {
      source.off('error', reportedByUpload);
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return head.ContentLength ?? null;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const Key = this.objectKey(key);
    const out = new PassThrough();
    // A reader that stops early (a client gone, a sample taken) ends the request to the store too.
    const abort = new AbortController();
    out.once('close', () => abort.abort());
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Range: range && `bytes=${range.start}-${range.end}`,
        }),
        { abortSignal: abort.signal },
      )
      .then(({ Body }) => pipeline(Body as Readable, out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async downloadUrl(key: string, { filename, contentType }: DownloadPresentation): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: this.objectKey(key),
      ResponseContentDisposition: attachmentDisposition(filename),
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.signer, command, { expiresIn: PRESIGNED_DOWNLOAD_SECONDS });
  }

  /** One cheap request: the bucket exists and these credentials may use it. */
  async checkReachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
      abortSignal: AbortSignal.timeout(HEALTH_PROBE_MS),
    });
  }

  onModuleDestroy(): void {
    this.client.destroy();
    if (this.signer !== this.client) this.signer.destroy();
  }
}
