import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import type { Job } from 'bullmq';
import { ParcelBatchRunner } from '../../../src/modules/parcels/batches/parcel-batch-runner.service';
import { BATCH_STALLED, ParcelBatchSweep } from '../../../src/modules/parcels/batches/parcel-batch-sweep.service';
import { ParcelBatchesProcessor } from '../../../src/modules/parcels/batches/parcel-batches.processor';
import { NO_TRACKER } from '../../../src/modules/parcels/lookup/parcel-lookup.service';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import { squareLot } from '../../support/parcel-grid';

const HEADER = 'parcel_id,county_fips,geometry_wkt,site_address,owner_name,assessed_total_value,longitude,latitude';
/** Lots 0.0004° square on a 0.0005° grid: 0.0001° of street between them. */
const STEP = 0.0005;
const SIDE = 0.0004;
const COLUMNS = 10;
const EVIL_OWNER = '=HYPERLINK("http://evil.example/","Owner")';

const lotOf = (x0: number, y0: number, n: number) => {
  const x = x0 + (n % COLUMNS) * STEP;
  const y = y0 + Math.floor(n / COLUMNS) * STEP;
  return { x, y, centre: [x + SIDE / 2, y + SIDE / 2] as const };
};

const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** A county file of `lots` parcels on a grid at (x0, 39), numbered from 100 on `street`; lot 2's owner is a formula. */
function countyFile(fips: string, x0: number, lots: number, street: string): Buffer {
  const rows = Array.from({ length: lots }, (_, n) => {
    const { x, y, centre } = lotOf(x0, 39, n);
    const owner = n === 2 ? quoted(EVIL_OWNER) : `Owner ${n}`;
    return [
      `1-01.00-${String(n).padStart(3, '0')}`,
      fips,
      `"${squareLot(x, y, SIDE)}"`,
      `${100 + n} ${street}`,
      owner,
      1000 * (n + 1),
      centre[0].toFixed(7),
      centre[1].toFixed(7),
    ].join(',');
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
}

/** A result CSV as rows of objects by column name, with its header. */
function resultOf(text: string): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...lines] = parseCsv(text);
  return { header, rows: lines.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]]))) };
}

/*
 * Batch append: a County Tracker subscriber sends a CSV of rows (an id and an address, a point, or
 * a county and parcel number), the worker matches them against their Tracker counties' parcels,
 * and the result is the same CSV with the parcel's key, how it matched and the chosen fields.
 */
describe('Batch append: /api/v1/batches and /api/parcel-batches', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const month = monthsAgo(1);
  const counties: Record<'tracked' | 'bobs', { id: string; fips: string; x0: number; street: string }> = {} as never;
  let aliceToken: string;
  let bobToken: string;
  let carolToken: string;
  let aliceCookie: string;
  let aliceId: string;

  const keyOf = (county: { fips: string }, n: number) => `${county.fips}10100${String(n).padStart(3, '0')}`;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const send = (token: string, csv: string | Buffer, fields?: string) =>
    api()
      .post(`/api/v1/batches${fields ? `?fields=${encodeURIComponent(fields)}` : ''}`)
      .set({ ...bearer(token), 'Content-Type': 'text/csv' })
      .send(csv);
  const batchCount = async () => (await db().query(`SELECT count(*)::int AS n FROM parcel_batches`))[0].n as number;
  /** The files under the store's batch folder. */
  const storedFiles = () => {
    try {
      return readdirSync(join(context.environment.env.DATA_DIR, 'parcel-batches'));
    } catch {
      return [];
    }
  };
  /** Files of no batch the table holds: what a refused upload would leave behind. */
  const strayFiles = async () => {
    const ids = new Set((await db().query<{ id: string }[]>(`SELECT id FROM parcel_batches`)).map((row) => row.id));
    return storedFiles().filter((name) => !ids.has(name.slice(0, 36)));
  };

  /** Sends a batch, waits until the worker has done it, and answers it with its result. */
  async function appended(csv: string, fields?: string) {
    const sent = await send(aliceToken, csv, fields).expect(202);
    await eventually(async () => {
      const [row] = await db().query(`SELECT status FROM parcel_batches WHERE id = $1`, [sent.body.id]);
      return row.status === 'done' || row.status === 'failed';
    }, 30_000);
    const { body: batch } = await api().get(`/api/v1/batches/${sent.body.id}`).set(bearer(aliceToken)).expect(200);
    const download = await api().get(`/api/v1/batches/${sent.body.id}/result`).set(bearer(aliceToken)).expect(200);
    return { sent: sent.body, batch, download, result: resultOf(download.text) };
  }

  const tokenOf = async (email: string) => {
    const client = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(client, { email });
    const res = await api().post('/api/tokens').set({ Cookie: client.cookieHeader() }).send({ name: 'batches' });
    return { token: res.body.token as string, cookie: client.cookieHeader() };
  };

  beforeAll(async () => {
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    const rows: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE fips IN ('10001', '10003') ORDER BY fips`,
    );
    (['tracked', 'bobs'] as const).forEach((role, i) => {
      // Bob's county has a street no other county has: a row of it can only match there.
      counties[role] = {
        ...rows[i],
        x0: -75.6 + i * 0.1,
        street: role === 'bobs' ? 'Bramblewood Lane' : 'North Main Street',
      };
    });
    for (const county of Object.values(counties)) {
      await api()
        .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
        .set('Authorization', `Bearer ${body.token}`)
        .set('Content-Type', 'application/gzip')
        .send(countyFile(county.fips, county.x0, 30, county.street))
        .expect(201);
    }
    await buy(context.store.server, 'batch-alice@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'annual' },
    ]);
    await buy(context.store.server, 'batch-bob@example.com', [{ countyId: counties.bobs.id, purchaseType: 'annual' }]);
    await buy(context.store.server, 'batch-carol@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'one-time' },
    ]);
    const alice = await tokenOf('batch-alice@example.com');
    [aliceToken, aliceCookie] = [alice.token, alice.cookie];
    [bobToken, carolToken] = [
      (await tokenOf('batch-bob@example.com')).token,
      (await tokenOf('batch-carol@example.com')).token,
    ];
    [{ id: aliceId }] = await db().query(`SELECT id FROM users WHERE email = 'batch-alice@example.com'`);
    await eventually(async () => {
      const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [month]);
      return n === 2;
    }, 60_000);
  }, 120_000);

  it('matches a batch of addresses, keeping the unmatched rows marked none', async () => {
    const csv = [
      'id,address,county',
      'a1,100 North Main Street,',
      `a2,"105 N. Main St., Dover, DE 19901",`,
      'a3,101 N Mian St,',
      'a4,77 Sunset Boulevard,',
      'a5,100 Bramblewood Lane,',
      'a6,,',
      `a7,100 North Main Street,${counties.tracked.fips}`,
      `a8,100 Bramblewood Lane,${counties.bobs.fips}`,
      'a9,105 Xorth Main Street,',
    ].join('\n');
    const { sent, batch, download, result } = await appended(csv, 'owner_name,assessed_total_value');
    expect(sent).toMatchObject({ status: 'queued', rows: 9, processed: 0, matched: 0 });
    expect(sent.links.self).toMatch(new RegExp(`/api/v1/batches/${sent.id}$`));
    expect(batch).toMatchObject({
      status: 'done',
      rows: 9,
      processed: 9,
      matched: 5,
      fields: ['owner_name', 'assessed_total_value'],
      error: null,
    });
    expect(batch.links.result).toBe(`${batch.links.self}/result`);
    expect(download.headers['content-type']).toMatch(/^text\/csv/);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="parcel-batch-.*\.csv"$/);

    expect(result.header).toEqual([
      'id',
      'address',
      'county',
      'parcel_key',
      'match_kind',
      'match_score',
      'owner_name',
      'assessed_total_value',
    ]);
    const byId = Object.fromEntries(result.rows.map((row) => [row.id, row]));
    expect(result.rows.map((row) => row.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'a9']);
    expect(byId.a1).toMatchObject({
      parcel_key: keyOf(counties.tracked, 0),
      match_kind: 'address',
      match_score: '1',
      owner_name: 'Owner 0',
      assessed_total_value: '1000',
    });
    // The street line is compared; the city, state and ZIP after the comma are not.
    expect(byId.a2).toMatchObject({
      address: '105 N. Main St., Dover, DE 19901',
      parcel_key: keyOf(counties.tracked, 5),
    });
    // A misspelt street is found by similarity, with a score below 1.
    expect(byId.a3).toMatchObject({ parcel_key: keyOf(counties.tracked, 1), match_kind: 'address' });
    expect(Number(byId.a3.match_score)).toBeGreaterThanOrEqual(0.3);
    expect(Number(byId.a3.match_score)).toBeLessThan(1);
    // A misspelt first letter too: no street of that number starts with X, so all of the number are compared.
    expect(byId.a9).toMatchObject({ parcel_key: keyOf(counties.tracked, 5), match_kind: 'address' });
    // Nothing like it, a street only another customer's county has (named or not), no address:
    // kept, marked none, nothing appended.
    for (const id of ['a4', 'a5', 'a6', 'a8']) {
      expect(byId[id]).toEqual({
        ...byId[id],
        parcel_key: '',
        match_kind: 'none',
        match_score: '',
        owner_name: '',
        assessed_total_value: '',
      });
    }
    expect(byId.a7).toMatchObject({ parcel_key: keyOf(counties.tracked, 0), match_kind: 'address' });
  }, 60_000);

  it('matches rows by lat and lon, and by county and parcel number, within the customer’s counties', async () => {
    const [lon5, lat5] = lotOf(counties.tracked.x0, 39, 5).centre;
    const [bobLon, bobLat] = lotOf(counties.bobs.x0, 39, 5).centre;
    const street = lotOf(counties.tracked.x0, 39, 12);
    const points = await appended(
      [
        'id,lat,lon',
        `p1,${lat5},${lon5}`,
        `p2,${street.y + SIDE / 2},${street.x + SIDE + (STEP - SIDE) / 2}`,
        `p3,${bobLat},${bobLon}`,
        'p4,abc,-75',
        'p5,95,-75',
      ].join('\n'),
      'parcel_id',
    );
    expect(points.batch).toMatchObject({ status: 'done', rows: 5, matched: 1 });
    expect(points.result.rows.map((row) => [row.id, row.parcel_key, row.match_kind, row.parcel_id])).toEqual([
      ['p1', keyOf(counties.tracked, 5), 'point', '1-01.00-005'],
      ['p2', '', 'none', ''],
      ['p3', '', 'none', ''],
      ['p4', '', 'none', ''],
      ['p5', '', 'none', ''],
    ]);

    const parcels = await appended(
      [
        'id,county,parcel',
        `k1,${counties.tracked.fips},1-01.00-007`,
        `k2,${counties.tracked.fips},1010 0008`,
        `k3,${counties.bobs.fips},1-01.00-007`,
        `k4,${counties.tracked.fips},9-99-999`,
      ].join('\n'),
    );
    expect(parcels.batch).toMatchObject({ status: 'done', rows: 4, matched: 2 });
    expect(parcels.result.rows.map((row) => [row.id, row.parcel_key, row.match_kind, row.match_score])).toEqual([
      ['k1', keyOf(counties.tracked, 7), 'parcel', '1'],
      ['k2', keyOf(counties.tracked, 8), 'parcel', '1'],
      ['k3', '', 'none', ''],
      ['k4', '', 'none', ''],
    ]);
    // The default fields: who owns it, where, and what it is worth; numbers left as numbers.
    expect(parcels.result.header.slice(6)).toEqual([
      'parcel_id',
      'site_address',
      'site_city',
      'site_zip',
      'owner_name',
      'mail_address',
      'latitude',
      'longitude',
      'assessed_total_value',
      'last_sale_date',
      'last_sale_price',
      'lot_area_acres',
    ]);
    expect(parcels.result.rows[0]).toMatchObject({
      site_address: '107 North Main Street',
      longitude: lotOf(counties.tracked.x0, 39, 7).centre[0].toFixed(7),
      assessed_total_value: '8000',
    });
  }, 60_000);

  it('writes every cell a spreadsheet would run as a formula as text, and leaves numbers as numbers', async () => {
    const csv = [
      'id,address,=cmd|"/c calc"!A0',
      `"=HYPERLINK(""http://evil.example/"",""click"")",102 North Main Street,x`,
      '@SUM(1+1),"+1+1",-2+3',
      '-5,"\tnot a formula?",  =1+2',
    ].join('\n');
    const { result, download } = await appended(csv, 'owner_name,longitude');
    expect(result.header[2]).toBe(`'=cmd|"/c calc"!A0`);
    expect(result.rows[0]).toMatchObject({
      id: `'=HYPERLINK("http://evil.example/","click")`,
      match_kind: 'address',
      parcel_key: keyOf(counties.tracked, 2),
      // The county's own value, a formula in its records, is made text too.
      owner_name: `'${EVIL_OWNER}`,
      // A number in a numeric field, minus sign and all, stays a number.
      longitude: lotOf(counties.tracked.x0, 39, 2).centre[0].toFixed(7),
    });
    expect(result.rows[1]).toMatchObject({ id: "'@SUM(1+1)", address: "'+1+1", [result.header[2]]: "'-2+3" });
    // A plain number is no formula: the id comes back as it was sent.
    expect(result.rows[2]).toMatchObject({ id: '-5', address: "'\tnot a formula?", [result.header[2]]: "'  =1+2" });
    // No cell of the file starts as a formula would, spaces before it or not; plain numbers aside.
    for (const cells of parseCsv(download.text)) {
      for (const value of cells) {
        const formula = /^ *[=+\-@\t\r]/.test(value) && !/^-?\d+(?:\.\d+)?$/.test(value);
        expect({ value, formula }).toEqual({ value, formula: false });
      }
    }
  }, 60_000);

  it('reads a CSV as spreadsheets and scripts write it: BOM, quoted header, CRLF, blank lines, line breaks in values, short rows', async () => {
    const csv =
      '\uFEFF"id","address"\r\n' +
      '"d1","100 North Main Street"\r\n' +
      '\r\n' +
      'd2,"101 North\nMain Street"\r\n' +
      'd3\r\n' +
      // Duplicate ids are the customer's to choose: each row is matched and written, in the order sent.
      'd1,102 North Main Street\r\n';
    const { batch, result } = await appended(csv, 'owner_name');
    expect(batch).toMatchObject({ status: 'done', rows: 4, processed: 4, matched: 3 });
    expect(result.header).toEqual(['id', 'address', 'parcel_key', 'match_kind', 'match_score', 'owner_name']);
    expect(result.rows.map((row) => [row.id, row.address, row.parcel_key, row.match_kind, row.owner_name])).toEqual([
      ['d1', '100 North Main Street', keyOf(counties.tracked, 0), 'address', 'Owner 0'],
      ['d2', '101 North\nMain Street', keyOf(counties.tracked, 1), 'address', 'Owner 1'],
      ['d3', '', '', 'none', ''],
      ['d1', '102 North Main Street', keyOf(counties.tracked, 2), 'address', `'${EVIL_OWNER}`],
    ]);
  }, 60_000);

  it('writes the same result when a batch is run again (a retried job)', async () => {
    const { sent, download } = await appended('id,address\nr1,103 North Main Street\nr2,nowhere at all');
    await db().query(`UPDATE parcel_batches SET status = 'running' WHERE id = $1`, [sent.id]);
    await context.worker!.get(ParcelBatchRunner).run(sent.id);
    const again = await api().get(`/api/v1/batches/${sent.id}/result`).set(bearer(aliceToken)).expect(200);
    expect(again.text).toBe(download.text);
    expect(
      storedFiles()
        .filter((name) => name.startsWith(sent.id))
        .sort(),
    ).toEqual([`${sent.id}-input.csv`, `${sent.id}-result.csv`]);
    const { body } = await api().get(`/api/v1/batches/${sent.id}`).set(bearer(aliceToken)).expect(200);
    expect(body).toMatchObject({ status: 'done', processed: 2, matched: 1 });
  }, 60_000);

  it('lists a customer’s batches, and answers another customer’s batch as if it did not exist', async () => {
    const mine = await send(aliceToken, 'id,address\nx1,104 North Main Street').expect(202);
    const listed = await api().get('/api/v1/batches').set(bearer(aliceToken)).expect(200);
    expect(listed.body[0].id).toBe(mine.body.id);
    expect((await api().get('/api/v1/batches').set(bearer(bobToken)).expect(200)).body).toEqual([]);
    const theirs = await api().get(`/api/v1/batches/${mine.body.id}`).set(bearer(bobToken)).expect(404);
    const none = await api()
      .get('/api/v1/batches/3b241101-e2bb-4255-8caf-4136c566a962')
      .set(bearer(bobToken))
      .expect(404);
    expect(theirs.body).toEqual(none.body);
    expect(theirs.body.message).toMatch(/No batch of yours has this id/);
    await api().get(`/api/v1/batches/${mine.body.id}/result`).set(bearer(bobToken)).expect(404);
    // The dashboard's routes show the same batches, by the session.
    const session = await api().get('/api/parcel-batches').set('Cookie', aliceCookie).expect(200);
    expect(session.body.map((batch: { id: string }) => batch.id)).toContain(mine.body.id);
    expect(session.body[0].links.self).toMatch(/\/api\/parcel-batches\//);
  });

  it('takes a batch from the dashboard with the session', async () => {
    const res = await api()
      .post('/api/parcel-batches?fields=owner_name')
      .set({ Cookie: aliceCookie, 'Content-Type': 'text/csv; charset=utf-8' })
      .send('id,address\ns1,106 North Main Street\n')
      .expect(202);
    expect(res.body).toMatchObject({ status: 'queued', rows: 1, fields: ['owner_name'] });
    const [row] = await db().query(`SELECT user_id FROM parcel_batches WHERE id = $1`, [res.body.id]);
    expect(row.user_id).toBe(aliceId);
  });

  it('refuses a customer without an active County Tracker, and stores nothing', async () => {
    const before = await batchCount();
    const res = await send(carolToken, 'id,address\nc1,100 North Main Street').expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: NO_TRACKER, error: 'Forbidden' });
    expect(await batchCount()).toBe(before);
  });

  it('refuses a header without an id or the columns to match by, naming what is missing', async () => {
    const before = await batchCount();
    const noId = await send(aliceToken, 'ref,address\n1,100 North Main Street').expect(400);
    expect(noId.body.message).toMatch(/no id column \(it has ref, address\)/);
    const nothing = await send(aliceToken, 'id,street\n1,100 North Main Street').expect(400);
    expect(nothing.body.message).toMatch(/address; lat and lon; or county .* and parcel/);
    const county = await send(
      aliceToken,
      `id,address,county\n1,100 North Main Street,${counties.tracked.fips}\n2,100 North Main Street,Kent`,
    ).expect(400);
    expect(county.body.message).toMatch(/^Row 2 \(line 3\) has county "Kent": give the county’s 5-digit FIPS code/);
    const halfPoint = await send(aliceToken, 'id,lat\n1,39').expect(400);
    expect(halfPoint.body.message).toMatch(/lat without lon/);
    await send(aliceToken, 'id,address\n').expect(400);
    const fields = await send(aliceToken, 'id,address\n1,x', 'owner_name,isAdmin').expect(400);
    expect(fields.body.message).toMatch(/fields names what the data schema does not have: isAdmin/);
    const json = await api()
      .post('/api/v1/batches')
      .set(bearer(aliceToken))
      .send({ id: 1, address: '100 North Main Street' })
      .expect(415);
    expect(json.body.message).toMatch(/Content-Type: text\/csv/);
    expect(await batchCount()).toBe(before);
    expect(await strayFiles()).toEqual([]);
  });

  it('refuses more than 100,000 rows, and stores nothing', async () => {
    const before = await batchCount();
    const rows = Array.from({ length: 100_001 }, (_, i) => `${i},${i} Main St`);
    const res = await send(aliceToken, ['id,address', ...rows].join('\n')).expect(400);
    expect(res.body.message).toMatch(/at most 100,000 rows/);
    expect(await batchCount()).toBe(before);
    expect(await strayFiles()).toEqual([]);
  }, 60_000);

  it('refuses a body over 32 MB with 413, at once when it says its length, and leaves nothing stored', async () => {
    const before = await batchCount();
    const port = (context.store.server.address() as AddressInfo).port;
    /** Sends headers and the first bytes, then answers the response, which must come before the rest is sent. */
    const post = (headers: Record<string, string>, body: (req: ClientRequest) => void) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/batches',
            agent: false,
            headers: { ...bearer(aliceToken), 'Content-Type': 'text/csv', ...headers },
          },
          (res: IncomingMessage) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        body(req);
      });
    // 100 MB declared, 64 KB sent: the answer comes before the rest.
    const declared = await post({ 'Content-Length': String(100 * 1024 * 1024) }, (req) => {
      req.write(Buffer.from(`id,address\n${'1,1 Main St\n'.repeat(5000)}`));
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).message).toMatch(/at most 32 MB/);
    // No length given: refused once 32 MB have arrived.
    // Rows of 500 bytes: 32 MB is reached long before 100,000 rows.
    const row = Buffer.from(`1,100 North Main Street ${'x'.repeat(475)}\n`);
    const streamed = await post({ 'Transfer-Encoding': 'chunked' }, (req) => {
      req.write(Buffer.from('id,address\n'));
      const block = Buffer.concat(Array.from({ length: 2048 }, () => row));
      let sent = 0;
      const more = () => {
        while (sent < 36 * 1024 * 1024 && !req.destroyed) {
          sent += block.length;
          if (!req.write(block)) return void req.once('drain', more);
        }
      };
      more();
    });
    expect(streamed.status).toBe(413);

    expect(await batchCount()).toBe(before);
    expect(await strayFiles()).toEqual([]);
  }, 60_000);

  it('refuses a fourth batch while three are queued or running, and a batch past 200 kept, with 429 and Retry-After', async () => {
    const insert = (status: string, count: number) =>
      db().query(
        `INSERT INTO parcel_batches (id, user_id, status, fields, rows, input_bytes, input_key, started_at, expires_at)
         SELECT gen_random_uuid(), $1, $2, '{}', 1, 1, 'parcel-batches/none.csv', now(), now() + interval '7 days'
         FROM generate_series(1, $3) RETURNING id`,
        [aliceId, status, count],
      );
    // The earlier tests' batches done first: these three are all Alice has under way.
    await eventually(async () => {
      const [{ n }] = await db().query(
        `SELECT count(*)::int AS n FROM parcel_batches WHERE user_id = $1 AND status IN ('queued', 'running')`,
        [aliceId],
      );
      return n === 0;
    }, 30_000);
    const busy = (await insert('running', 3)).map((row: { id: string }) => row.id);
    try {
      const before = await batchCount();
      const refused = await send(aliceToken, 'id,address\nl1,100 North Main Street').expect(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.body).toEqual({
        statusCode: 429,
        message: expect.stringMatching(/^You have 3 batches queued or running, the most one customer may have at once/),
        error: 'Too Many Requests',
      });
      expect(await batchCount()).toBe(before);
      expect(await strayFiles()).toEqual([]);
      await db().query(`UPDATE parcel_batches SET status = 'done' WHERE id = ANY($1::uuid[])`, [busy]);
      const kept = (await db().query(`SELECT count(*)::int AS n FROM parcel_batches WHERE user_id = $1`, [aliceId]))[0]
        .n as number;
      busy.push(...(await insert('done', 200 - kept)).map((row: { id: string }) => row.id));
      const full = await send(aliceToken, 'id,address\nl1,100 North Main Street').expect(429);
      expect(full.body.message).toMatch(
        /^You have sent 200 batches in the last 7 days, the most one customer may keep/,
      );
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await db().query(`DELETE FROM parcel_batches WHERE id = ANY($1::uuid[])`, [busy]);
    }
    await send(aliceToken, 'id,address\nl1,100 North Main Street').expect(202);
  });

  it('marks failed, with what to do, a batch whose run was lost (its job gone, or running for too long)', async () => {
    const insert = (status: string, startedMinutesAgo: number) =>
      db().query(
        `INSERT INTO parcel_batches (id, user_id, status, fields, rows, input_bytes, input_key, created_at, started_at, expires_at)
         VALUES (gen_random_uuid(), $1, $2, '{}', 1, 1, 'parcel-batches/none.csv', now() - interval '2 hours',
           now() - make_interval(mins => $3), now() + interval '7 days')
         RETURNING id`,
        [aliceId, status, startedMinutesAgo],
      );
    const [[stalled], [recent]] = [await insert('running', 45), await insert('running', 1)];
    try {
      await context.worker!.get(ParcelBatchSweep).sweep();
      const { body } = await api().get(`/api/v1/batches/${stalled.id}`).set(bearer(aliceToken)).expect(200);
      expect(body).toMatchObject({ status: 'failed', error: BATCH_STALLED, links: { result: null } });
      // One that started a minute ago is left to run.
      const [row] = await db().query(`SELECT status FROM parcel_batches WHERE id = $1`, [recent.id]);
      expect(row.status).toBe('running');
    } finally {
      await db().query(`DELETE FROM parcel_batches WHERE id = ANY($1::uuid[])`, [[stalled.id, recent.id]]);
    }
  });

  it('deletes a batch whose upload never finished (the API stopped while it streamed in), with its file', async () => {
    const [abandoned] = await db().query(
      `INSERT INTO parcel_batches (id, user_id, status, fields, rows, input_bytes, input_key, created_at, expires_at)
       VALUES (gen_random_uuid(), $1, 'receiving', '{}', 0, 0, '', now() - interval '2 hours', now() + interval '7 days')
       RETURNING id`,
      [aliceId],
    );
    const inputKey = `parcel-batches/${abandoned.id}-input.csv`;
    await db().query(`UPDATE parcel_batches SET input_key = $2 WHERE id = $1`, [abandoned.id, inputKey]);
    mkdirSync(join(context.environment.env.DATA_DIR, 'parcel-batches'), { recursive: true });
    writeFileSync(join(context.environment.env.DATA_DIR, inputKey), 'id,address\n1,100 North Main');
    // Until then its owner sees nothing of it.
    await api().get(`/api/v1/batches/${abandoned.id}`).set(bearer(aliceToken)).expect(404);
    await context.worker!.get(ParcelBatchSweep).sweep();
    expect(await db().query(`SELECT id FROM parcel_batches WHERE id = $1`, [abandoned.id])).toEqual([]);
    expect(storedFiles().filter((name) => name.startsWith(abandoned.id))).toEqual([]);
  });

  // Last: it ends Bob's County Tracker.
  it('marks a batch failed when its owner no longer has a County Tracker, and refuses them their batches', async () => {
    const sent = await send(bobToken, 'id,address\nb1,100 Bramblewood Lane').expect(202);
    await eventually(async () => {
      const [row] = await db().query(`SELECT status FROM parcel_batches WHERE id = $1`, [sent.body.id]);
      return row.status === 'done';
    }, 30_000);
    await db().query(
      `UPDATE subscriptions SET expiration_date = now() - interval '1 day'
       WHERE county_id = $1 AND purchase_type = 'annual'`,
      [counties.bobs.id],
    );
    await db().query(`UPDATE parcel_batches SET status = 'queued' WHERE id = $1`, [sent.body.id]);
    const job = { attemptsMade: 0, opts: { attempts: 3 } } as Job<{ batchId: string }>;
    await expect(context.worker!.get(ParcelBatchesProcessor).append({ batchId: sent.body.id }, job)).rejects.toThrow(
      NO_TRACKER,
    );
    const [row] = await db().query(`SELECT status, error FROM parcel_batches WHERE id = $1`, [sent.body.id]);
    expect(row).toEqual({ status: 'failed', error: NO_TRACKER });
    // Parcel data comes with County Tracker: once it has ended, neither the list, nor a batch, nor a
    // result (done before it ended or not) is answered; what to do instead is.
    await db().query(`UPDATE parcel_batches SET status = 'done' WHERE id = $1`, [sent.body.id]);
    for (const path of [
      '/api/v1/batches',
      `/api/v1/batches/${sent.body.id}`,
      `/api/v1/batches/${sent.body.id}/result`,
    ]) {
      const res = await api().get(path).set(bearer(bobToken)).expect(403);
      expect(res.body).toEqual({ statusCode: 403, message: NO_TRACKER, error: 'Forbidden' });
    }
  });
});
