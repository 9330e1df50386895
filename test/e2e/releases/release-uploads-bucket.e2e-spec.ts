import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { LocalS3, startLocalS3 } from '../../support/local-s3';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (value: string) => Buffer.from(value).toString('base64');
const PIECE = 3 * 1024 * 1024;

/**
 * Two API replicas on one database, one Redis and one bucket (STORAGE_URL), as behind a load
 * balancer: a resumable upload's pieces may reach either, and its bytes wait in the bucket.
 */
describe('Resumable uploads across API replicas (bucket storage)', () => {
  let s3: LocalS3;
  let environment: TestEnvironment;
  let replicas: TestApp[];
  let token: string;
  let cleanUp = () => undefined as void;
  const prefix = `stores/${randomUUID()}`;
  const auth = () => ({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' });

  beforeAll(async () => {
    s3 = await startLocalS3();
    environment = await createTestEnvironment({ ...s3.env(prefix), RELEASE_FILE_MAX_BYTES: String(64 * 1024 * 1024) });
    // Each replica a machine of its own: a local disk (DATA_DIR) that the other does not see.
    const elsewhere = mkdtempSync(join(tmpdir(), 'cds-replica-'));
    cleanUp = () => rmSync(elsewhere, { recursive: true, force: true });
    replicas = [
      await startTestApp(environment, { listen: true }),
      await startTestApp({ ...environment, env: { ...environment.env, DATA_DIR: elsewhere } }, { listen: true }),
    ];
    token = (
      await request(replicas[0].server).post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)
    ).body.token;
  });

  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    if (environment) await destroyTestEnvironment(environment);
    await s3?.close();
    cleanUp();
  });

  /** A plain CSV of some 12 MB over three counties: four pieces, and parts of S3's 5 MiB minimum. */
  async function sourceFile(): Promise<Buffer> {
    const counties = await replicas[0].db.query<{ fips: string }[]>(
      `SELECT fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 3`,
    );
    const lines = ['parcel_id,county_fips,owner_name,assessed_total_value'];
    for (let n = 0; n < 150_000; n++) {
      const { fips } = counties[n % counties.length];
      lines.push(`${fips}-${n},${fips},Owner ${randomBytes(16).toString('hex')},${n * 17}`);
    }
    return Buffer.from(lines.join('\n') + '\n');
  }

  it('takes the pieces of one upload on alternate replicas: one ingest job, its staged file whole', async () => {
    const month = '2043-01';
    const release = await request(replicas[1].server)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${token}`)
      .send({ month })
      .expect(201);
    const file = await sourceFile();
    const created = await request(replicas[0].server)
      .post('/api/admin/uploads')
      .set(auth())
      .set('Upload-Length', String(file.length))
      .set('Upload-Metadata', `releaseId ${b64(release.body.id)},filename ${b64('national.csv')}`)
      .expect(201);
    const location: string = created.headers.location;

    let offset = 0;
    let jobId: string | undefined;
    for (let piece = 0; offset < file.length; piece++) {
      const replica = replicas[piece % 2];
      // The other replica has just taken the previous piece: this one asks where the upload stands.
      const head = await request(replica.server).head(location).set(auth()).expect(200);
      expect(Number(head.headers['upload-offset'])).toBe(offset);
      const end = Math.min(offset + PIECE, file.length);
      const res = await request(replica.server)
        .patch(location)
        .set(auth())
        .set('Upload-Offset', String(offset))
        .set('Content-Type', 'application/offset+octet-stream')
        .send(file.subarray(offset, end));
      expect(res.status).toBe(204);
      offset = Number(res.headers['upload-offset']);
      expect(offset).toBe(end);
      jobId = res.headers['upload-ingest-job'];
    }
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    // The last PATCH resent to the other replica (its answer lost): the same job, no second one.
    const resent = await request(replicas[0].server)
      .patch(location)
      .set(auth())
      .set('Upload-Offset', String(file.length))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(Buffer.alloc(0));
    expect(resent.status).toBe(204);
    expect(resent.headers['upload-ingest-job']).toBe(jobId);
    const jobs = await replicas[0].db.query(`SELECT id FROM ingest_jobs WHERE release_id = $1`, [release.body.id]);
    expect(jobs).toEqual([{ id: jobId }]);

    const staged = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/releases/${month}/incoming/${jobId}.upload` }),
    );
    expect(sha256(Buffer.from(await staged.Body!.transformToByteArray()))).toBe(sha256(file));
    // The upload's own bytes are gone from the bucket once handed off.
    expect(await s3.objectKeys(`${prefix}/uploads/`)).toEqual([]);
    expect((await s3.pendingUploads()).filter((upload) => upload.key.startsWith(`${prefix}/uploads/`))).toEqual([]);
  });

  it('keeps a second request to the same upload on another replica waiting until the first is done', async () => {
    const release = await request(replicas[0].server)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${token}`)
      .send({ month: '2043-02' })
      .expect(201);
    const piece = Buffer.alloc(PIECE, 'x');
    const location: string = (
      await request(replicas[0].server)
        .post('/api/admin/uploads')
        .set(auth())
        .set('Upload-Length', String(piece.length * 4))
        .set('Upload-Metadata', `releaseId ${b64(release.body.id)}`)
        .expect(201)
    ).headers.location;
    // Replica 0 takes a piece that arrives slowly: half, a pause, the rest.
    const { port } = replicas[0].server.address() as AddressInfo;
    const slow = new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...auth(),
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(piece.length),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write(piece.subarray(0, piece.length / 2));
      setTimeout(() => req.end(piece.subarray(piece.length / 2)), 1500);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The same piece again on replica 1 meanwhile (a client that thought the first lost): it waits
    // for the first, then finds the offset moved on.
    const second = await request(replicas[1].server)
      .patch(location)
      .set(auth())
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(piece);
    expect(await slow).toBe(204);
    expect(second.status).toBe(409);
    const head = await request(replicas[1].server).head(location).set(auth()).expect(200);
    expect(Number(head.headers['upload-offset'])).toBe(piece.length);
  });
});
