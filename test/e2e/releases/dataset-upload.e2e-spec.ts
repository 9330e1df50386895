import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { CountyDatasetsService } from '../../../src/modules/releases/files/county-datasets.service';
import { DownloadsService } from '../../../src/modules/downloads/downloads.service';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { generateCountyDataset } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

const LIMIT = 256 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface County {
  id: string;
  fips: string;
  name: string;
  state_code: string;
  population: number | null;
}

/** A small county file: the identifiers, an owner, and the rows given (or a few of its own). */
function countyFile(fips: string, rows?: string[]): Buffer {
  const lines = rows ?? [`001-01,${fips},Ada Lovelace`, `001-02,${fips},"Smith, John"`];
  return gzipSync(Buffer.from(['parcel_id,county_fips,owner_name', ...lines].join('\n') + '\n'));
}

describe('Staff upload of county files', () => {
  const context = useTestApp({ listen: true, env: { DATASET_UPLOAD_MAX_BYTES: String(LIMIT) } });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const dataDir = () => context.environment.env.DATA_DIR;
  let token: string;
  let counties: County[];
  let refusals = 0;

  const upload = (county: County, release: string, body: Buffer, type = 'application/gzip') =>
    api()
      .post(`/api/admin/counties/${county.id}/datasets?release=${release}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', type)
      .send(body);

  const thisMonth = () => releaseOf(new Date());
  const midLastMonth = () => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
  };
  const lastMonth = () => releaseOf(midLastMonth());

  /** Every file under the data directory, partial ones included. */
  const storedFiles = (): string[] => (existsSync(dataDir()) ? filesIn(dataDir()) : []);
  function filesIn(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  }

  async function expectNothingStored(county: County): Promise<void> {
    const rows = await db().query(`SELECT id FROM county_datasets WHERE county_id = $1`, [county.id]);
    expect(rows).toEqual([]);
    expect(
      storedFiles().filter((file) => file.includes(`/counties/${county.fips}/`) || file.endsWith('.partial')),
    ).toEqual([]);
  }

  /** As if bought in the middle of last month (an annual subscription's year moves with it). */
  async function boughtLastMonth(subscriptionIds: string[]): Promise<void> {
    await db().query(
      `UPDATE subscriptions SET start_date = $2,
         expiration_date = CASE WHEN expiration_date IS NULL THEN NULL ELSE $2::timestamptz + interval '1 year' END
       WHERE id = ANY($1)`,
      [subscriptionIds, midLastMonth()],
    );
  }

  async function subscriptionsOf(orderId: string): Promise<Record<'one-time' | 'annual', string>> {
    const rows: { id: string; purchase_type: 'one-time' | 'annual' }[] = await db().query(
      `SELECT s.id, s.purchase_type FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
       WHERE i.order_id = $1`,
      [orderId],
    );
    return Object.fromEntries(rows.map((row) => [row.purchase_type, row.id])) as Record<'one-time' | 'annual', string>;
  }

  /** A link through the public service method, and the file it downloads. */
  async function download(subscriptionId: string, orderId: string) {
    const link = await context.store.app.get(DownloadsService).linkFor(subscriptionId, { orderId });
    const res = await api().get(new URL(link.url).pathname).buffer(true).parse(binaryBody).expect(200);
    return { link, file: res.body as Buffer };
  }

  beforeAll(async () => {
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.9.0.1')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    token = res.body.token;
    counties = await db().query(
      `SELECT id, fips, name, state_code, population FROM counties WHERE deleted_at IS NULL
       ORDER BY population NULLS FIRST, fips LIMIT 20`,
    );
  });

  it('stores an uploaded file, records and audits it, and an entitled buyer downloads exactly its bytes', async () => {
    const county = counties[0];
    const { bytes: file, records } = generateCountyDataset(
      { fips: county.fips, name: county.name, stateCode: county.state_code, population: county.population },
      '1999-01',
    );
    const res = await upload(county, thisMonth(), file).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      countyId: county.id,
      release: thisMonth(),
      bytes: file.length,
      sha256: sha256(file),
      records,
      source: 'uploaded',
    });
    const [row] = await db().query(`SELECT storage_key, source FROM county_datasets WHERE id = $1`, [res.body.id]);
    expect(row.source).toBe('uploaded');
    expect(readFileSync(join(dataDir(), row.storage_key)).equals(file)).toBe(true);
    const [audit] = await db().query(`SELECT action, target_id, before, after FROM audit_log WHERE target_id = $1`, [
      res.body.id,
    ]);
    expect(audit).toMatchObject({ action: 'dataset.upload', before: null, after: { sha256: sha256(file) } });

    const email = 'upload-buyer@example.com';
    await buy(context.store.server, email, [{ countyId: county.id, purchaseType: 'one-time' }]);
    const buyer = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(buyer, { email });
    const [subscription] = JSON.parse((await buyer.request('/api/subscriptions')).body);
    expect(subscription.downloadableRelease).toBe(thisMonth());
    const link = await api()
      .post(`/api/subscriptions/${subscription.id}/download-link`)
      .set('Cookie', buyer.cookieHeader())
      .expect(200);
    expect(link.body).toMatchObject({ release: thisMonth(), records, bytes: file.length });
    const downloaded = await api().get(new URL(link.body.url).pathname).buffer(true).parse(binaryBody).expect(200);
    expect(sha256(downloaded.body as Buffer)).toBe(res.body.sha256);
    expect((downloaded.body as Buffer).length).toBe(res.body.bytes);
  });

  it('counts records as CSV: quoted line breaks and commas do not make extra records', async () => {
    const county = counties[1];
    const file = countyFile(county.fips, [
      `001,${county.fips},"Smith, John\nand Jane"`,
      `002,${county.fips},"The ""Old"" Mill,\r\nLLC"`,
      `003,${county.fips},`,
    ]);
    const res = await upload(county, thisMonth(), file).expect(201);
    expect(res.body.records).toBe(3);
  });

  it.each([
    [
      'an unknown column',
      (fips: string) => gzipSync(`parcel_id,county_fips,shoe_size\n1,${fips},42\n`),
      'application/gzip',
      400,
      /Unknown column in the header: "shoe_size" \(column 3\)/,
    ],
    [
      'a file that is not gzip',
      (fips: string) => Buffer.from(`parcel_id,county_fips\n1,${fips}\n`),
      'application/gzip',
      400,
      /not valid gzip/,
    ],
    ['an empty body', () => Buffer.alloc(0), 'application/gzip', 400, /^The file is empty$/],
    [
      'a header without the parcel identifier',
      (fips: string) => gzipSync(`county_fips,owner_name\n${fips},Someone\n`),
      'application/gzip',
      400,
      /lacks the identifier column parcel_id/,
    ],
    [
      'a file whose last record is of another county',
      (fips: string) =>
        countyFile(fips, [...Array.from({ length: 5000 }, (_, i) => `${i},${fips},Owner ${i}`), '9,00000,Stray']),
      'application/gzip',
      400,
      /Record 5001 \(line 5002\) has county_fips "00000"/,
    ],
    [
      'a CSV sent as text',
      (fips: string) => Buffer.from(`parcel_id,county_fips\n1,${fips}\n`),
      'text/csv',
      415,
      /Content-Type: application\/gzip; this request's is text\/csv/,
    ],
    [
      'a file over the limit',
      () => Buffer.alloc(LIMIT + 1, 1),
      'application/gzip',
      413,
      /^The file is larger than the upload limit of 256 KiB \(262144 bytes\)$/,
    ],
  ])('refuses %s, storing nothing', async (_what, makeFile, type, status, message) => {
    const county = counties[2 + refusals++];
    const res = await upload(county, thisMonth(), makeFile(county.fips), type).expect(status);
    expect(res.body).toEqual({
      statusCode: status,
      message: expect.stringMatching(message),
      error: expect.any(String),
    });
    await expectNothingStored(county);
  });

  it('cuts off a body sent without Content-Length once it passes the limit, storing nothing', async () => {
    const county = counties[12];
    const { port } = context.store.server.address() as { port: number };
    // Stored, not compressed: gzip of level 0 keeps the file as large as its CSV.
    const body = gzipSync(
      `parcel_id,county_fips\n${Array.from({ length: 80_000 }, (_, i) => `${i},${county.fips}`).join('\n')}\n`,
      { level: 0 },
    );
    expect(body.length).toBeGreaterThan(2 * LIMIT);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          port,
          method: 'POST',
          path: `/api/admin/counties/${county.id}/datasets?release=${thisMonth()}`,
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/gzip',
            'Transfer-Encoding': 'chunked',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.subarray(i, i + 16 * 1024));
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('upload limit of 256 KiB');
    await expectNothingStored(county);
  });

  it('leaves nothing behind when the client breaks off an upload halfway', async () => {
    const county = counties[13];
    const { port } = context.store.server.address() as { port: number };
    const body = gzipSync(`parcel_id,county_fips\n${`1,${county.fips}\n`.repeat(20_000)}`, { level: 0 });
    const req = httpRequest({
      port,
      method: 'POST',
      path: `/api/admin/counties/${county.id}/datasets?release=${thisMonth()}`,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/gzip', 'Content-Length': body.length },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, 64 * 1024));
    await eventually(async () => storedFiles().some((file) => file.endsWith('.partial')));
    req.destroy();
    await eventually(async () => !storedFiles().some((file) => file.endsWith('.partial')));
    await expectNothingStored(county);
  });

  it('refuses anyone without a valid admin token, storing nothing', async () => {
    const county = counties[14];
    const path = `/api/admin/counties/${county.id}/datasets?release=${thisMonth()}`;
    const file = countyFile(county.fips);
    await api().post(path).set('Content-Type', 'application/gzip').send(file).expect(401);
    await api()
      .post(path)
      .set('Authorization', 'Bearer not-a-token')
      .set('Content-Type', 'application/gzip')
      .send(file)
      .expect(401);
    await expectNothingStored(county);
  });

  it('refuses a release that is not a month, or is a future one, and a county that does not exist', async () => {
    const county = counties[14];
    const future = releaseOf(new Date(Date.now() + 40 * 24 * 3600 * 1000));
    const later = await upload(county, future, countyFile(county.fips)).expect(400);
    expect(later.body.message).toBe(`release cannot be a future month; the current one is ${thisMonth()}`);
    const malformed = await upload(county, '2026-13', countyFile(county.fips)).expect(400);
    expect(malformed.body.message).toBe('release must be a month as YYYY-MM, for example 2026-11');
    await upload(
      { ...county, id: '00000000-0000-4000-8000-000000000000' },
      thisMonth(),
      countyFile(county.fips),
    ).expect(404);
    await expectNothingStored(county);
  });

  it('replaces the file of a release uploaded again, keeping its record and the old file for downloads under way', async () => {
    const county = counties[15];
    const first = await upload(county, lastMonth(), countyFile(county.fips)).expect(201);
    const [{ storage_key: firstKey }] = await db().query(`SELECT storage_key FROM county_datasets WHERE id = $1`, [
      first.body.id,
    ]);
    const replacement = countyFile(county.fips, [`9,${county.fips},New Owner`]);
    const second = await upload(county, lastMonth(), replacement).expect(201);
    expect(second.body).toMatchObject({ id: first.body.id, records: 1, sha256: sha256(replacement) });
    const rows = await db().query(`SELECT storage_key, sha256 FROM county_datasets WHERE county_id = $1`, [county.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].storage_key).not.toBe(firstKey);
    expect(readFileSync(join(dataDir(), rows[0].storage_key)).equals(replacement)).toBe(true);
    expect(existsSync(join(dataDir(), firstKey))).toBe(true);
    const [audit] = await db().query(
      `SELECT before, after FROM audit_log WHERE action = 'dataset.upload' AND target_id = $1
       ORDER BY occurred_at DESC, id DESC LIMIT 1`,
      [first.body.id],
    );
    expect(audit.before.sha256).toBe(first.body.sha256);
    expect(audit.after.sha256).toBe(second.body.sha256);
  });

  it('makes uploaded data current over generated data, even a generated release that is newer', async () => {
    const county = counties[16];
    const datasets = context.store.app.get(CountyDatasetsService);
    const generated = await datasets.currentDataset(county.id, new Date());
    expect(generated).toMatchObject({ release: thisMonth(), source: 'generated' });
    await upload(county, lastMonth(), countyFile(county.fips)).expect(201);
    expect(await datasets.currentDataset(county.id, new Date())).toMatchObject({
      release: lastMonth(),
      source: 'uploaded',
    });
    // Before the first uploaded release, the county has no current file at all.
    expect(await datasets.currentDataset(county.id, new Date('2001-06-01T00:00:00Z'))).toBeNull();
  });

  it('keeps a one-time buyer on the file current at purchase after a newer upload, and moves an annual subscriber to it', async () => {
    const county = counties[17];
    const atPurchase = countyFile(county.fips, [`1,${county.fips},Then`]);
    await upload(county, lastMonth(), atPurchase).expect(201);
    const orderId = await buy(context.store.server, 'both-plans@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    const annualOrderId = await buy(context.store.server, 'both-plans@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    const snapshot = (await subscriptionsOf(orderId))['one-time'];
    const tracker = (await subscriptionsOf(annualOrderId)).annual;
    await boughtLastMonth([snapshot, tracker]);
    const trackerBefore = await download(tracker, annualOrderId);
    expect(sha256(trackerBefore.file)).toBe(sha256(atPurchase));

    const newer = countyFile(county.fips, [`1,${county.fips},Now`, `2,${county.fips},Also now`]);
    await upload(county, thisMonth(), newer).expect(201);

    const kept = await download(snapshot, orderId);
    expect(kept.link.release).toBe(lastMonth());
    expect(sha256(kept.file)).toBe(sha256(atPurchase));
    const moved = await download(tracker, annualOrderId);
    expect(moved.link).toMatchObject({ release: thisMonth(), records: 2 });
    expect(sha256(moved.file)).toBe(sha256(newer));
    // The annual subscriber keeps every release from its start: last month's link still works.
    await api().get(new URL(trackerBefore.link.url).pathname).expect(200);
  });

  it('answers a clear 409, not an error, while the county has no file for the purchase yet', async () => {
    const county = counties[18];
    const orderId = await buy(context.store.server, 'early@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    const snapshot = (await subscriptionsOf(orderId))['one-time'];
    await boughtLastMonth([snapshot]);
    // The county's only file is of a month after the purchase.
    await upload(county, thisMonth(), countyFile(county.fips)).expect(201);
    await expect(context.store.app.get(DownloadsService).linkFor(snapshot, { orderId })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This county's data is not available yet\. Please try again in a few days/),
    });
  });
});
