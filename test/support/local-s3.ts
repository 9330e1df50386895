import {
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** s3rver's own default key pair; it checks every request's signature against it. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** An S3-compatible server on a free local port, started by the test that needs it. */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The store's settings for this server, as the environment gives them (a key prefix of the test's choosing). */
  env(prefix: string): Record<string, string>;
  /** A client of its own, to look at the bucket as an operator would. */
  client: S3Client;
  /** Keys of the objects under a prefix. */
  objectKeys(prefix: string): Promise<string[]>;
  /** Multipart uploads begun and neither completed nor aborted (S3 ListMultipartUploads). */
  pendingUploads(): Promise<{ key: string; uploadId: string }[]>;
  exists(key: string): Promise<boolean>;
  close(): Promise<void>;
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver 3.7 implements multipart uploads but not their listing (ListMultipartUploads), the
 * listing of one's parts (ListParts) nor their abort (AbortMultipartUpload): all answer errors. These two read and remove the very uploads
 * s3rver keeps (a folder per upload id in the bucket's uploads folder, holding the key and the
 * parts received), so a test sees what a real store would report.
 */
function multipartUploadLifecycle(uploadsDir: (bucket: string) => string) {
  return async (
    ctx: { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown; type: string },
    next: () => Promise<void>,
  ) => {
    const [, bucket, ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) {
      const dir = uploadsDir(bucket);
      const uploads = existsSync(dir)
        ? readdirSync(dir).map((uploadId) => ({
            uploadId,
            key: readFileSync(join(dir, uploadId, 'key'), 'utf8'),
            initiated: statSync(join(dir, uploadId)).birthtime.toISOString(),
          }))
        : [];
      ctx.type = 'application/xml';
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xmlEscape(bucket)}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>` +
        uploads
          .map(
            (u) =>
              `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${u.uploadId}</UploadId><Initiated>${u.initiated}</Initiated></Upload>`,
          )
          .join('') +
        `</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'GET' && key && typeof uploadId === 'string') {
      const dir = join(uploadsDir(bucket), uploadId.replace(/[^0-9a-f]/g, ''));
      ctx.type = 'application/xml';
      if (!existsSync(dir)) {
        ctx.status = 404;
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      const parts = readdirSync(dir)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(dir, `${name}.md5`)))
        .map((name) => ({
          number: Number(name),
          etag: readFileSync(join(dir, `${name}.md5`), 'utf8'),
          size: statSync(join(dir, name)).size,
          modified: statSync(join(dir, name)).mtime.toISOString(),
        }))
        .sort((a, b) => a.number - b.number);
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId>` +
        `<MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>` +
        parts
          .map(
            (part) =>
              `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.modified}</LastModified>` +
              `<ETag>"${part.etag}"</ETag><Size>${part.size}</Size></Part>`,
          )
          .join('') +
        `</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'DELETE' && key && typeof uploadId === 'string') {
      const dir = join(uploadsDir(bucket), uploadId.replace(/[^0-9a-f]/g, ''));
      if (!existsSync(dir)) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}

export async function startLocalS3(bucket = 'county-files'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cds-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // First in line: s3rver's router would refuse these requests.
  server.middleware.unshift(multipartUploadLifecycle((name) => join(directory, name, '._S3rver_uploads')));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    bucket,
    client,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async objectKeys(prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    async pendingUploads() {
      const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (listed.Uploads ?? []).map((upload) => ({ key: upload.Key!, uploadId: upload.UploadId! }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
      // Presigned GETs the test fetched may still hold keep-alive connections open.
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
