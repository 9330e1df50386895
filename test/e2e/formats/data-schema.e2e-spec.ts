import request from 'supertest';
import { DATASET_FORMATS } from '../../../src/contracts/dataset-formats';
import { DATA_FIELDS, DATA_SCHEMA } from '../../../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION, SCHEMA_VERSIONS } from '../../../src/modules/data-schema';
import { useTestApp } from '../../support/test-app';
import { binaryBody } from '../../support/binary-body';
import { readPdf } from '../../support/pdf';

describe('The data schema', () => {
  const context = useTestApp();

  it('catalogues at least 250 distinct fields across the categories buyers look for', () => {
    expect(DATA_FIELDS.length).toBeGreaterThanOrEqual(250);
    expect(new Set(DATA_FIELDS.map((f) => f.name)).size).toBe(DATA_FIELDS.length);
    expect(DATA_SCHEMA.map((c) => c.category)).toEqual(
      expect.arrayContaining([
        'Parcel and location',
        'Ownership',
        'Owner mailing address',
        'Tax assessment',
        'Valuation',
        'Sales and transactions',
        'Mortgage and liens',
        'Building characteristics',
        'Land and zoning',
      ]),
    );
    expect(DATA_FIELDS.every((f) => /^[a-z][a-z0-9_]*$/.test(f.name) && f.description.trim().length > 0)).toBe(true);
  });

  it('serves /data-schema.pdf as a real PDF listing every field, with the availability note', async () => {
    const res = await request(context.store.server).get('/data-schema.pdf').buffer(true).parse(binaryBody).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="county-data-schema.pdf"');
    const pdf = await readPdf(res.body as Buffer);
    expect(pdf.numpages).toBeGreaterThan(3);
    const text = pdf.text.replace(/\s+/g, ' ');
    expect(text).toContain('Field availability varies by county');
    const missing = DATA_FIELDS.filter((f) => !text.includes(f.name));
    expect(missing.map((f) => f.name)).toEqual([]);
    for (const { category } of DATA_SCHEMA) expect(text).toContain(category);
  });

  it('says how each file format carries the fields: types, geometry, Shapefile names, nulls, parcels without coordinates', async () => {
    const res = await request(context.store.server).get('/data-schema.pdf').buffer(true).parse(binaryBody).expect(200);
    const text = (await readPdf(res.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(text).toContain('File formats: how each carries the fields');
    for (const format of DATASET_FORMATS) expect(text).toContain(`${format.name} (${format.extension})`);
    expect(text).toContain('EPSG:4326');
    expect(text).toContain('DECIMAL(18,2)');
    expect(text).toContain('GeoParquet');
    expect(text).toContain('10-character names');
    expect(text).toContain('fields.csv');
    expect(text).toContain('Invalid values become null');
    expect(text).toContain('Parcels without coordinates are kept');
  });

  it('is made once: the same bytes and ETag every time, and 304 when unchanged', async () => {
    const first = await request(context.store.server)
      .get('/data-schema.pdf')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    await request(context.store.server)
      .get('/data-schema.pdf')
      .set('Accept-Encoding', 'identity')
      .set('If-None-Match', first.headers.etag)
      .expect(304);
  });

  it('publishes the schema contract at /api/schema: every field with its type, meaning and version, and the changelog', async () => {
    const res = await request(context.store.server).get('/api/schema').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.version).toBe(SCHEMA_VERSION);
    expect(res.body.fields.map((f: { name: string }) => f.name)).toEqual(DATA_FIELDS.map((f) => f.name));
    expect(res.body.fields[0]).toEqual({
      name: 'parcel_id',
      category: 'Parcel and location',
      type: 'text',
      description: DATA_FIELDS[0].description,
      since: '1.0.0',
      deprecated: null,
    });
    const boundary = res.body.fields.find((f: { name: string }) => f.name === 'geometry_wkt');
    expect(boundary).toMatchObject({ type: 'geometry', since: '1.1.0' });
    // The changelog, newest first, each version saying what it added.
    expect(res.body.versions.map((v: { version: string }) => v.version)).toEqual(
      SCHEMA_VERSIONS.map((v) => v.version).reverse(),
    );
    expect(res.body.versions[0]).toMatchObject({ version: '1.1.0', added: ['geometry_wkt'], removed: [] });
    await request(context.store.server).get('/api/schema').set('If-None-Match', res.headers.etag).expect(304);
  });
});
