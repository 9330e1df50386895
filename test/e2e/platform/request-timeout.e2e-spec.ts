import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { listen } from '../../../src/bootstrap';
import { SourceReceiver } from '../../../src/modules/releases';
import { freePort } from '../../../bench/support/bench-app';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';

const TIMEOUT_MS = 400;
// A pause longer than the request limit and shorter than the idle limit.
const PAUSE_MS = 700;
const IDLE_MS = 1000;

/**
 * A request whose body is sent in two parts, `pauseMs` apart; answers the status and body
 * it got, or `closed` when the connection was cut without an answer.
 */
function slowRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body: Buffer; pauseMs: number },
): Promise<{ status: number | 'closed'; text: string }> {
  return new Promise((resolve) => {
    const half = Math.floor(options.body.length / 2);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: options.method,
      path: options.path,
      headers: { ...options.headers, 'Content-Length': String(options.body.length) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', () => resolve({ status: 'closed', text: '' }));
    req.write(options.body.subarray(0, half));
    setTimeout(() => {
      if (!req.destroyed) req.end(options.body.subarray(half));
    }, options.pauseMs);
  });
}

describe('Request time limits', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    store = await startTestApp(environment);
    port = await freePort();
    // A limit of a few hundred milliseconds, so that "too slow" takes no longer to show.
    await listen(store.app, port, { requestTimeoutMs: TIMEOUT_MS, idleTimeoutMs: IDLE_MS });
    token = (await request(store.server).post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200))
      .body.token;
  });

  afterAll(async () => {
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
  });

  it('cuts off an ordinary request whose body arrives too slowly, answering 408', async () => {
    const res = await slowRequest(port, {
      method: 'POST',
      path: '/api/admin/login',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify({ password: TEST_ADMIN_PASSWORD })),
      pauseMs: PAUSE_MS,
    });
    expect(res.status).toBe(408);
    expect(JSON.parse(res.text)).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
  });

  it('answers an ordinary request whose body arrives in time', async () => {
    const res = await slowRequest(port, {
      method: 'POST',
      path: '/api/admin/login',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify({ password: TEST_ADMIN_PASSWORD })),
      pauseMs: 20,
    });
    expect(res.status).toBe(200);
  });

  it('lets a piece of a resumable upload take longer than that, once staff are signed in', async () => {
    const release = await request(store.server)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${token}`)
      .send({ month: '2042-01' })
      .expect(201);
    const body = Buffer.alloc(64 * 1024, 'x');
    const created = await request(store.server)
      .post('/api/admin/uploads')
      .set({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' })
      .set('Upload-Length', String(body.length * 2))
      .set('Upload-Metadata', `releaseId ${Buffer.from(release.body.id).toString('base64')}`)
      .expect(201);
    const res = await slowRequest(port, {
      method: 'PATCH',
      path: created.headers.location,
      headers: {
        Authorization: `Bearer ${token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body,
      pauseMs: PAUSE_MS,
    });
    expect(res.status).toBe(204);
    const head = await request(store.server)
      .head(created.headers.location)
      .set({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' })
      .expect(200);
    expect(Number(head.headers['upload-offset'])).toBe(body.length);
  });

  it('keeps the last PATCH of an upload open while its file is checked, longer than a connection may idle', async () => {
    const release = await request(store.server)
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${token}`)
      .send({ month: '2042-02' })
      .expect(201);
    const counties = await store.db.query<{ fips: string }[]>(`SELECT fips FROM counties ORDER BY fips LIMIT 1`);
    const file = Buffer.from(`parcel_id,county_fips\n${counties[0].fips}-1,${counties[0].fips}\n`);
    const location: string = (
      await request(store.server)
        .post('/api/admin/uploads')
        .set({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' })
        .set('Upload-Length', String(file.length))
        .set('Upload-Metadata', `releaseId ${Buffer.from(release.body.id).toString('base64')}`)
        .expect(201)
    ).headers.location;
    // Checking a multi-GB file takes minutes; here, three idle timeouts.
    const receiver = store.app.get(SourceReceiver);
    const original = receiver.receiveFile.bind(receiver);
    const spy = jest.spyOn(receiver, 'receiveFile').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 3));
      return original(...args);
    });
    try {
      const res = await slowRequest(port, {
        method: 'PATCH',
        path: location,
        headers: {
          Authorization: `Bearer ${token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
        body: file,
        pauseMs: 0,
      });
      expect(res.status).toBe(204);
    } finally {
      spy.mockRestore();
    }
  });
});
