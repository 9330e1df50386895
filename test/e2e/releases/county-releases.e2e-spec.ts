import request from 'supertest';
import { DataSource } from 'typeorm';
import { parseCsv } from '../../../src/common/csv';
import { CountiesRepository } from '../../../src/modules/counties';
import { makeRelease, monthsAgo, StoredRelease } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface CountyRow {
  id: string;
  name: string;
  state: string;
  fips: string;
}

/** The public freshness calls: a county's release history, and the coverage list of every county on sale. */
describe('Release history and coverage (public)', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  const [older, last] = [monthsAgo(2), monthsAgo(1)];
  let kent: CountyRow; // two published releases
  let newCastle: CountyRow; // none published: the generated stand-in
  let sussex: CountyRow; // removed from sale
  let capital: CountyRow; // renamed to a name that needs quoting in CSV
  const made: Record<string, StoredRelease> = {};

  beforeAll(async () => {
    const county = async (fips: string): Promise<CountyRow> =>
      (await context.store.db.query(`SELECT id, name, state, fips FROM counties WHERE fips = $1`, [fips]))[0];
    [kent, newCastle, sussex, capital] = await Promise.all(['10001', '10003', '10005', '11001'].map(county));
    const app = context.store.app;
    made[older] = await makeRelease(app, older, [{ countyId: kent.id }, { countyId: sussex.id }]);
    made[last] = await makeRelease(app, last, [
      { countyId: kent.id, changes: { previousRelease: older, added: 5, removed: 2, changed: 11 } },
    ]);
    const counties = app.get(CountiesRepository);
    await app.get(DataSource).transaction(async (db) => {
      await counties.remove(db, sussex.id);
      capital = {
        ...capital,
        ...(await counties.update(db, capital.id, {
          name: 'Washington, "The District"',
          state: capital.state,
          stateCode: 'DC',
          population: null,
        })),
      };
    });
  });

  describe('GET /api/counties/:id/releases', () => {
    it('lists the published releases newest first, with records, size, publication and change counts', async () => {
      const res = await api().get(`/api/counties/${kent.id}/releases`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const [files] = await context.store.db.query(
        `SELECT json_object_agg(release, json_build_object('bytes', bytes, 'publishedAt', published_at)) AS files
         FROM county_datasets WHERE county_id = $1 AND kind = 'full' AND format = 'csv' AND source <> 'generated'`,
        [kent.id],
      );
      expect(res.body).toEqual([
        {
          release: last,
          records: made[last].files.get(kent.id)!.records,
          bytes: made[last].files.get(kent.id)!.full.length,
          publishedAt: new Date(files.files[last].publishedAt).toISOString(),
          added: 5,
          removed: 2,
          changed: 11,
          generated: false,
        },
        {
          release: older,
          records: made[older].files.get(kent.id)!.records,
          bytes: made[older].files.get(kent.id)!.full.length,
          publishedAt: new Date(files.files[older].publishedAt).toISOString(),
          added: null,
          removed: null,
          changed: null,
          generated: false,
        },
      ]);
    });

    it('gives a county without published data the generated stand-in a purchase would include, counts unknown', async () => {
      const { body } = await api().get(`/api/counties/${newCastle.id}/releases`).expect(200);
      const summary = await api().get(`/api/counties/${newCastle.id}/dataset-summary`).expect(200);
      expect(body).toEqual([
        {
          release: summary.body.release,
          records: summary.body.parcels,
          bytes: summary.body.fileBytes,
          publishedAt: summary.body.publishedAt,
          added: null,
          removed: null,
          changed: null,
          generated: true,
        },
      ]);
    });

    it('answers 404 for an unknown or removed county, and 400 for an id that is not one', async () => {
      const unknown = await api().get('/api/counties/6f1c2a9e-4b7d-4c3e-9a51-0d2e8f7b6c41/releases').expect(404);
      expect(unknown.body).toEqual({ statusCode: 404, message: 'County not found', error: 'Not Found' });
      await api().get(`/api/counties/${sussex.id}/releases`).expect(404);
      const bad = await api().get('/api/counties/kent/releases').expect(400);
      expect(bad.body.message).toBe('The county id must be a UUID');
    });
  });

  describe('GET /api/admin/coverage', () => {
    it('tells staff which counties are sold with generated data rather than a published release', async () => {
      const { token } = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body;
      const { body } = await api().get('/api/admin/coverage').set('Authorization', `Bearer ${token}`).expect(200);
      const row = (county: CountyRow) => body.counties.find((c: { countyId: string }) => c.countyId === county.id);
      expect(row(kent)).toMatchObject({ currentRelease: last, generated: false });
      expect(row(newCastle)).toMatchObject({ currentRelease: null, records: null, generated: true });
    });
  });

  describe('GET /api/coverage.csv', () => {
    it('lists every county on sale by FIPS, with its current release, records and last publication', async () => {
      const res = await api().get('/api/coverage.csv').expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="county-coverage.csv"');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers.etag).toMatch(/^"coverage-[\w-]+"$/);
      const [header, ...rows] = parseCsv(res.text);
      expect(header).toEqual(['fips', 'name', 'state', 'current_release', 'records', 'last_published']);
      const [{ onSale }] = await context.store.db.query(
        `SELECT count(*)::int AS "onSale" FROM counties WHERE deleted_at IS NULL`,
      );
      expect(rows).toHaveLength(onSale);
      const fipsCodes = rows.map((row) => row[0]);
      expect(fipsCodes).toEqual([...fipsCodes].sort());
      expect(fipsCodes).not.toContain(sussex.fips);

      const [published] = await context.store.db.query(
        `SELECT published_at FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'full' AND format = 'csv'`,
        [kent.id, last],
      );
      expect(rows.find((row) => row[0] === kent.fips)).toEqual([
        kent.fips,
        'Kent',
        'Delaware',
        last,
        String(made[last].files.get(kent.id)!.records),
        new Date(published.published_at).toISOString(),
      ]);
      // No published release: empty, even where a generated stand-in exists.
      expect(rows.find((row) => row[0] === newCastle.fips)).toEqual([
        newCastle.fips,
        'New Castle',
        'Delaware',
        '',
        '',
        '',
      ]);
    });

    it('quotes a name holding a comma or quotes, as RFC 4180 says', async () => {
      const res = await api().get('/api/coverage.csv').expect(200);
      expect(res.text).toContain(`\r\n${capital.fips},"Washington, ""The District""",${capital.state},,,\r\n`);
      expect(parseCsv(res.text).find((row) => row[0] === capital.fips)?.[1]).toBe('Washington, "The District"');
    });

    it('answers 304 to its ETag, and a new one at once after a publication', async () => {
      const first = await api().get('/api/coverage.csv').expect(200);
      const unchanged = await api().get('/api/coverage.csv').set('If-None-Match', first.headers.etag).expect(304);
      expect(unchanged.headers.etag).toBe(first.headers.etag);

      const thisMonth = monthsAgo(0);
      await makeRelease(context.store.app, thisMonth, [{ countyId: newCastle.id }]);
      const after = await api().get('/api/coverage.csv').set('If-None-Match', first.headers.etag).expect(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(
        parseCsv(after.text)
          .find((row) => row[0] === newCastle.fips)
          ?.slice(3, 5),
      ).toEqual([
        thisMonth,
        String(
          (
            await context.store.db.query(
              `SELECT records FROM county_datasets WHERE county_id = $1 AND release = $2 AND source <> 'generated'`,
              [newCastle.id, thisMonth],
            )
          )[0].records,
        ),
      ]);
    });
  });
});
