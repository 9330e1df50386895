import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { generateCountyDataset } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { DownloadTokens } from '../../../src/modules/downloads/download-token';
import { eventually } from '../../support/eventually';
import { LocalS3, startLocalS3 } from '../../support/local-s3';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe } from '../../support/stripe';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import { killAllWorkers, WorkerProcess } from '../../support/worker-process';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface County {
  id: string;
  fips: string;
  name: string;
  state_code: string;
  population: number | null;
}

/**
 * The whole store with STORAGE_URL=s3://…, against an S3-compatible server this file starts:
 * staff uploads and release ingest stream into the bucket (multipart, aborted when broken off),
 * and downloads answer 302 to a presigned URL once, and only once, the link is entitled.
 */
describe('Object storage: the store on an S3-compatible bucket', () => {
  let s3: LocalS3;
  let environment: TestEnvironment;
  let store: TestApp;
  let worker: WorkerProcess;
  let token: string;
  let buyer: WebClient;
  const prefix = `stores/${randomUUID()}`;
  const api = () => request(store.server);
  const objectKeys = async () => (await s3.objectKeys(`${prefix}/`)).map((key) => key.slice(prefix.length + 1));
  const county = async (fips: string): Promise<County> =>
    (
      await store.db.query(`SELECT id, fips, name, state_code, population FROM counties WHERE fips = $1`, [fips])
    )[0] as County;

  beforeAll(async () => {
    s3 = await startLocalS3();
    environment = await createTestEnvironment(s3.env(prefix));
    store = await startTestApp(environment, { listen: true });
    worker = WorkerProcess.start({ ...environment.env, LOG_LEVEL: 'warn' });
    const res = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    token = res.body.token;
    buyer = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(buyer, { email: 'bucket-buyer@example.com' });
  });

  afterAll(async () => {
    await killAllWorkers();
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
    await s3?.close();
  });

  const uploadTo = (target: County, body: Buffer) =>
    api()
      .post(`/api/admin/counties/${target.id}/datasets?release=${releaseOf(new Date())}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/gzip')
      .send(body);

  async function buyAndLink(target: County): Promise<{ subscriptionId: string; orderId: string; path: string }> {
    const orderId = await buy(store.server, 'bucket-buyer@example.com', [
      { countyId: target.id, purchaseType: 'one-time' },
    ]);
    const [{ id: subscriptionId }] = await store.db.query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [orderId],
    );
    const link = await api()
      .post(`/api/subscriptions/${subscriptionId}/download-link`)
      .set('Cookie', buyer.cookieHeader())
      .expect(200);
    return { subscriptionId, orderId, path: new URL(link.body.url).pathname };
  }

  it('keeps a staff upload in the bucket, and a download answers 302 to a presigned URL with the exact bytes and file name', async () => {
    const baltimore = await county('24510');
    const file = generateCountyDataset(
      { fips: baltimore.fips, name: baltimore.name, stateCode: baltimore.state_code, population: baltimore.population },
      '1999-01',
    );
    const uploaded = await uploadTo(baltimore, file.bytes).expect(201);
    const [row] = await store.db.query(`SELECT storage_key FROM county_datasets WHERE id = $1`, [uploaded.body.id]);
    expect(await objectKeys()).toContain(row.storage_key);
    // Nothing on the API's disk: the bucket holds the files (the folder where resumable uploads wait
    // for their last piece is all there is, and empty).
    const onDisk = readdirSync(environment.env.DATA_DIR, { recursive: true }) as string[];
    expect(onDisk.filter((name) => name !== '.uploads')).toEqual([]);

    const { path } = await buyAndLink(baltimore);
    const res = await api().get(path).redirects(0).expect(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = new URL(res.headers.location);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${s3.bucket}/${prefix}/${row.storage_key}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('900');
    // The URL is in Location only: no body repeats it, and no file byte comes through the API.
    expect(res.text ?? '').toBe('');

    const direct = await fetch(location);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-disposition')).toBe(
      `attachment; filename="baltimore-city-md-${releaseOf(new Date())}.csv.gz"`,
    );
    expect(direct.headers.get('content-type')).toBe('application/gzip');
    expect(sha256(Buffer.from(await direct.arrayBuffer()))).toBe(sha256(file.bytes));
    const resumed = await fetch(location, { headers: { Range: 'bytes=10-29' } });
    expect(resumed.status).toBe(206);
    expect(Buffer.from(await resumed.arrayBuffer())).toEqual(file.bytes.subarray(10, 30));
  });

  it('refuses an altered, expired or refunded link with no redirect to the file', async () => {
    const annapolis = await county('24003');
    const { subscriptionId, orderId, path } = await buyAndLink(annapolis);
    const linkToken = path.split('/').pop()!;
    const altered = await api()
      .get(`/api/downloads/${linkToken.slice(0, -2)}xx`)
      .redirects(0)
      .expect(404);
    expect(altered.headers.location).toBeUndefined();

    const [dataset] = await store.db.query(
      `SELECT d.id FROM county_datasets d JOIN subscriptions s ON s.county_id = d.county_id WHERE s.id = $1 LIMIT 1`,
      [subscriptionId],
    );
    const secret = store.app.get<{ sessionSecret: string }>('CONFIGURATION(auth)').sessionSecret;
    const stale = new DownloadTokens(secret).issue({ subscriptionId, datasetId: dataset.id }, Date.now() - 16 * 60_000);
    const expired = await api().get(`/api/downloads/${stale.token}`).redirects(0).expect(410);
    expect(expired.headers.location).toBeUndefined();

    const stripe = await testStripe();
    const [order] = await store.db.query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [orderId]);
    await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
    await stripe.simulator.flushWebhooks();
    const refunded = await api().get(path).redirects(0).expect(403);
    expect(refunded.headers.location).toBeUndefined();
    expect(refunded.body.message).toMatch(/does not include this file any more/);
  });

  it('aborts the multipart upload of a staff upload broken off halfway: no object and no pending upload stay', async () => {
    const target = await county('24005');
    const { port } = store.server.address() as { port: number };
    // Stored, not compressed (gzip level 0): a body of several parts of a multipart upload.
    const body = gzipSync(`parcel_id,county_fips\n${`000123,${target.fips}\n`.repeat(2_500_000)}`, { level: 0 });
    expect(body.length).toBeGreaterThan(30 * 1024 ** 2);
    const req = httpRequest({
      port,
      method: 'POST',
      path: `/api/admin/counties/${target.id}/datasets?release=${releaseOf(new Date())}`,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/gzip', 'Content-Length': body.length },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, 20 * 1024 ** 2));
    // Parts are reaching the bucket when the client goes away.
    await eventually(async () => (await s3.pendingUploads()).length > 0, 20_000);
    req.destroy();
    await eventually(async () => (await s3.pendingUploads()).length === 0, 20_000);
    expect((await objectKeys()).filter((key) => key.startsWith(`counties/${target.fips}/`))).toEqual([]);
    expect(await store.db.query(`SELECT id FROM county_datasets WHERE county_id = $1`, [target.id])).toEqual([]);
  });

  it('ingests a release source through the bucket: staged, split into the county file, the staged copy removed', async () => {
    const target = await county('24027');
    const month = '2031-03';
    const release = await api()
      .post('/api/admin/releases')
      .set('Authorization', `Bearer ${token}`)
      .send({ month })
      .expect(201);
    const csv = `parcel_id,county_fips,owner_name\n${target.fips}-00001,${target.fips},Ada Lovelace\n${target.fips}-00002,${target.fips},"Smith, John"\n`;
    const sent = await api()
      .post(`/api/admin/releases/${release.body.id}/files?countyId=${target.id}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/gzip')
      .send(gzipSync(csv))
      .expect(202);
    const job = await eventually(async () => {
      const res = await api().get(`/api/admin/jobs/${sent.body.id}`).set('Authorization', `Bearer ${token}`);
      return ['completed', 'failed'].includes(res.body.state) ? res.body : undefined;
    }, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; the worker said:\n${worker.log}`);
    });
    expect(job).toMatchObject({ state: 'completed', recordsRead: 2, countiesFound: 1, errors: [] });
    const [file] = await store.db.query(
      `SELECT storage_key, sha256 FROM county_datasets WHERE county_id = $1 AND release = $2`,
      [target.id, month],
    );
    const stored = await s3.client.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${file.storage_key}` }),
    );
    const bytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect(sha256(bytes)).toBe(file.sha256);
    expect(gunzipSync(bytes).toString('utf8')).toBe(csv);
    // Only county files are left of the release: the staged source is gone, no upload pending.
    expect((await objectKeys()).filter((key) => key.includes(month))).toEqual([file.storage_key]);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('reports the bucket as the file store in /api/health', async () => {
    const res = await api().get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up', storage: 'up' });
  });
});
