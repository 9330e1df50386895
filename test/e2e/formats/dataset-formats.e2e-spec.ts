import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { DATASET_FORMATS } from '../../../src/contracts/dataset-formats';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION } from '../../../src/modules/data-schema';
import { conversionJobId, FORMATS_QUEUE } from '../../../src/modules/formats/formats.constants';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { readParquet, readWithGdal } from '../../support/read-back';
import { makeRelease, monthsAgo, StoredRelease } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

interface DatasetRow {
  id: string;
  county_id: string;
  kind: string;
  format: string;
  storage_key: string;
  bytes: number;
  sha256: string;
  records: number;
  derived_from: string | null;
}

/**
 * County files in every format: made by the worker when a release is published (and on the first
 * request for any other file), stored beside the CSV, recorded only once stored, made once however
 * many ask, and chosen in the download-link calls. The files are read back with GDAL and with an
 * independent Parquet reader.
 */
describe('County file formats: made by the worker, chosen in download links', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const queue = () => context.worker!.get<Queue>(getQueueToken(FORMATS_QUEUE), { strict: false });
  const storage = () => context.store.app.get(DatasetStorage);
  const [older, last, broken] = [monthsAgo(3), monthsAgo(2), monthsAgo(1)];
  let tracked: string; // Baltimore County: County Tracker; releases older and last (with a change file)
  let snapped: string; // Baltimore City: County SnapShot; release last
  let corrupt: string; // Anne Arundel: its one release has a CSV that is not gzip
  const made: Record<string, StoredRelease> = {};
  let tracker: WebClient;
  let snapshot: WebClient;
  let trackerSub: string;
  let snapshotSub: string;
  let adminToken: string;
  let dir: string;

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const fetchFile = (url: string) => api().get(new URL(url).pathname).buffer(true).parse(binaryBody);
  const linkFor = (client: WebClient, id: string, choice: object) =>
    api().post(`/api/subscriptions/${id}/download-link`).set('Cookie', client.cookieHeader()).send(choice);
  const stored = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of storage().read(key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  const filesOf = (countyId: string, release: string): Promise<DatasetRow[]> =>
    db().query(
      `SELECT id, county_id, kind, format, storage_key, bytes::int AS bytes, sha256, records, derived_from
       FROM county_datasets WHERE county_id = $1 AND release = $2 ORDER BY kind, format`,
      [countyId, release],
    );
  const save = async (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cds-formats-e2e-'));
    const ids = async (fips: string) =>
      (await db().query(`SELECT id FROM counties WHERE fips = $1`, [fips]))[0].id as string;
    [tracked, snapped, corrupt] = await Promise.all([ids('24005'), ids('24510'), ids('24003')]);
    // Conversions wait until a test lets them run: what is queued can be seen before it is made.
    await queue().pause();
    const app = context.store.app;
    made[older] = await makeRelease(app, older, [{ countyId: tracked }]);
    made[last] = await makeRelease(app, last, [
      { countyId: tracked, changes: { previousRelease: older, added: 4, removed: 2, changed: 3 } },
      { countyId: snapped },
    ]);
    await buy(context.store.server, 'tracker-formats@example.com', [{ countyId: tracked, purchaseType: 'annual' }]);
    await buy(context.store.server, 'snapshot-formats@example.com', [{ countyId: snapped, purchaseType: 'one-time' }]);
    tracker = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(tracker, { email: 'tracker-formats@example.com' });
    snapshot = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(snapshot, { email: 'snapshot-formats@example.com' });
    const subscriptionOf = async (countyId: string) =>
      (await db().query(`SELECT id FROM subscriptions WHERE county_id = $1`, [countyId]))[0].id as string;
    [trackerSub, snapshotSub] = await Promise.all([tracked, snapped].map(subscriptionOf));
    await db().query(
      `UPDATE subscriptions SET start_date = $2, expiration_date = $2::timestamptz + interval '1 year' WHERE id = $1`,
      [trackerSub, `${older}-15T12:00:00Z`],
    );
    adminToken = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lists the formats publicly: id, name, file extension, media type and a description', async () => {
    const res = await api().get('/api/formats').expect(200);
    expect(res.body.map((format: { id: string }) => format.id)).toEqual(['csv', 'gpkg', 'shp', 'geojson', 'parquet']);
    expect(res.body[1]).toEqual({
      id: 'gpkg',
      name: 'GeoPackage',
      extension: '.gpkg',
      mediaType: 'application/geopackage+sqlite3',
      description: DATASET_FORMATS[1].description,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('queues every format of every full file a release publishes, and answers 409 with Retry-After until made', async () => {
    const [fullOfLast] = (await filesOf(tracked, last)).filter((f) => f.kind === 'full');
    const waiting = await queue().getWaiting();
    expect(waiting.map((job) => job.id)).toEqual(
      expect.arrayContaining(
        ['gpkg', 'shp', 'geojson', 'parquet'].map((format) =>
          conversionJobId(fullOfLast.id, fullOfLast.sha256, format as 'gpkg'),
        ),
      ),
    );
    // Two releases: one full file, then two; change files are converted when first asked for.
    expect(waiting).toHaveLength(3 * 4);
    const pending = await db().query(`SELECT state, count(*)::int AS n FROM dataset_conversions GROUP BY state`);
    expect(pending).toEqual([{ state: 'queued', n: 12 }]);

    const preparing = await linkFor(tracker, trackerSub, { format: 'gpkg' }).expect(409);
    expect(preparing.headers['retry-after']).toBe('60');
    expect(preparing.body).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The GeoPackage of this file is being prepared. Try again in a minute.',
    });
    // Asking again queues nothing more.
    await linkFor(tracker, trackerSub, { format: 'gpkg' }).expect(409);
    expect(await queue().getWaitingCount()).toBe(12);
  });

  it('makes each file once, stored beside its CSV, recorded with the size and SHA-256 of what is stored', async () => {
    await queue().resume();
    const all = async () =>
      (await db().query(`SELECT count(*)::int AS n FROM county_datasets WHERE format <> 'csv'`))[0].n as number;
    await eventually(async () => (await all()) === 12, 120_000);
    for (const [county, release] of [
      [tracked, older],
      [tracked, last],
      [snapped, last],
    ]) {
      const files = await filesOf(county, release);
      const csv = files.find((f) => f.kind === 'full' && f.format === 'csv')!;
      const converted = files.filter((f) => f.kind === 'full' && f.format !== 'csv');
      expect(converted.map((f) => f.format).sort()).toEqual(['geojson', 'gpkg', 'parquet', 'shp']);
      for (const file of converted) {
        expect(file.derived_from).toBe(csv.id);
        expect(file.records).toBe(csv.records);
        expect(file.storage_key.startsWith(csv.storage_key.replace(/\.csv\.gz$/, ''))).toBe(true);
        const bytes = await stored(file.storage_key);
        expect(bytes.length).toBe(file.bytes);
        expect(sha(bytes)).toBe(file.sha256);
      }
    }
    expect(await db().query(`SELECT * FROM dataset_conversions`)).toEqual([]);
    // Staff see each format of each county in the release's QA rows.
    const [lastRelease] = await db().query(`SELECT id FROM releases WHERE month = $1`, [last]);
    const detail = await api()
      .get(`/api/admin/releases/${lastRelease.id}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    for (const row of detail.body.counties) {
      expect(row.formats.map((f: { format: string; state: string }) => `${f.format}:${f.state}`)).toEqual([
        'gpkg:ready',
        'shp:ready',
        'geojson:ready',
        'parquet:ready',
      ]);
      expect(row.formats.every((f: { bytes: number }) => f.bytes > 0)).toBe(true);
    }
    // The county summary ("What you get") lists every format with its size.
    const summary = await api().get(`/api/counties/${tracked}/dataset-summary`).expect(200);
    expect(summary.body.formats.map((f: { format: string }) => f.format)).toEqual([
      'csv',
      'gpkg',
      'shp',
      'geojson',
      'parquet',
    ]);
    expect(summary.body.formats.every((f: { bytes: number | null }) => typeof f.bytes === 'number')).toBe(true);
  });

  it('gives a link to a GeoPackage GDAL opens: every record and field, typed, and a parcel’s values as in the CSV', async () => {
    const link = await linkFor(tracker, trackerSub, { format: 'gpkg' }).expect(200);
    expect(link.body).toMatchObject({ release: last, kind: 'full', format: 'gpkg' });
    expect(link.body.filename).toBe(`baltimore-md-${last}.gpkg`);
    const file = await fetchFile(link.body.url).expect(200);
    expect(file.headers['content-type']).toBe('application/geopackage+sqlite3');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-md-${last}.gpkg"`);
    expect(file.body.length).toBe(link.body.bytes);
    const gpkg = await readWithGdal(await save('county.gpkg', file.body as Buffer));
    const csv = parseCsv(gunzipSync(made[last].files.get(tracked)!.full).toString('utf8'));
    const [header, ...records] = csv.filter((row) => row.length > 1);
    expect(gpkg.featureCount).toBe(records.length);
    expect(gpkg.srs).toBe('EPSG:4326');
    // Every schema field but the boundary, which is the layer's geometry.
    expect([...gpkg.fields.keys()]).toEqual(DATA_FIELDS.filter((f) => f.type !== 'geometry').map((f) => f.name));
    const value = (record: string[], field: string) => record[header.indexOf(field)];
    const first = gpkg.features[0].properties;
    expect(first.parcel_id).toBe(value(records[0], 'parcel_id'));
    expect(first.county_fips).toBe('24005');
    expect(first.latitude).toBe(Number(value(records[0], 'latitude')));
    const dated = records.findIndex((record) => value(record, 'last_sale_date') !== '');
    expect(gpkg.features[dated].properties.last_sale_date).toBe(value(records[dated], 'last_sale_date'));
    const priced = records.findIndex((record) => value(record, 'assessed_total_value') !== '');
    expect(gpkg.features[priced].properties.assessed_total_value).toBe(
      Number(value(records[priced], 'assessed_total_value')),
    );
    // The county's generated lots have boundaries: the layer is of polygons, each parcel's its own.
    expect(gpkg.geometryType).toMatch(/Polygon/);
    const shaped = records.findIndex((record) => value(record, 'geometry_wkt') !== '');
    expect(gpkg.features[shaped].geometry).toMatchObject({ type: expect.stringMatching(/Polygon/) });
    expect(gpkg.features[shaped].properties.parcel_id).toBe(value(records[shaped], 'parcel_id'));
  });

  it('serves each format under its own name and Content-Type; the Shapefile zip and Parquet read back', async () => {
    const expected = {
      shp: ['application/zip', '.shp.zip'],
      geojson: ['application/gzip', '.geojson.gz'],
      parquet: ['application/vnd.apache.parquet', '.parquet'],
      csv: ['application/gzip', '.csv.gz'],
    };
    const bodies: Record<string, Buffer> = {};
    for (const [format, [type, extension]] of Object.entries(expected)) {
      const link = await linkFor(snapshot, snapshotSub, { format }).expect(200);
      const file = await fetchFile(link.body.url).expect(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-city-md-${last}${extension}"`);
      bodies[format] = file.body as Buffer;
    }
    const records = made[last].files.get(snapped)!.records;
    const zip = await save('county.shp.zip', bodies.shp);
    const shp = await readWithGdal(`/vsizip/${zip}/parcels.shp`, { features: false });
    expect(shp.featureCount).toBe(records);
    expect(shp.fields.size).toBe(DATA_FIELDS.length - 1);
    const geojson = gunzipSync(bodies.geojson).toString('utf8').trim().split('\n');
    expect(geojson).toHaveLength(records);
    expect(JSON.parse(geojson[0])).toMatchObject({ type: 'Feature', properties: { county_fips: '24510' } });
    const parquet = await readParquet(await save('county.parquet', bodies.parquet));
    expect(parquet.rows).toHaveLength(records);
    // GeoParquet 1.0 for points; 1.1, with its bbox covering, when the county's file has boundaries.
    const shapes = (await api().get(`/api/counties/${snapped}/dataset-summary`).expect(200)).body.shapes;
    expect(JSON.parse(parquet.keyValueMetadata.geo)).toMatchObject({
      version: shapes === 'polygons' ? '1.1.0' : '1.0.0',
      primary_column: 'geometry',
    });
  });

  it('makes a change file’s GeoJSON on first request, once however many ask, for County Tracker only', async () => {
    const choice = { release: last, kind: 'changes', format: 'geojson' };
    const first = await Promise.all([1, 2, 3, 4].map(() => linkFor(tracker, trackerSub, choice)));
    expect(first.map((res) => res.status)).toEqual([409, 409, 409, 409]);
    const ready = await eventually(async () => {
      const res = await linkFor(tracker, trackerSub, choice);
      return res.status === 200 && res;
    }, 60_000);
    expect(ready.body).toMatchObject({ release: last, kind: 'changes', format: 'geojson', records: 4 + 2 + 3 });
    const file = await fetchFile(ready.body.url).expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-md-${last}-changes.geojson.gz"`);
    const features = gunzipSync(file.body as Buffer)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { properties: { change: string } });
    expect(features.map((f) => f.properties.change).sort()).toEqual(
      ['added', 'added', 'added', 'added', 'changed', 'changed', 'changed', 'removed', 'removed'].sort(),
    );
    // One file, made by one job: asking again serves the same file.
    const rows = (await filesOf(tracked, last)).filter((f) => f.kind === 'changes' && f.format === 'geojson');
    expect(rows).toHaveLength(1);
    const again = await linkFor(tracker, trackerSub, choice).expect(200);
    expect(again.body.bytes).toBe(rows[0].bytes);
    const [changeCsv] = (await filesOf(tracked, last)).filter((f) => f.kind === 'changes' && f.format === 'csv');
    const completed = await queue().getCompleted();
    expect(
      completed.filter((job) => job.data.datasetId === changeCsv.id && job.data.format === 'geojson'),
    ).toHaveLength(1);

    const refused = await linkFor(snapshot, snapshotSub, { kind: 'changes', format: 'geojson' }).expect(403);
    expect(refused.body.message).toMatch(/Change files come with County Tracker/);
  });

  it('lists every file a customer holds of a release in its manifest, each with the size and SHA-256 of what downloads', async () => {
    const tokenOf = async (client: WebClient) =>
      (
        await api()
          .post('/api/tokens')
          .set('Cookie', client.cookieHeader())
          .send({ name: 'Warehouse loader' })
          .expect(201)
      ).body.token as string;
    const manifest = (token: string, month: string) =>
      api().get(`/api/v1/releases/${month}/manifest.json`).set('Authorization', `Bearer ${token}`);
    const [trackerToken, snapshotToken] = [await tokenOf(tracker), await tokenOf(snapshot)];

    const { body } = await manifest(trackerToken, last).expect(200);
    expect(body).toMatchObject({ release: last, schemaVersion: SCHEMA_VERSION });
    expect(body.counties).toHaveLength(1);
    const [county] = body.counties;
    expect(county).toMatchObject({
      county: { id: tracked, fips: '24005', stateCode: 'MD' },
      subscriptionId: trackerSub,
      plan: 'annual',
      downloadLink: `/api/v1/subscriptions/${trackerSub}/download-link`,
    });
    // Every format of the full file; the change file's CSV and the GeoJSON asked for above; the rest preparing.
    const listed = county.files.map((f: { kind: string; format: string }) => `${f.kind}:${f.format}`);
    expect(listed).toEqual([
      'full:csv',
      'full:gpkg',
      'full:shp',
      'full:geojson',
      'full:parquet',
      'changes:csv',
      'changes:geojson',
    ]);
    expect(county.preparing).toEqual(['gpkg', 'shp', 'parquet'].map((format) => ({ kind: 'changes', format })));
    // What a pipeline does: download each file by the manifest's own call, and check it against the manifest.
    for (const file of county.files) {
      const link = await api()
        .post(county.downloadLink)
        .set('Authorization', `Bearer ${trackerToken}`)
        .send({ release: last, kind: file.kind, format: file.format })
        .expect(200);
      const bytes = (await fetchFile(link.body.url).expect(200)).body as Buffer;
      expect({ bytes: bytes.length, sha256: sha(bytes) }).toEqual({ bytes: file.bytes, sha256: file.sha256 });
      expect(link.body).toMatchObject({
        sha256: file.sha256,
        schemaVersion: file.schemaVersion,
        filename: file.filename,
      });
      expect(file.schemaVersion).toBe(SCHEMA_VERSION);
    }
    expect(county.files.find((f: { kind: string }) => f.kind === 'changes').records).toBe(4 + 2 + 3);

    // The county's first release has no change file; a SnapShot holds only its own release, and no change files.
    const first = (await manifest(trackerToken, older).expect(200)).body.counties;
    expect(first.map((c: { files: { kind: string }[] }) => c.files.map((f) => f.kind))).toEqual([
      ['full', 'full', 'full', 'full', 'full'],
    ]);
    const snapped = (await manifest(snapshotToken, last).expect(200)).body.counties;
    expect(snapped).toHaveLength(1);
    expect(snapped[0].county.fips).toBe('24510');
    expect(snapped[0].files.map((f: { kind: string; format: string }) => `${f.kind}:${f.format}`)).toEqual([
      'full:csv',
      'full:gpkg',
      'full:shp',
      'full:geojson',
      'full:parquet',
    ]);
    expect((await manifest(snapshotToken, older).expect(200)).body.counties).toEqual([]);
    expect((await manifest(snapshotToken, '2001-01').expect(200)).body.counties).toEqual([]);
    const malformed = await manifest(snapshotToken, 'latest').expect(400);
    expect(malformed.body.message).toBe('The release must be a monthly release as YYYY-MM, for example 2026-11');
    await api().get(`/api/v1/releases/${last}/manifest.json`).expect(401);
  });

  it('refuses a format it does not offer, naming the ones it does', async () => {
    const bad = await linkFor(tracker, trackerSub, { format: 'xlsx' }).expect(400);
    expect(bad.body.message).toBe('format must be one of csv, gpkg, shp, geojson, parquet');
    await api()
      .post(`/api/subscriptions/${trackerSub}/download-link`)
      .set('Cookie', tracker.cookieHeader())
      .send({ format: 'GPKG' })
      .expect(400);
  });

  it('retries a conversion that fails, reports it to staff with its error, and records no file', async () => {
    await queue().pause();
    const release = await makeRelease(context.store.app, broken, [{ countyId: corrupt }]);
    const [csv] = await filesOf(corrupt, broken);
    // The stored CSV is damaged after publication: every conversion of it fails.
    await storage().put(csv.storage_key, Buffer.from('this is not gzip'));
    const jobId = conversionJobId(csv.id, csv.sha256, 'gpkg');
    await queue().resume();
    const status = async () =>
      (
        await db().query(
          `SELECT state, attempts, error FROM dataset_conversions WHERE dataset_id = $1 AND format = 'gpkg'`,
          [csv.id],
        )
      )[0] as { state: string; attempts: number; error: string } | undefined;
    // The first attempt fails: queued again (with backoff), its error kept.
    await eventually(async () => (await status())?.attempts === 1 && (await status())?.state === 'queued', 30_000);
    expect((await status())!.error).toMatch(/incorrect header check|gzip/i);
    // The row is written before BullMQ has the failure: the job is delayed for its retry a moment later.
    await eventually(async () => (await (await queue().getJob(jobId))!.getState()) === 'delayed', 10_000);
    // Its retries, brought forward, fail too; after the last it is failed for good.
    for (let attempt = 2; attempt <= 4; attempt++) {
      await eventually(async () => (await queue().getJob(jobId))!.isDelayed(), 30_000);
      await (await queue().getJob(jobId))!.promote();
      await eventually(
        async () => (await status())?.attempts === attempt && (await status())?.state !== 'running',
        30_000,
      );
    }
    expect(await status()).toMatchObject({ state: 'failed', attempts: 4 });
    // The row is written before the job's error reaches BullMQ, which then marks the job failed.
    await eventually(async () => (await (await queue().getJob(jobId))!.getState()) === 'failed', 30_000);
    expect((await filesOf(corrupt, broken)).map((f) => f.format)).toEqual(['csv']);
    const detail = await api()
      .get(`/api/admin/releases/${release.releaseId}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    const gpkg = detail.body.counties[0].formats.find((f: { format: string }) => f.format === 'gpkg');
    expect(gpkg).toMatchObject({ state: 'failed', attempts: 4, bytes: null });
    expect(gpkg.error).toMatch(/incorrect header check|gzip/i);
  });
});
