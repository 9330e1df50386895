import { VectorTile } from '@mapbox/vector-tile';
import { gzipSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import request from 'supertest';
import { NO_TRACKER } from '../../../src/modules/parcels/lookup/parcel-lookup.service';
import { NO_PREVIEW } from '../../../src/modules/parcels/locator/parcel-locator.service';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import { squareLot } from '../../support/parcel-grid';
import { tileOf } from '../../../src/contracts/parcel-map';

const HEADER = 'parcel_id,county_fips,geometry_wkt,site_address,owner_name,assessed_total_value';
/** Lots 0.0004° square on a 0.0005° grid, ten a row. */
const STEP = 0.0005;
const SIDE = 0.0004;

const lotOf = (x0: number, y0: number, n: number) => {
  const x = x0 + (n % 10) * STEP;
  const y = y0 + Math.floor(n / 10) * STEP;
  return { x, y, centre: [x + SIDE / 2, y + SIDE / 2] as const };
};

function countyFile(fips: string, x0: number, y0: number, lots: number): Buffer {
  const rows = Array.from({ length: lots }, (_, n) => {
    const { x, y } = lotOf(x0, y0, n);
    return `2-${String(n).padStart(3, '0')},${fips},"${squareLot(x, y, SIDE)}",${200 + n} Harbor Road,Owner ${fips} ${n},${5000 + n}`;
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
}

const tileParcels = (bytes: Buffer) => {
  const layer = new VectorTile(new PbfReader(bytes)).layers.parcels;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer.feature(i).properties);
};

/*
 * The store's parcel map asks the parcel store with the customer's session: the same answers as
 * the data API, from the same counties (their active County Trackers), and where the map opens;
 * the county preview finds a place with parcels; staff's console map draws every county.
 */
describe('Parcel map routes: /api/parcels, /api/tiles, /api/parcel-map, the preview locator, /api/admin/tiles', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const month = monthsAgo(1);
  // Baltimore City (tracked) lies inside its Census box; the others' lots lie apart from it and each other.
  const counties: Record<
    'tracked' | 'snapshot' | 'bobs' | 'empty',
    { id: string; fips: string; x0: number; y0: number }
  > = {} as never;
  let alice: string;
  let bob: string;
  let carol: string;
  let staffToken: string;

  const cookieOf = async (email: string) => {
    const client = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(client, { email });
    return client.cookieHeader();
  };
  const keyOf = (county: { fips: string }, n: number) => `${county.fips}2${String(n).padStart(3, '0')}`;
  const tilePath = (prefix: string, county: { x0: number; y0: number }, z = 17) => {
    const [lon, lat] = lotOf(county.x0, county.y0, 3).centre;
    const { x, y } = tileOf(lon, lat, z);
    return `${prefix}/${z}/${x}/${y}.mvt`;
  };
  const getTile = (path: string, headers: Record<string, string> = {}) =>
    api().get(path).set(headers).buffer(true).parse(binaryBody);

  beforeAll(async () => {
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    staffToken = body.token;
    const rows: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE fips IN ('24510', '10001', '10003', '10005') ORDER BY fips`,
    );
    const byFips = new Map(rows.map((row) => [row.fips, row.id]));
    const place = (fips: string, x0: number, y0: number) => ({ id: byFips.get(fips)!, fips, x0, y0 });
    counties.tracked = place('24510', -76.62, 39.29);
    counties.snapshot = place('10001', -75.4, 38.9);
    counties.bobs = place('10003', -75.3, 38.9);
    counties.empty = place('10005', -75.2, 38.9);
    for (const county of [counties.tracked, counties.snapshot, counties.bobs]) {
      await api()
        .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
        .set('Authorization', `Bearer ${staffToken}`)
        .set('Content-Type', 'application/gzip')
        .send(countyFile(county.fips, county.x0, county.y0, 30))
        .expect(201);
    }
    await buy(context.store.server, 'map-alice@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'annual' },
      { countyId: counties.snapshot.id, purchaseType: 'one-time' },
    ]);
    await buy(context.store.server, 'map-bob@example.com', [{ countyId: counties.bobs.id, purchaseType: 'annual' }]);
    await buy(context.store.server, 'map-carol@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'one-time' },
    ]);
    [alice, bob, carol] = await Promise.all(
      ['map-alice@example.com', 'map-bob@example.com', 'map-carol@example.com'].map(cookieOf),
    );
    await eventually(async () => {
      const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [month]);
      return n === 3;
    }, 60_000);
  });

  it('answers a signed-in Tracker subscriber as the data API does, from their Tracker counties only', async () => {
    const { body } = await api()
      .get('/api/parcels')
      .query({ address: '203 Harbor Rd' })
      .set({ Cookie: alice })
      .expect(200);
    expect(body.features[0].id).toBe(keyOf(counties.tracked, 3));
    expect(body.features[0].properties).toMatchObject({ owner_name: 'Owner 24510 3', site_address: '203 Harbor Road' });
    // Her SnapShot county and Bob's Tracker county answer as if their parcels did not exist.
    for (const county of [counties.snapshot, counties.bobs]) {
      const [lon, lat] = lotOf(county.x0, county.y0, 3).centre;
      const found = await api().get('/api/parcels').query({ lat, lon }).set({ Cookie: alice }).expect(200);
      expect(found.body.features).toEqual([]);
      await api()
        .get(`/api/parcels/${keyOf(county, 3)}`)
        .set({ Cookie: alice })
        .expect(404);
    }
    const one = await api()
      .get(`/api/parcels/${keyOf(counties.tracked, 3)}`)
      .set({ Cookie: alice })
      .expect(200);
    expect(one.body.properties.owner_name).toBe('Owner 24510 3');
    const mine = await api()
      .get(`/api/parcels/${keyOf(counties.bobs, 3)}`)
      .set({ Cookie: bob })
      .expect(200);
    expect(mine.body.properties.owner_name).toBe('Owner 10003 3');
  });

  it('pages a selection box by cursor as the data API does', async () => {
    const [west, south] = [counties.tracked.x0 - 0.0001, counties.tracked.y0 - 0.0001];
    const bbox = [west, south, west + 0.01, south + 0.01].join(',');
    const first = await api().get('/api/parcels').query({ bbox, limit: 20 }).set({ Cookie: alice }).expect(200);
    expect(first.body.features).toHaveLength(20);
    const rest = await api()
      .get('/api/parcels')
      .query({ bbox, limit: 20, cursor: first.body.next })
      .set({ Cookie: alice })
      .expect(200);
    expect(rest.body.features).toHaveLength(10);
    expect(rest.body.next).toBeNull();
    const wide = await api().get('/api/parcels').query({ bbox: '-77,39,-76,40' }).set({ Cookie: alice }).expect(400);
    expect(wide.body.message).toContain('at most 0.5 degrees');
  });

  it('refuses the map to a customer without an active County Tracker, and to a visitor', async () => {
    for (const path of ['/api/parcels?address=1%20Main', '/api/parcel-map', tilePath('/api/tiles', counties.tracked)]) {
      const refused = await api().get(path).set({ Cookie: carol }).expect(403);
      expect(refused.body).toEqual({ statusCode: 403, message: NO_TRACKER, error: 'Forbidden' });
      await api().get(path).expect(401);
    }
    // An API token is no session: the session routes do not take one.
    const token = (await api().post('/api/tokens').set({ Cookie: alice }).send({ name: 'map' }).expect(201)).body
      .token as string;
    await api()
      .get('/api/parcels?address=1%20Main')
      .set({ Authorization: `Bearer ${token}` })
      .expect(401);
  });

  it("draws a subscriber's tiles with the session, and nothing of a county they do not track", async () => {
    const res = await getTile(tilePath('/api/tiles', counties.tracked), { Cookie: alice });
    expect(res.status).toBe(200);
    const parcels = tileParcels(res.body as Buffer);
    expect(parcels.find((p) => p.parcel_key === keyOf(counties.tracked, 3))).toMatchObject({
      owner_name: 'Owner 24510 3',
    });
    const other = await getTile(tilePath('/api/tiles', counties.bobs), { Cookie: alice });
    expect(other.status).toBe(200);
    expect(tileParcels(other.body as Buffer)).toEqual([]);
    const far = await api().get('/api/tiles/12/1000/1000.mvt').set({ Cookie: alice }).expect(400);
    expect(far.body.message).toContain('drawn from zoom 13 to 22');
  });

  it('has the browser ask again for every session tile, so the next account on a shared computer never sees it', async () => {
    // Tiles from zoom 16 carry owners and values: revalidated each time, answered 304 while unchanged.
    const res = await getTile(tilePath('/api/tiles', counties.tracked), { Cookie: alice });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const again = await getTile(tilePath('/api/tiles', counties.tracked), {
      Cookie: alice,
      'If-None-Match': res.headers.etag,
    });
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    // Another account's copy of the same address is another tile.
    const bobs = await getTile(tilePath('/api/tiles', counties.tracked), {
      Cookie: bob,
      'If-None-Match': res.headers.etag,
    });
    expect(bobs.status).toBe(200);
    expect(tileParcels(bobs.body as Buffer)).toEqual([]);
  });

  it('lets no browser or proxy keep the parcels a session looks up', async () => {
    const found = await api()
      .get('/api/parcels')
      .query({ address: '203 Harbor Rd' })
      .set({ Cookie: alice })
      .expect(200);
    expect(found.headers['cache-control']).toBe('private, no-store');
    const one = await api()
      .get(`/api/parcels/${keyOf(counties.tracked, 3)}`)
      .set({ Cookie: alice })
      .expect(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a tile address that is no tile, naming what is wrong', async () => {
    for (const [path, message] of [
      ['/api/tiles/16/70000/1.mvt', 'At zoom 16, x and y must be whole numbers from 0 to 65535'],
      ['/api/tiles/16/1/-1.mvt', 'At zoom 16, x and y must be whole numbers from 0 to 65535'],
      ['/api/tiles/sixteen/1/1.mvt', 'z must be a whole number: the zoom of the tile'],
      ['/api/admin/tiles/23/0/0.mvt', 'Parcel tiles are drawn from zoom 13 to 22'],
    ]) {
      const headers = path.startsWith('/api/admin/') ? { Authorization: `Bearer ${staffToken}` } : { Cookie: alice };
      const { body } = await api().get(path).set(headers).expect(400);
      expect(body.message).toContain(message);
    }
  });

  it('keeps the public preview tiles apart from the session tiles', async () => {
    // A visitor gets the preview (no session needed), with parcel numbers only.
    const preview = await getTile(tilePath('/api/tiles/preview', counties.tracked));
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('public, max-age=3600');
    const parcels = tileParcels(preview.body as Buffer);
    expect(parcels.map((p) => p.parcel_id)).toContain('2-003');
    expect(parcels.map((p) => Object.keys(p))).toEqual(parcels.map(() => ['parcel_id']));
    // A subscriber asking for the preview gets the preview too, not their own tiles.
    const signedIn = await getTile(tilePath('/api/tiles/preview', counties.tracked), { Cookie: alice });
    expect(tileParcels(signedIn.body as Buffer).map((p) => Object.keys(p))).toEqual(parcels.map(() => ['parcel_id']));
  });

  it('opens the map on the subscriber’s Tracker counties, at a place with their parcels', async () => {
    const { body } = await api().get('/api/parcel-map').set({ Cookie: alice }).expect(200);
    expect(body.counties).toEqual([
      { id: counties.tracked.id, fips: '24510', name: 'Baltimore City', state: 'Maryland', bbox: expect.any(Array) },
    ]);
    const [west, south, east, north] = body.bbox as number[];
    // Baltimore City's Census outline: about 76.71 to 76.53 W, 39.20 to 39.37 N.
    expect([west, east].every((lon) => lon > -76.75 && lon < -76.5)).toBe(true);
    expect([south, north].every((lat) => lat > 39.15 && lat < 39.4)).toBe(true);
    const [lon, lat] = body.point as number[];
    const there = await api().get('/api/parcels').query({ lon, lat }).set({ Cookie: alice }).expect(200);
    expect(there.body.features[0].properties.county_fips).toBe('24510');
  });

  it('gives anyone the place of a county’s preview: its box and a point inside one of its parcels', async () => {
    const res = await api().get(`/api/counties/${counties.bobs.id}/parcel-preview`).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatchObject({ countyId: counties.bobs.id, fips: '10003' });
    expect(res.body.bbox).toHaveLength(4);
    const [lon, lat] = res.body.point as number[];
    const there = await api().get('/api/parcels').query({ lon, lat }).set({ Cookie: bob }).expect(200);
    expect(there.body.features.map((f: { id: string }) => f.id.slice(0, 5))).toEqual(['10003']);
  });

  it('answers no preview place for a county without parcels, one removed from sale, or no county id', async () => {
    const none = await api().get(`/api/counties/${counties.empty.id}/parcel-preview`).expect(404);
    expect(none.body).toEqual({ statusCode: 404, message: NO_PREVIEW, error: 'Not Found' });
    await db().query(`UPDATE counties SET deleted_at = now() WHERE id = $1`, [counties.snapshot.id]);
    try {
      await api().get(`/api/counties/${counties.snapshot.id}/parcel-preview`).expect(404);
    } finally {
      await db().query(`UPDATE counties SET deleted_at = NULL WHERE id = $1`, [counties.snapshot.id]);
    }
    const bad = await api().get('/api/counties/24510/parcel-preview').expect(400);
    expect(bad.body.message).toBe('The county id must be a UUID');
  });

  it("draws any county's parcels on staff's console map, and refuses customers", async () => {
    const res = await getTile(tilePath('/api/admin/tiles', counties.bobs), { Authorization: `Bearer ${staffToken}` });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(tileParcels(res.body as Buffer).map((p) => p.parcel_key)).toContain(keyOf(counties.bobs, 3));
    await api().get(tilePath('/api/admin/tiles', counties.bobs)).set({ Cookie: bob }).expect(401);
    await api().get(tilePath('/api/admin/tiles', counties.bobs)).expect(401);
  });
});
