import request from 'supertest';
import { CountyCatalogService } from '../../../src/modules/counties/county-catalog.service';
import { eventually } from '../../support/eventually';
import { startTestApp, TestApp, useTestApp } from '../../support/test-app';

// The catalog's source of truth for which areas exist. Required, not imported: tsc would type the whole atlas.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const atlas = require('us-atlas/counties-10m.json') as {
  objects: { counties: { geometries: { id: string; properties: { name: string } }[] } };
};

interface CatalogCounty {
  id: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
  fips: string;
}

async function etagFor(server: TestApp['server'], encoding: string): Promise<string> {
  const res = await request(server).get('/api/counties').set('Accept-Encoding', encoding);
  return res.headers.etag;
}

describe('GET /api/counties', () => {
  const context = useTestApp();

  it('lists every county-level area of us-atlas with its state, code, FIPS and population', async () => {
    const res = await request(context.store.server).get('/api/counties').expect(200);
    const counties = res.body as CatalogCounty[];

    const atlasFips = atlas.objects.counties.geometries.map((g) => g.id).sort();
    expect(counties.map((c) => c.fips).sort()).toEqual(atlasFips);
    expect(counties.filter((c) => c.population !== null).length).toBeGreaterThanOrEqual(3100);
    expect(Object.keys(counties[0]).sort()).toEqual(['fips', 'id', 'name', 'population', 'state', 'stateCode']);

    const baltimore = counties.find((c) => c.fips === '24510');
    expect(baltimore).toMatchObject({ name: 'Baltimore City', state: 'Maryland', stateCode: 'MD', population: 593490 });
    expect(counties.find((c) => c.fips === '24005')?.name).toBe('Baltimore');
    expect(counties.every((c) => /^[A-Z]{2}$/.test(c.stateCode) && /^\d{5}$/.test(c.fips))).toBe(true);
  });

  it('orders the catalog by state, then by county name', async () => {
    const { body } = await request(context.store.server).get('/api/counties').expect(200);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const sorted = [...(body as CatalogCounty[])].sort(
      (a, b) => collator.compare(a.state, b.state) || collator.compare(a.name, b.name),
    );
    expect(body).toEqual(sorted);
    expect(body[0].state).toBe('Alabama');
  });

  it('serves brotli and gzip bodies that revalidate with 304 on their own ETag', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const first = await request(context.store.server)
        .get('/api/counties')
        .set('Accept-Encoding', encoding)
        .expect(200);
      if (encoding !== 'identity') expect(first.headers['content-encoding']).toBe(encoding);
      expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(first.headers.vary).toBe('Accept-Encoding');

      const again = await request(context.store.server)
        .get('/api/counties')
        .set('Accept-Encoding', encoding)
        .set('If-None-Match', first.headers.etag)
        .expect(304);
      expect(again.text ?? '').toBe('');
    }
  });

  it('drops a removed county and changes the ETag as soon as the change is announced', async () => {
    const before = await etagFor(context.store.server, 'gzip');
    await context.store.db.query(`UPDATE counties SET deleted_at = now() WHERE fips = '01001'`);
    await context.store.app.get(CountyCatalogService).announceChange();

    await request(context.store.server)
      .get('/api/counties')
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', before)
      .expect(200);
    const { body } = await request(context.store.server).get('/api/counties').expect(200);
    expect(body.some((c: CatalogCounty) => c.fips === '01001')).toBe(false);
    await context.store.db.query(`UPDATE counties SET deleted_at = NULL WHERE fips = '01001'`);
    await context.store.app.get(CountyCatalogService).announceChange();
  });

  it('refreshes every replica when one of them announces a change', async () => {
    const replica = await startTestApp(context.environment);
    try {
      const before = await etagFor(replica.server, 'br');
      await context.store.db.query(`UPDATE counties SET name = 'Autauga County' WHERE fips = '01001'`);
      await context.store.app.get(CountyCatalogService).announceChange();

      await eventually(async () => (await etagFor(replica.server, 'br')) !== before);
      const { body } = await request(replica.server).get('/api/counties').expect(200);
      expect(body.find((c: CatalogCounty) => c.fips === '01001').name).toBe('Autauga County');
    } finally {
      await replica.close();
    }
  });
});
