import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ParcelStoreQueue } from '../../../src/modules/parcels';
import { DATA_FIELDS } from '../../../src/modules/data-schema/data-schema';
import { eventually } from '../../support/eventually';
import { makeRelease, monthsAgo } from '../../support/releases';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

const HEADER = 'parcel_id,county_fips,latitude,longitude,geometry_wkt,site_address,owner_name,legal_description';
const LOT = '(-75.501 39.1,-75.5 39.1,-75.5 39.101,-75.501 39.101,-75.501 39.1)';
const TWO_PARTS =
  '((-75.51 39.11,-75.509 39.11,-75.509 39.111,-75.51 39.11)),((-75.508 39.11,-75.507 39.11,-75.507 39.111,-75.508 39.11))';

/** Three parcels: a lot with its centroid, a two-part lot without one, and a ring left open (unreadable). */
const firstFile = (fips: string) =>
  gzipSync(
    [
      HEADER,
      `1-01.00-001,${fips},39.1005,-75.5005,"POLYGON(${LOT})",12 North Main Street,"Lovelace, Ada","LOT 1, ""THE MEADOWS"""`,
      `1-01.00-002,${fips},,,"MULTIPOLYGON(${TWO_PARTS})",40 Ocean Blvd.,"Turing & Sons, Inc.",`,
      `1-01.00-003,${fips},39.2,-75.6,"POLYGON((0 0,1 0,1 1,0 1))",7 Elm St,Grace Hopper,`,
      '',
    ].join('\n'),
  );

/** A larger release of the county: enough parcels that replacing it takes a while to watch. */
const secondFile = (fips: string, parcels: number) => {
  const rows = Array.from({ length: parcels }, (_, n) => {
    const x = -75.6 + (n % 200) * 0.0005;
    const y = 39.0 + Math.floor(n / 200) * 0.0005;
    const ring = `${x} ${y},${x + 0.0004} ${y},${x + 0.0004} ${y + 0.0004},${x} ${y + 0.0004},${x} ${y}`;
    return `2-${n},${fips},${y + 0.0002},${x + 0.0002},"POLYGON((${ring}))",${n} Main St,Owner ${n},`;
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
};

describe('The parcel store: loaded when a release is published, a county replaced at once', () => {
  const context = useTestApp({ listen: true, worker: true });
  const db = () => context.store.db;
  let token: string;
  let county: { id: string; fips: string };

  const upload = (month: string, file: Buffer) =>
    request(context.store.server)
      .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/gzip')
      .send(file)
      .expect(201);
  const loadOf = async (countyId: string) =>
    (await db().query(`SELECT * FROM parcel_loads WHERE county_id = $1`, [countyId]))[0];

  beforeAll(async () => {
    const res = await request(context.store.server)
      .post('/api/admin/login')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    token = res.body.token;
    [county] = await db().query(`SELECT id, fips FROM counties WHERE fips = '10001'`);
  });

  it('loads a published county: its parcels, boundaries, keys, search text and every field', async () => {
    const month = monthsAgo(1);
    await upload(month, firstFile(county.fips));
    const load = await eventually(() => loadOf(county.id), 30_000);
    expect(load).toMatchObject({ release: month, parcels: 3, shapes: 2, unreadable_shapes: 1 });

    // A point inside the first lot finds that lot.
    const found = await db().query(
      `SELECT parcel_id FROM parcels WHERE state = 'DE' AND ST_Contains(geom, ST_SetSRID(ST_MakePoint(-75.5004, 39.1004), 4326))`,
    );
    expect(found).toEqual([{ parcel_id: '1-01.00-001' }]);

    const rows = await db().query(
      `SELECT parcel_key, parcel_id, release, ST_GeometryType(geom) AS shape, ST_NumGeometries(geom) AS parts,
              ST_X(centroid) AS x, ST_Y(centroid) AS y, ST_Intersects(centroid, geom) AS inside,
              site_address_search, owner_name_search, fields
       FROM parcels WHERE county_id = $1 ORDER BY record_number`,
      [county.id],
    );
    expect(rows.map((r: { parcel_key: string }) => r.parcel_key)).toEqual([
      `${county.fips}10100001`,
      `${county.fips}10100002`,
      `${county.fips}10100003`,
    ]);
    expect(rows[0]).toMatchObject({ shape: 'ST_MultiPolygon', parts: 1, x: -75.5005, y: 39.1005, release: month });
    expect(rows[0].site_address_search).toBe('12 N MAIN ST');
    expect(rows[0].owner_name_search).toBe('LOVELACE ADA');
    // Every field with a value, as the file gives it (quotes and commas kept); the boundary is geom.
    expect(rows[0].fields).toEqual({
      parcel_id: '1-01.00-001',
      county_fips: county.fips,
      latitude: '39.1005',
      longitude: '-75.5005',
      site_address: '12 North Main Street',
      owner_name: 'Lovelace, Ada',
      legal_description: 'LOT 1, "THE MEADOWS"',
    });
    // Two parts kept; no latitude/longitude: the centroid is placed on the boundary.
    expect(rows[1]).toMatchObject({ shape: 'ST_MultiPolygon', parts: 2, inside: true });
    expect(rows[1].owner_name_search).toBe('TURING AND SONS INC');
    expect(rows[1].site_address_search).toBe('40 OCEAN BLVD');
    // An unreadable boundary does not fail the county: the parcel is there, without a shape.
    expect(rows[2]).toMatchObject({ parcel_id: '1-01.00-003', shape: null, x: -75.6, y: 39.2 });
  });

  it("replaces a county at once when its next release is published: a reader sees one release's parcels, never a mix or none", async () => {
    const parcels = 20_000;
    const month = monthsAgo(0);
    const seen: { n: number; releases: number }[] = [];
    let loaded = false;
    const watching = (async () => {
      while (!loaded) {
        const [row] = await db().query(
          `SELECT count(*)::int AS n, count(DISTINCT release)::int AS releases FROM parcels WHERE county_id = $1`,
          [county.id],
        );
        seen.push(row);
      }
    })();
    await upload(month, secondFile(county.fips, parcels));
    await eventually(async () => (await loadOf(county.id))?.release === month, 60_000);
    loaded = true;
    await watching;
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.filter(({ n, releases }) => !((n === 3 || n === parcels) && releases === 1))).toEqual([]);
    expect(seen.at(-1)).toEqual({ n: parcels, releases: 1 });
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM parcels WHERE county_id = $1 AND release <> $2`, [
      county.id,
      month,
    ]);
    expect(n).toBe(0);
  });

  it('loads, by its sweep, a county published without its event (an older version, a lost event)', async () => {
    const [other] = await db().query(`SELECT id, fips FROM counties WHERE fips = '10003'`);
    const month = monthsAgo(3);
    const { releaseId, files } = await makeRelease(context.store.app, month, [{ countyId: other.id }], {
      draft: true,
    });
    // Published as a store without the parcel store's listener left it: no event.
    await db().query(`UPDATE releases SET status = 'published', published_at = now() WHERE id = $1`, [releaseId]);
    await db().query(`UPDATE county_datasets SET published_at = now() WHERE release_id = $1`, [releaseId]);
    expect(await loadOf(other.id)).toBeUndefined();

    expect(await context.worker!.get(ParcelStoreQueue).sweep()).toBe('1 county loads queued');
    const load = await eventually(() => loadOf(other.id), 60_000);
    expect(load).toMatchObject({ release: month, parcels: files.get(other.id)!.records });
    const [sample] = await db().query(`SELECT fields FROM parcels WHERE county_id = $1 LIMIT 1`, [other.id]);
    expect(Object.keys(sample.fields).every((name) => DATA_FIELDS.some((field) => field.name === name))).toBe(true);
    // Loaded as it stands: a second sweep finds nothing to do.
    expect(await context.worker!.get(ParcelStoreQueue).sweep()).toBe('0 county loads queued');
  });
});
