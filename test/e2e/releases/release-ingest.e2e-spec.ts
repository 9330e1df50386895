import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { eventually } from '../../support/eventually';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { expireJobLocks, killAllWorkers, runScheduledNow, WorkerProcess } from '../../support/worker-process';

const LIMIT = 24 * 1024 * 1024;
const HEADER = [
  'parcel_id',
  'county_fips',
  'owner_name',
  'mail_address',
  'assessed_total_value',
  'last_sale_date',
  'last_sale_price',
  'year_built',
  'owner_occupied',
  'latitude',
];

interface County {
  id: string;
  fips: string;
  state_code: string;
}

interface Job {
  id: string;
  releaseId: string;
  month: string;
  countyId: string | null;
  state: string;
  bytesRead: number;
  bytesTotal: number;
  recordsRead: number;
  countiesFound: number;
  errors: string[];
  attempts: number;
}

/** A record of the test files: valid values unless told otherwise; every other record lacks a mailing address. */
function record(fips: string, n: number, bad: Partial<Record<string, string>> = {}): string {
  const values: Record<string, string> = {
    parcel_id: `${fips}-${String(n).padStart(5, '0')}`,
    county_fips: fips,
    owner_name: n % 3 === 0 ? `"Smith, John ""Jr"" ${n}"` : `Owner ${n}`,
    mail_address: n % 2 === 0 ? '' : `${n} Main St`,
    assessed_total_value: String(1000 * n),
    last_sale_date: '2020-05-17',
    last_sale_price: '250000.50',
    year_built: '1950',
    owner_occupied: n % 2 === 0 ? 'true' : 'FALSE',
    latitude: '39.2904',
    ...bad,
  };
  return HEADER.map((column) => values[column]).join(',');
}

const csv = (lines: string[], header = HEADER.join(',')) => Buffer.from([header, ...lines].join('\n') + '\n');

describe('Release ingest: source files split into county files, checked, and their jobs', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let worker: WorkerProcess;
  let token: string;
  let months = 0;
  const api = () => request(store.server);
  const dataDir = () => environment.env.DATA_DIR;
  const startWorker = () => WorkerProcess.start({ ...environment.env, LOG_LEVEL: 'warn' });

  beforeAll(async () => {
    environment = await createTestEnvironment({ RELEASE_FILE_MAX_BYTES: String(LIMIT) });
    store = await startTestApp(environment, { listen: true });
    worker = startWorker();
    const res = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    token = res.body.token;
  });

  afterAll(async () => {
    await killAllWorkers();
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
  });

  async function draft(): Promise<{ id: string; month: string }> {
    months++;
    const month = `${2030 + Math.ceil(months / 12)}-${String(((months - 1) % 12) + 1).padStart(2, '0')}`;
    const res = await api().post('/api/admin/releases').set('Authorization', `Bearer ${token}`).send({ month });
    expect(res.status).toBe(201);
    return { id: res.body.id, month };
  }

  const send = (
    releaseId: string,
    body: Buffer,
    options: { countyId?: string; type?: string; encoding?: string } = {},
  ) => {
    const req = api()
      .post(`/api/admin/releases/${releaseId}/files${options.countyId ? `?countyId=${options.countyId}` : ''}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', options.type ?? 'application/gzip');
    if (options.encoding) req.set('Content-Encoding', options.encoding);
    return req.send(body);
  };

  const jobOf = async (id: string): Promise<Job> =>
    (await api().get(`/api/admin/jobs/${id}`).set('Authorization', `Bearer ${token}`).expect(200)).body;

  /** The job once over; a job that does not end in time fails the test with the worker's output to read. */
  const finished = (id: string, timeoutMs = 20_000) =>
    eventually(async () => {
      const job = await jobOf(id);
      return job.state === 'completed' || job.state === 'failed' ? job : undefined;
    }, timeoutMs).catch((error: Error) => {
      throw new Error(`${error.message}; the worker said:\n${worker.log}`);
    });

  async function countiesOf(states: string[], perState: number): Promise<County[]> {
    const rows: County[] = await store.db.query(
      `SELECT id, fips, state_code FROM counties WHERE state_code = ANY($1) AND deleted_at IS NULL ORDER BY fips`,
      [states],
    );
    return states.flatMap((state) => rows.filter((row) => row.state_code === state).slice(0, perState));
  }

  /** Every file under the data directory, partial ones included. */
  function filesIn(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  }

  /** The text of a county's file of a release, read from the key its record names. */
  async function countyFile(month: string, fips: string): Promise<string> {
    const [file]: { storage_key: string }[] = await store.db.query(
      `SELECT d.storage_key FROM county_datasets d JOIN counties c ON c.id = d.county_id
       WHERE d.release = $1 AND c.fips = $2 AND d.kind = 'full' AND d.format = 'csv'`,
      [month, fips],
    );
    return gunzipSync(readFileSync(join(dataDir(), file.storage_key))).toString('utf8');
  }

  async function expectNothingLeft(releaseId: string, month: string): Promise<void> {
    expect(await store.db.query(`SELECT id FROM ingest_jobs WHERE release_id = $1`, [releaseId])).toEqual([]);
    expect(filesIn(join(dataDir(), 'releases', month))).toEqual([]);
  }

  it('splits a national file of three states into one county file each, with QA rows and the job’s figures', async () => {
    const release = await draft();
    const counties = await countiesOf(['DE', 'MD', 'VT'], 3);
    expect(counties).toHaveLength(9);
    // Each county's records, some with values bad for their field type: county i has i + 1 bad dates.
    const own = counties.map((county, i) =>
      Array.from({ length: 6 + i }, (_, n) =>
        record(
          county.fips,
          n + 1,
          n <= i
            ? { last_sale_date: '2023-02-30', ...(i === 0 ? { owner_occupied: 'yes', last_sale_price: '$5' } : {}) }
            : {},
        ),
      ),
    );
    // Interleaved, as a national file need not be sorted; three rows of a code that is no county.
    const lines: string[] = [];
    for (let n = 0; n < 14; n++) for (const rows of own) if (rows[n]) lines.push(rows[n]);
    lines.splice(5, 0, record('99999', 1), record('99999', 2), record('99999', 3));
    const body = gzipSync(csv(lines));

    const res = await send(release.id, body);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ releaseId: release.id, month: release.month, countyId: null, state: 'queued' });
    expect(res.body.bytesTotal).toBe(body.length);

    const job = await finished(res.body.id);
    expect(job).toMatchObject({
      state: 'completed',
      bytesRead: body.length,
      bytesTotal: body.length,
      recordsRead: lines.length,
      countiesFound: 9,
      attempts: 1,
    });
    expect(job.errors).toEqual(['3 rows left out: their county_fips is no county on record: "99999" (3 rows)']);

    const stored = filesIn(join(dataDir(), 'releases', release.month));
    expect(stored.map((file) => file.slice(dataDir().length + 1)).sort()).toEqual(
      counties.map((county) => `releases/${release.month}/counties/${county.fips}.${job.id}.csv.gz`).sort(),
    );
    for (const [i, county] of counties.entries()) {
      expect(await countyFile(release.month, county.fips)).toBe(csv(own[i]).toString('utf8'));
    }

    const qa: {
      county_id: string;
      records: number;
      key_field_counts: Record<string, number>;
      invalid_values: Record<string, number>;
      invalid_value_count: number;
      foreign_fips_rows: number;
      status: string;
    }[] = await eventually(async () => {
      // Each county's comparison follows its ingest: a first release, so it is ready at once.
      const rows = await store.db.query(`SELECT * FROM release_counties WHERE release_id = $1`, [release.id]);
      return rows.every((row: { status: string }) => row.status === 'ready') && rows;
    });
    expect(qa).toHaveLength(9);
    for (const [i, county] of counties.entries()) {
      const row = qa.find((r) => r.county_id === county.id)!;
      const records = 6 + i;
      expect(row).toMatchObject({ records, foreign_fips_rows: 0, status: 'ready' });
      expect(row.invalid_values).toEqual(
        i === 0 ? { last_sale_date: 1, owner_occupied: 1, last_sale_price: 1 } : { last_sale_date: i + 1 },
      );
      expect(Number(row.invalid_value_count)).toBe(i === 0 ? 3 : i + 1);
      expect(row.key_field_counts).toMatchObject({
        owner_name: records,
        mail_address: Math.ceil(records / 2),
        assessed_total_value: records,
        year_built: records,
        zoning_code: 0,
      });
    }
    const files = await store.db.query(
      `SELECT county_id, kind, format, records, storage_key, published_at FROM county_datasets WHERE release_id = $1`,
      [release.id],
    );
    expect(files).toHaveLength(9);
    expect(
      files.every(
        (file: { kind: string; format: string; published_at: Date | null }) =>
          file.kind === 'full' && file.format === 'csv' && file.published_at === null,
      ),
    ).toBe(true);
    // The staged source file is gone.
    expect(await store.db.query(`SELECT staged_key FROM ingest_jobs WHERE id = $1`, [job.id])).toEqual([
      { staged_key: null },
    ]);
  });

  it('ingests a one-county CSV, sent gzipped with Content-Encoding, counting and leaving out rows of other counties', async () => {
    const release = await draft();
    const [county, other] = await countiesOf(['MD'], 2);
    const lines = [record(county.fips, 1), record(other.fips, 2), record(county.fips, 3), record(other.fips, 4)];
    const res = await send(release.id, gzipSync(csv(lines)), {
      countyId: county.id,
      type: 'text/csv',
      encoding: 'gzip',
    });
    expect(res.status).toBe(202);
    expect(res.body.countyId).toBe(county.id);
    const job = await finished(res.body.id);
    expect(job).toMatchObject({ state: 'completed', recordsRead: 4, countiesFound: 1, errors: [] });
    expect(await countyFile(release.month, county.fips)).toBe(csv([lines[0], lines[2]]).toString('utf8'));
    expect(filesIn(join(dataDir(), 'releases', release.month, 'counties'))).toHaveLength(1);
    const [qa] = await store.db.query(
      `SELECT records, foreign_fips_rows FROM release_counties WHERE release_id = $1 AND county_id = $2`,
      [release.id, county.id],
    );
    expect(qa).toEqual({ records: 2, foreign_fips_rows: 2 });
  });

  it("counts each county's parcel boundaries on its QA row, repairs a bow-tie, and flags more than 1 % missing or invalid", async () => {
    const release = await draft();
    // Sussex County, Delaware: lots near Georgetown, and one placed in Montana.
    const [county] = await store.db.query(`SELECT id, fips FROM counties WHERE fips = '10005'`);
    const square = (x: number, y = 38.6) =>
      `"POLYGON((${x} ${y},${x + 0.001} ${y},${x + 0.001} ${y + 0.001},${x} ${y + 0.001},${x} ${y}))"`;
    const shapes = [
      // The last two lots drawn alike (stacked, as condominiums are).
      ...Array.from({ length: 6 }, (_, i) => square(-75.4 + Math.min(i, 4) * 0.01)),
      square(-108.57, 48.87),
      '',
      // A bow-tie lot (its ring crosses itself): repaired into its two triangles.
      '"POLYGON((-75.4 38.65,-75.399 38.651,-75.399 38.65,-75.4 38.651,-75.4 38.65))"',
      '"POLYGON((-75 38,-74.9 38,-74.8 38,-75 38))"',
      // A ring that is not closed: PostGIS cannot read it, so it is delivered as it came.
      '"POLYGON((-75.4 38.66,-75.399 38.66,-75.399 38.661))"',
    ];
    const lines = shapes.map((shape, n) => `${county.fips}-${n},${county.fips},Owner ${n},${shape}`);
    const res = await send(release.id, gzipSync(csv(lines, 'parcel_id,county_fips,owner_name,geometry_wkt')));
    expect(res.status).toBe(202);
    expect(await finished(res.body.id)).toMatchObject({ state: 'completed', recordsRead: 11 });
    const qa = await eventually(async () => {
      const [row] = await store.db.query(
        `SELECT status, shape_checks, flags FROM release_counties WHERE release_id = $1 AND county_id = $2`,
        [release.id, county.id],
      );
      return row?.status === 'ready' ? row : undefined;
    });
    const counted = {
      shapes: 7,
      missing: 1,
      invalid: 2,
      repaired: 1,
      noArea: 1,
      outsideCounty: 1,
      largerThanCounty: 0,
      duplicated: 2,
    };
    expect(qa.shape_checks).toEqual(counted);
    expect(qa.flags).toContain('shapes');
    const detail = await api().get(`/api/admin/releases/${release.id}`).set('Authorization', `Bearer ${token}`);
    expect(detail.body.counties[0].shapeChecks).toEqual(counted);

    // Every record is in the county's file: the bow-tie made valid (two parts), the open ring as it came.
    const rows = (await countyFile(release.month, county.fips)).trim().split('\n').slice(1);
    expect(rows).toHaveLength(11);
    const wktOf = (n: number) =>
      rows
        .find((row) => row.startsWith(`${county.fips}-${n},`))!
        .split(',"')[1]
        .slice(0, -1);
    const [bowTie] = await store.db.query(
      `SELECT ST_IsValid(ST_GeomFromText($1)) AS valid, ST_NumGeometries(ST_GeomFromText($1)) AS parts,
              round(ST_Area(ST_GeomFromText($1)::geography)) AS area`,
      [wktOf(8)],
    );
    // Two triangles of half a lot each: 0.001° × 0.001° at 38.65° N is about 9,600 m².
    expect(bowTie).toMatchObject({ valid: true, parts: 2 });
    expect(Number(bowTie.area)).toBeGreaterThan(4000);
    expect(Number(bowTie.area)).toBeLessThan(5500);
    expect(wktOf(10)).toBe(shapes[10].slice(1, -1));
  });

  it('takes several files at once: the one with a wrong header gets 400 and leaves nothing, the others are ingested', async () => {
    const release = await draft();
    const [a, b, c] = await countiesOf(['VT'], 3);
    const [good1, bad, good2] = await Promise.all([
      send(release.id, csv([record(a.fips, 1)]), { countyId: a.id, type: 'text/csv' }),
      send(release.id, csv([record(b.fips, 1)], HEADER.join(',').replace('owner_name', 'owner')), {
        countyId: b.id,
        type: 'text/csv',
      }),
      send(release.id, gzipSync(csv([record(c.fips, 1)])), { countyId: c.id }),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Unknown column in the header: "owner" (column 3). Columns must be named as the fields of the data schema (/data-schema.pdf), for example parcel_id.',
    );
    expect(good1.status).toBe(202);
    expect(good2.status).toBe(202);
    expect((await finished(good1.body.id)).state).toBe('completed');
    expect((await finished(good2.body.id)).state).toBe('completed');
    const jobs = await store.db.query(`SELECT county_id FROM ingest_jobs WHERE release_id = $1`, [release.id]);
    expect(jobs.map((job: { county_id: string }) => job.county_id).sort()).toEqual([a.id, c.id].sort());
    expect(
      filesIn(join(dataDir(), 'releases', release.month))
        .map((file) => file.split('/').pop())
        .sort(),
    ).toEqual([`${a.fips}.${good1.body.id}.csv.gz`, `${c.fips}.${good2.body.id}.csv.gz`].sort());
  });

  describe('refuses bad input with a clear 4xx, leaving no staged file and no job', () => {
    const tenThousandColumns = ['parcel_id', 'county_fips', ...Array.from({ length: 9998 }, (_, i) => `extra_${i}`)];
    const cases: [string, () => Buffer, number, RegExp, { type?: string; encoding?: string }?][] = [
      ['an empty body', () => Buffer.alloc(0), 400, /^The file is empty \(0 bytes\)$/],
      [
        'binary data',
        () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        415,
        /NUL bytes.*not a UTF-8 CSV file/,
      ],
      [
        'UTF-16 text',
        () =>
          Buffer.concat([
            Buffer.from([0xff, 0xfe]),
            Buffer.from(csv([record('10001', 1)]).toString('utf8'), 'utf16le'),
          ]),
        415,
        /UTF-16/,
      ],
      [
        'text that is not UTF-8',
        () => Buffer.concat([csv([record('10001', 1)]), Buffer.from('10001-2,10001,M\xfcller\n', 'latin1')]),
        415,
        /^Record 2 \(line 3\) is not valid UTF-8 text/,
      ],
      [
        'a header naming a column of no schema field',
        () => gzipSync(csv([record('10001', 1)], HEADER.join(',').replace('latitude', 'lat'))),
        400,
        /^Unknown column in the header: "lat" \(column 10\)/,
      ],
      [
        'a header without county_fips',
        () => csv(['10001-1,Owner'], 'parcel_id,owner_name'),
        400,
        /lacks the identifier column county_fips/,
      ],
      [
        'a header of 10,000 columns',
        () => gzipSync(csv([], tenThousandColumns.join(','))),
        400,
        /^The header has 10,000 columns, more than the \d+ fields of the data schema\. Unknown columns in the header: "extra_0" \(column 3\), .* and 9993 more\./,
      ],
      [
        'a record of 10 MB',
        () => gzipSync(csv([`10001-1,10001,${'x'.repeat(10 * 1024 * 1024)}`], 'parcel_id,county_fips,owner_name')),
        400,
        /^Record 1 \(line 2\) is longer than 1 MiB/,
      ],
      [
        'a line of 10 MB inside an unclosed quote',
        () => csv([`10001-1,10001,"${'x,\n'.repeat(3 * 1024 * 1024)}`], 'parcel_id,county_fips,owner_name'),
        400,
        /^Record 1 \(line 2\) is longer than 1 MiB; is a closing quote \("\) missing/,
      ],
      [
        'a county_fips that is no FIPS code',
        () => csv(['10001-1,10001,A', '10001-2,1001,B'], 'parcel_id,county_fips,owner_name'),
        400,
        /^Record 2 \(line 3\) has county_fips "1001", which is not a FIPS code: county_fips must be five digits, such as 24510$/,
      ],
      [
        'a county_fips of 512 KiB, quoted back in a few characters',
        () => gzipSync(csv([`10001-1,${'9'.repeat(512 * 1024)},A`], 'parcel_id,county_fips,owner_name')),
        400,
        /^Record 1 \(line 2\) has county_fips "9{24}…", which is not a FIPS code/,
      ],
      [
        'a record with fewer fields than the header',
        () => csv(['10001-1,10001,A', '10001-2,10001'], 'parcel_id,county_fips,owner_name'),
        400,
        /^Record 2 \(line 3\) has 2 fields; the header has 3 columns$/,
      ],
      [
        'gzip that cannot be unzipped',
        () =>
          Buffer.concat([gzipSync(csv([record('10001', 1)])).subarray(0, 10), Buffer.from('not deflate data at all')]),
        400,
        /starts as gzip but cannot be unzipped/,
      ],
      [
        'plain CSV declared Content-Encoding: gzip',
        () => csv([record('10001', 1)]),
        400,
        /Content-Encoding: gzip, but the body does not start as gzip data does/,
        { encoding: 'gzip' },
      ],
      ['a header and no records', () => csv([]), 400, /^The file has a header but no records$/],
      [
        'a content type other than CSV or gzip',
        () => csv([record('10001', 1)]),
        415,
        /Content-Type text\/csv or application\/gzip; this request's is image\/png/,
        { type: 'image/png' },
      ],
      [
        'a body over the size limit',
        () => Buffer.alloc(LIMIT + 1, 0x61),
        413,
        /larger than the upload limit of 24 MiB/,
      ],
    ];

    it.each(cases)('%s', async (_name, body, status, message, options = {}) => {
      const release = await draft();
      const res = await send(release.id, body(), options);
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(res.body.message.length).toBeLessThan(600);
      await expectNothingLeft(release.id, release.month);
    });

    it('refuses a gzip CSV whose geometry_wkt value unzips to 2 GB once the record passes 1 MiB, leaving nothing', async () => {
      const release = await draft();
      // 2 MB of gzip: the same 64 MiB of coordinates compressed once and sent as 32 gzip members.
      const coordinates = gzipSync(Buffer.alloc(64 * 1024 * 1024, '-75.51 39.15,'), { level: 9 });
      const body = Buffer.concat([
        gzipSync('parcel_id,county_fips,geometry_wkt\n10001-1,10001,"POLYGON (('),
        ...Array.from({ length: 32 }, () => coordinates),
        gzipSync('-75.51 39.15))"\n'),
      ]);
      expect(body.length).toBeLessThan(LIMIT);
      const res = await send(release.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Record 1 \(line 2\) is longer than 1 MiB/);
      await expectNothingLeft(release.id, release.month);
    });

    it('cuts off a body sent without Content-Length once it passes the size limit', async () => {
      const release = await draft();
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `http://127.0.0.1:${(store.server.address() as AddressInfo).port}/api/admin/releases/${release.id}/files`,
          {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv', 'Transfer-Encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write(`${HEADER.join(',')}\n`);
        const line = Buffer.from(`${record('10001', 1)}\n`.repeat(1000));
        let sent = 0;
        const more = () => {
          while (sent < LIMIT + 2 * line.length) {
            sent += line.length;
            if (!req.write(line)) return req.once('drain', more);
          }
          req.end();
        };
        more();
      });
      expect(status).toBe(413);
      await expectNothingLeft(release.id, release.month);
    });
  });

  it('refuses a published release (409), an unknown release or county (404), and an unknown job (404)', async () => {
    const release = await draft();
    await store.db.query(`UPDATE releases SET status = 'published', published_at = now() WHERE id = $1`, [release.id]);
    const published = await send(release.id, csv([record('10001', 1)]), { type: 'text/csv' });
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(
      `The ${release.month} release is published; releases are immutable once published`,
    );
    await expectNothingLeft(release.id, release.month);

    const unknown = await send('00000000-0000-4000-8000-000000000000', csv([record('10001', 1)]), { type: 'text/csv' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Release not found');

    const open = await draft();
    const noCounty = await send(open.id, csv([record('10001', 1)]), {
      type: 'text/csv',
      countyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noCounty.status).toBe(404);
    await expectNothingLeft(open.id, open.month);

    const job = await api()
      .get('/api/admin/jobs/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${token}`);
    expect(job.status).toBe(404);
    expect(job.body.message).toBe('No ingest job has this id');
  });

  it('answers 401 to both endpoints without an admin token, storing nothing', async () => {
    const release = await draft();
    const res = await api()
      .post(`/api/admin/releases/${release.id}/files`)
      .set('Content-Type', 'text/csv')
      .send(csv([record('10001', 1)]));
    expect(res.status).toBe(401);
    await expectNothingLeft(release.id, release.month);
    expect((await api().get('/api/admin/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(401);
  });

  it('runs a recorded job that never reached the queue (Redis was down): the worker sweep queues it', async () => {
    const release = await draft();
    const [county] = await countiesOf(['VT'], 1);
    const id = randomUUID();
    const stagedKey = `releases/${release.month}/incoming/${id}.upload`;
    const body = csv([record(county.fips, 1), record(county.fips, 2)]);
    mkdirSync(join(dataDir(), 'releases', release.month, 'incoming'), { recursive: true });
    writeFileSync(join(dataDir(), stagedKey), body);
    // What the API leaves when queueing fails: the job recorded and queued, a minute and more ago.
    await store.db.query(
      `INSERT INTO ingest_jobs (id, release_id, state, staged_key, staged_bytes, gzipped, created_at)
       VALUES ($1, $2, 'queued', $3, $4, false, now() - interval '2 minutes')`,
      [id, release.id, stagedKey, body.length],
    );
    // The sweep runs every minute: its next run, now.
    await eventually(() => runScheduledNow(environment.env, 'releases', 'ingest-sweep'));
    const job = await finished(id, 20_000);
    expect(job).toMatchObject({ state: 'completed', recordsRead: 2, countiesFound: 1 });
    expect(await countyFile(release.month, county.fips)).toBe(body.toString('utf8'));
  });

  it('completes a job whose worker was killed mid-ingest once a worker runs again, with one file and row per county', async () => {
    const release = await draft();
    const counties = await countiesOf(['DE'], 3);
    // Large enough that the split takes a while: the worker is killed while it runs.
    const parts: Buffer[] = [Buffer.from(`${HEADER.join(',')}\n`)];
    const perCounty = 400_000;
    for (let start = 0; start < perCounty; start += 10_000) {
      const lines: string[] = [];
      for (let n = start; n < start + 10_000; n++)
        for (const county of counties) lines.push(record(county.fips, n + 1));
      parts.push(Buffer.from(lines.join('\n') + '\n'));
    }
    const body = gzipSync(Buffer.concat(parts), { level: 1 });
    const res = await send(release.id, body);
    expect(res.status).toBe(202);

    await eventually(async () => (await jobOf(res.body.id)).state === 'running', 30_000);
    await worker.kill();
    expect((await jobOf(res.body.id)).state).toBe('running');
    expect(await expireJobLocks(environment.env, 'releases')).toBe(1);

    worker = startWorker();
    const job = await finished(res.body.id, 120_000);
    expect(job).toMatchObject({ state: 'completed', attempts: 2, recordsRead: 3 * perCounty, countiesFound: 3 });
    const rows = await store.db.query(
      `SELECT county_id, count(*)::int AS files, sum(records)::int AS records FROM county_datasets
       WHERE release_id = $1 GROUP BY county_id`,
      [release.id],
    );
    expect(
      rows.sort((x: { county_id: string }, y: { county_id: string }) => x.county_id.localeCompare(y.county_id)),
    ).toEqual(
      counties
        .map((county) => ({ county_id: county.id, files: 1, records: perCounty }))
        .sort((x, y) => x.county_id.localeCompare(y.county_id)),
    );
    for (const county of counties) {
      const text = await countyFile(release.month, county.fips);
      const lines = text.split('\n');
      expect(lines[0]).toBe(HEADER.join(','));
      expect(lines).toHaveLength(perCounty + 2);
      expect(lines[1]).toBe(record(county.fips, 1));
      expect(lines[perCounty]).toBe(record(county.fips, perCounty));
    }
    const files = filesIn(join(dataDir(), 'releases', release.month, 'counties')).filter(
      (f) => !f.endsWith('.partial'),
    );
    expect(files).toHaveLength(3);
  }, 180_000);
});
