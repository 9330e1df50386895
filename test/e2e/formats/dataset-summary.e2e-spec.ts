import { createHash, randomUUID } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { parseCsv } from '../../../src/common/csv';
import { countyFileStem } from '../../../src/common/slug';
import { FILL_RATE_FIELDS, SAMPLE_RECORDS } from '../../../src/contracts/county-dataset';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { DATASETS_QUEUE } from '../../../src/modules/releases/files/datasets.constants';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { KeyFieldCountingService } from '../../../src/modules/releases/files/key-field-counting.service';
import { generateCountyDataset } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { eventually } from '../../support/eventually';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import type { CatalogCountyDto as County } from '../../../src/modules/counties/dto/catalog-county.dto';

/** 30 records whose owner, zoning and legal description vary; legal descriptions hold commas and line breaks. */
function uploadedText(fips: string): string {
  const rows = Array.from({ length: 30 }, (_, i) => {
    const owner = i % 3 === 2 ? '' : `"Owner ${i}, Jr."`;
    const zoning = i % 3 === 0 ? 'R-1' : '';
    return `P-${i},${fips},${owner},${zoning},"Lot ${i}\nBlock ""${i}"""`;
  });
  return ['parcel_id,county_fips,owner_name,zoning_code,legal_description', ...rows].join('\n') + '\n';
}

describe('What a county holds: its dataset summary and free sample', () => {
  const context = useTestApp({ worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  let counties: County[];
  let addresses = 0;
  // Each request from an address of its own, unless a test counts requests from one address.
  const from = () => `10.88.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
  const summary = (id: string) => api().get(`/api/counties/${id}/dataset-summary`).set('X-Forwarded-For', from());
  const sample = (id: string) => api().get(`/api/counties/${id}/sample.csv`).set('X-Forwarded-For', from());

  beforeAll(async () => {
    // The least populous counties have the smallest generated files.
    counties = await db().query(
      `SELECT id, fips, name, state, state_code AS "stateCode", population
       FROM counties WHERE deleted_at IS NULL AND population IS NOT NULL ORDER BY population, fips LIMIT 5`,
    );
  });

  it('summarises the release a purchase made now would include, with the fill rate of each key field', async () => {
    const county = counties[0];
    const release = releaseOf(new Date());
    const generated = generateCountyDataset(county, release);
    const res = await summary(county.id).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const [row] = await db().query(
      `SELECT created_at, bytes::int AS bytes FROM county_datasets WHERE county_id = $1 AND release = $2`,
      [county.id, release],
    );
    expect(res.body).toEqual({
      countyId: county.id,
      name: county.name,
      state: county.state,
      release,
      publishedAt: row.created_at.toISOString(),
      parcels: generated.records,
      fileBytes: generated.bytes.length,
      fillRates: FILL_RATE_FIELDS.map(({ field, label }) => ({
        field,
        label,
        rate: generated.keyFieldCounts[field] / generated.records,
      })),
      // Boundaries when any parcel of the file has one (its counted geometry_wkt values), else points.
      shapes: (generated.keyFieldCounts.geometry_wkt ?? 0) > 0 ? 'polygons' : 'points',
      // The CSV's size; the other formats are made on the first request for them.
      formats: [
        { format: 'csv', bytes: generated.bytes.length },
        ...['gpkg', 'shp', 'geojson', 'parquet'].map((format) => ({ format, bytes: null })),
      ],
      sampleUrl: `/api/counties/${county.id}/sample.csv`,
    });
    expect(row.bytes).toBe(generated.bytes.length);
    // The generator leaves optional fields of a county partly empty, so the rates say something.
    expect(res.body.fillRates.some((r: { rate: number }) => r.rate > 0 && r.rate < 1)).toBe(true);
  });

  it('answers a release recorded before fill rates were kept without them, then with the counts the worker stores', async () => {
    const county = counties[1];
    const first = (await summary(county.id).expect(200)).body;
    await db().query(`UPDATE county_datasets SET key_field_counts = NULL WHERE county_id = $1`, [county.id]);
    const uncounted = await summary(county.id).expect(200);
    expect(uncounted.body).toEqual({ ...first, fillRates: null, shapes: null });
    // Not cached: the rates come as soon as the worker has counted them.
    expect(uncounted.headers['cache-control']).toBe('no-store');
    const counted = await eventually(async () => {
      const res = await summary(county.id).expect(200);
      return res.body.fillRates && res;
    });
    expect(counted.body).toEqual(first);
    expect(counted.headers['cache-control']).toBe('public, max-age=300');
    const [row] = await db().query(`SELECT key_field_counts FROM county_datasets WHERE county_id = $1`, [county.id]);
    expect(row.key_field_counts).toEqual(generateCountyDataset(county, releaseOf(new Date())).keyFieldCounts);
  });

  it("counts every release still without counts on the worker's sweep, each once", async () => {
    const county = counties[1];
    await db().query(`UPDATE county_datasets SET key_field_counts = NULL WHERE county_id = $1`, [county.id]);
    const [dataset] = await db().query(`SELECT id FROM county_datasets WHERE county_id = $1`, [county.id]);
    // The counting job of this release ran in the test above: its record goes, as it does a day on.
    const queue = context.worker!.get<Queue>(getQueueToken(DATASETS_QUEUE));
    await queue.remove(`key-field-counts-${dataset.id}`);
    expect(await context.worker!.get(KeyFieldCountingService).queueMissing()).toBe('1 release(s) queued');
    const [row] = await eventually(async () => {
      const rows = await db().query(
        `SELECT key_field_counts FROM county_datasets WHERE id = $1 AND key_field_counts IS NOT NULL`,
        [dataset.id],
      );
      return rows.length > 0 && rows;
    });
    expect(row.key_field_counts).toEqual(generateCountyDataset(county, releaseOf(new Date())).keyFieldCounts);
    expect(await context.worker!.get(KeyFieldCountingService).queueMissing()).toBe('0 release(s) queued');
  });

  it('serves the header and the first 25 records of the generated release, cut from the stored file', async () => {
    const county = counties[0];
    const release = releaseOf(new Date());
    const res = await sample(county.id).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${countyFileStem(county.name, county.stateCode)}-sample-${release}.csv"`,
    );
    const whole = gunzipSync(generateCountyDataset(county, release).bytes).toString('utf8');
    const [header, ...records] = parseCsv(res.text.trimEnd());
    expect(header).toEqual(DATA_FIELDS.map((f) => f.name));
    expect(records).toHaveLength(SAMPLE_RECORDS);
    expect(whole.startsWith(res.text)).toBe(true);
  });

  describe('an uploaded release', () => {
    const county = () => counties[2];
    const file = () => gzipSync(uploadedText(county().fips));

    beforeAll(async () => {
      const login = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
      await api()
        .post(`/api/admin/counties/${county().id}/datasets?release=${releaseOf(new Date())}`)
        .set('Authorization', `Bearer ${login.body.token}`)
        .set('Content-Type', 'application/gzip')
        .send(file())
        .expect(201);
    });

    it('takes precedence, with fill rates counted while it was uploaded', async () => {
      const { body } = await summary(county().id).expect(200);
      expect(body).toMatchObject({ release: releaseOf(new Date()), parcels: 30, fileBytes: file().length });
      const rates = Object.fromEntries(body.fillRates.map((r: { field: string; rate: number }) => [r.field, r.rate]));
      expect(rates).toEqual({
        owner_name: 20 / 30,
        mail_address: 0,
        assessed_total_value: 0,
        last_sale_price: 0,
        last_sale_date: 0,
        year_built: 0,
        zoning_code: 10 / 30,
      });
    });

    it('samples it record by record, quoted line breaks kept inside their records', async () => {
      const res = await sample(county().id).expect(200);
      const lines = uploadedText(county().fips).split('\n');
      // The header, then two lines per record.
      expect(res.text).toBe(`${lines.slice(0, 1 + 2 * SAMPLE_RECORDS).join('\n')}\n`);
    });

    it('names the sample by a strong ETag of the release file and answers 304 to it', async () => {
      const res = await sample(county().id).expect(200);
      const sha256 = createHash('sha256').update(file()).digest('hex');
      expect(res.headers.etag).toBe(`"sample-${sha256}"`);
      const cached = await api()
        .get(`/api/counties/${county().id}/sample.csv`)
        .set('If-None-Match', `"other", ${res.headers.etag}`)
        .expect(304);
      expect(cached.headers.etag).toBe(res.headers.etag);
      expect(cached.text ?? '').toBe('');
      await api().get(`/api/counties/${county().id}/sample.csv`).set('If-None-Match', '"other"').expect(200);
    });
  });

  it('answers 404 for an unknown or removed county and 400 for an id that is no UUID, as the rest of the API', async () => {
    const removed = counties[3];
    await db().query(`UPDATE counties SET deleted_at = now() WHERE id = $1`, [removed.id]);
    for (const id of [randomUUID(), removed.id]) {
      expect((await summary(id).expect(404)).body).toEqual({
        statusCode: 404,
        message: 'County not found',
        error: 'Not Found',
      });
      expect((await sample(id).expect(404)).body).toEqual({
        statusCode: 404,
        message: 'County not found',
        error: 'Not Found',
      });
    }
    expect((await summary('not-a-county').expect(400)).body.message).toBe('The county id must be a UUID');
    await sample('1%27%20OR%201=1').expect(400);
    // Nothing was generated for them.
    expect(await db().query(`SELECT 1 FROM county_datasets WHERE county_id = $1`, [removed.id])).toEqual([]);
  });

  it('answers 409 while a county has no current file (its only upload is of a later month)', async () => {
    const county = counties[4];
    await db().query(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, schema_version,
         published_at)
       VALUES ($1, '2999-01', 'counties/later.csv.gz', 1, $2, 1, 'uploaded', '1.1.0', now())`,
      [county.id, '0'.repeat(64)],
    );
    for (const res of [await summary(county.id).expect(409), await sample(county.id).expect(409)]) {
      expect(res.body).toEqual({
        statusCode: 409,
        message: "This county's data is not available yet.",
        error: 'Conflict',
      });
    }
  });

  it('limits sample downloads per address, saying when to try again', async () => {
    const address = '10.99.0.1';
    const get = () =>
      api().get(`/api/counties/${counties[0].id}/sample.csv`).set('X-Forwarded-For', address).set('If-None-Match', '*');
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await get()).status);
    expect(answers).toEqual(Array(30).fill(304));
    const refused = await get().expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/Too many requests/);
    // Another address is not held back.
    await sample(counties[0].id).expect(200);
  });
});
