import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { SourceReceiver } from '../../../src/modules/releases';
import { eventually } from '../../support/eventually';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { killAllWorkers, WorkerProcess } from '../../support/worker-process';

const HEADER = 'parcel_id,county_fips,owner_name,assessed_total_value';
const b64 = (value: string) => Buffer.from(value).toString('base64');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('Resumable uploads of release source files (tus)', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let token: string;
  let fips: string[];
  let months = 0;
  const api = () => request(store.server);
  const auth = () => ({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' });

  beforeAll(async () => {
    environment = await createTestEnvironment({ RELEASE_FILE_MAX_BYTES: String(8 * 1024 * 1024) });
    store = await startTestApp(environment, { listen: true });
    token = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    const counties = await store.db.query<{ fips: string }[]>(
      `SELECT fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 3`,
    );
    fips = counties.map((county) => county.fips);
  });

  afterAll(async () => {
    await killAllWorkers();
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
  });

  async function draft(): Promise<{ id: string; month: string }> {
    months++;
    const month = `2041-${String(months).padStart(2, '0')}`;
    const res = await api().post('/api/admin/releases').set('Authorization', `Bearer ${token}`).send({ month });
    expect(res.status).toBe(201);
    return { id: res.body.id, month };
  }

  /** A gzip CSV of a few thousand records over three counties, not compressible to nothing. */
  function sourceFile(): Buffer {
    const lines = [HEADER];
    for (let n = 0; n < 6000; n++) {
      const county = fips[n % fips.length];
      lines.push(`${county}-${n},${county},Owner ${createHash('md5').update(String(n)).digest('hex')},${n * 17}`);
    }
    return gzipSync(Buffer.from(lines.join('\n') + '\n'));
  }

  const create = (releaseId: string, length: number, extra: Record<string, string> = {}) =>
    api()
      .post('/api/admin/uploads')
      .set(auth())
      .set('Upload-Length', String(length))
      .set(
        'Upload-Metadata',
        Object.entries({ releaseId, filename: 'national.csv.gz', ...extra })
          .map(([key, value]) => `${key} ${b64(value)}`)
          .join(','),
      );

  const offsetOf = async (location: string): Promise<number> =>
    Number((await api().head(location).set(auth()).expect(200)).headers['upload-offset']);

  /** A PATCH that sends `sent` of the `total` bytes it declares and then loses its connection. */
  function patchCutOff(location: string, bytes: Buffer, sent: number): Promise<void> {
    const { port } = store.server.address() as AddressInfo;
    return new Promise((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...auth(),
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
    });
  }

  it('refuses to start an upload without an admin session', async () => {
    await api().post('/api/admin/uploads').set('Tus-Resumable', '1.0.0').set('Upload-Length', '10').expect(401);
  });

  it('refuses, before any byte is sent, an upload to no release, naming no release, or past the size limit', async () => {
    const missing = await create('00000000-0000-4000-8000-000000000000', 100);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toMatchObject({ statusCode: 404, message: 'Release not found' });
    const noRelease = await create('not-a-uuid', 100);
    expect(noRelease.status).toBe(400);
    const { id } = await draft();
    const tooLarge = await create(id, 9 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
  });

  it('resumes an upload cut off half-way: the staged file has the sha256 of the original and its ingest job completes', async () => {
    const { id, month } = await draft();
    const file = sourceFile();
    const created = await create(id, file.length).expect(201);
    const location: string = created.headers.location;
    expect(location.startsWith('/api/admin/uploads/')).toBe(true);

    await patchCutOff(location, file, Math.floor(file.length / 2));
    const offset = await eventually(async () => {
      const at = await offsetOf(location);
      return at > 0 && at;
    });
    expect(offset).toBeLessThan(file.length);

    const finished = await api()
      .patch(location)
      .set(auth())
      .set('Upload-Offset', String(offset))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(file.subarray(offset));
    expect(finished.status).toBe(204);
    const jobId = finished.headers['upload-ingest-job'];
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    // No worker yet: the staged object is the file as the ingest path received it.
    const staged = join(environment.env.DATA_DIR, `releases/${month}/incoming/${jobId}.upload`);
    expect(existsSync(staged)).toBe(true);
    expect(sha256(readFileSync(staged))).toBe(sha256(file));
    // The upload's own bytes are gone once handed off.
    expect(
      readdirSync(join(environment.env.DATA_DIR, '.uploads')).filter((name) =>
        name.startsWith(location.split('/').pop()!),
      ),
    ).toEqual([]);

    WorkerProcess.start({ ...environment.env, LOG_LEVEL: 'warn' });
    const job = await eventually(async () => {
      const res = await api().get(`/api/admin/jobs/${jobId}`).set('Authorization', `Bearer ${token}`).expect(200);
      return ['completed', 'failed'].includes(res.body.state) && res.body;
    }, 60_000);
    expect(job.state).toBe('completed');
    expect(job).toMatchObject({ releaseId: id, recordsRead: 6000, countiesFound: 3 });
  });

  it('refuses a finished upload whose header is not of the schema, leaving no job and no bytes', async () => {
    const { id } = await draft();
    const file = Buffer.from('name,age\nx,1\n');
    const location = (await create(id, file.length).expect(201)).headers.location;
    const res = await api()
      .patch(location)
      .set(auth())
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(file);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ statusCode: 400 });
    const jobs = await store.db.query(`SELECT 1 FROM ingest_jobs WHERE release_id = $1`, [id]);
    expect(jobs).toHaveLength(0);
    const uploadId = location.split('/').pop()!;
    expect(readdirSync(join(environment.env.DATA_DIR, '.uploads')).filter((name) => name.startsWith(uploadId))).toEqual(
      [],
    );
  });

  it('cancels an upload: its bytes are deleted and it can no longer be resumed', async () => {
    const { id } = await draft();
    const file = sourceFile();
    const location = (await create(id, file.length).expect(201)).headers.location;
    await api()
      .patch(location)
      .set(auth())
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(file.subarray(0, 1000))
      .expect(204);
    await api().delete(location).set(auth()).expect(204);
    await api().head(location).set(auth()).expect(404);
    const uploadId = location.split('/').pop()!;
    expect(readdirSync(join(environment.env.DATA_DIR, '.uploads')).filter((name) => name.startsWith(uploadId))).toEqual(
      [],
    );
  });

  it('refuses an upload id that is not one the server gives, so no path outside the uploads can be named', async () => {
    for (const hostile of ['..%2F..%2Fpackage.json', '%2E%2E%2Fsecret', 'a'.repeat(31), 'A'.repeat(32)]) {
      const res = await api().head(`/api/admin/uploads/${hostile}`).set(auth());
      expect(res.status).toBe(404);
      const patch = await api()
        .patch(`/api/admin/uploads/${hostile}`)
        .set(auth())
        .set('Upload-Offset', '0')
        .set('Content-Type', 'application/offset+octet-stream')
        .send('x');
      expect(patch.status).toBe(404);
    }
  });

  it('names an upload only by its path: a query string cannot name a file to delete, nor a POST become a DELETE', async () => {
    const victim = join(environment.env.DATA_DIR, 'victim.txt');
    writeFileSync(victim, 'keep me');
    const deleted = await api()
      .delete(`/api/admin/uploads/${'0'.repeat(32)}?x/..%2Fvictim.txt`)
      .set(auth());
    expect(deleted.status).toBe(404);
    expect(JSON.parse(deleted.text)).toMatchObject({ statusCode: 404 });
    const overridden = await api()
      .post('/api/admin/uploads?x/..%2Fvictim.txt')
      .set(auth())
      .set('X-HTTP-Method-Override', 'DELETE');
    expect(overridden.status).toBe(400);
    expect(overridden.body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('X-HTTP-Method-Override'),
    });
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });

  it('records a cancelled upload in the audit log, with how far it had got', async () => {
    const { id } = await draft();
    const location = (await create(id, 5000).expect(201)).headers.location;
    await api()
      .patch(location)
      .set(auth())
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(Buffer.alloc(1000, 'x'))
      .expect(204);
    await api().delete(location).set(auth()).expect(204);
    const uploadId = location.split('/').pop()!;
    const rows = await store.db.query<
      { target_id: string; before: Record<string, unknown>; admin_session_id: string }[]
    >(`SELECT target_id, before, admin_session_id FROM audit_log WHERE action = 'release.upload_cancel'`);
    expect(rows.filter((row) => row.before.upload === uploadId)).toEqual([
      expect.objectContaining({
        target_id: id,
        admin_session_id: expect.any(String),
        before: expect.objectContaining({ upload: uploadId, bytes: 5000, bytes_received: 1000 }),
      }),
    ]);
  });

  it('finishes an upload once: a resent last PATCH while it is being checked is refused (423), and after gets the same job', async () => {
    const { id } = await draft();
    const file = sourceFile();
    const location = (await create(id, file.length).expect(201)).headers.location;
    // The finishing step held open, as a multi-GB file would hold it.
    const receiver = store.app.get(SourceReceiver);
    const original = receiver.receiveFile.bind(receiver);
    let finishing!: () => void;
    const held = new Promise<void>((resolve) => (finishing = resolve));
    let calls = 0;
    const spy = jest.spyOn(receiver, 'receiveFile').mockImplementation(async (...args) => {
      calls++;
      await held;
      return original(...args);
    });
    try {
      const last = api()
        .patch(location)
        .set(auth())
        .set('Upload-Offset', '0')
        .set('Content-Type', 'application/offset+octet-stream')
        .send(file)
        .then((res) => res);
      await eventually(async () => calls === 1);
      const resent = () =>
        api()
          .patch(location)
          .set(auth())
          .set('Upload-Offset', String(file.length))
          .set('Content-Type', 'application/offset+octet-stream')
          .send(Buffer.alloc(0));
      const during = await resent();
      expect(during.status).toBe(423);
      expect(JSON.parse(during.text)).toMatchObject({
        statusCode: 423,
        message: expect.stringContaining('being checked'),
      });
      expect(await offsetOf(location)).toBe(file.length);
      finishing();
      const first = await last;
      expect(first.status).toBe(204);
      const jobId = first.headers['upload-ingest-job'];
      expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
      // The client that lost that answer asks again: the offset is the whole file, the job the same one.
      expect(await offsetOf(location)).toBe(file.length);
      const after = await resent();
      expect(after.status).toBe(204);
      expect(after.headers['upload-ingest-job']).toBe(jobId);
      expect(calls).toBe(1);
      const jobs = await store.db.query(`SELECT id FROM ingest_jobs WHERE release_id = $1`, [id]);
      expect(jobs).toEqual([{ id: jobId }]);
    } finally {
      spy.mockRestore();
    }
  });

  it("lets only the store's own origin read the upload answers (CORS)", async () => {
    const { id } = await draft();
    const location = (await create(id, 10).expect(201)).headers.location;
    const foreign = await api().head(location).set(auth()).set('Origin', 'https://elsewhere.example').expect(200);
    expect(foreign.headers['access-control-allow-origin']).toBe(new URL(process.env.PUBLIC_URL!).origin);
  });
});
