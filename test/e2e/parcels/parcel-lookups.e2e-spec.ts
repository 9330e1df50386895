import { VectorTile } from '@mapbox/vector-tile';
import { gzipSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import request from 'supertest';
import { NO_TRACKER, ONE_QUESTION } from '../../../src/modules/parcels/lookup/parcel-lookup.service';
import { PARCEL_READER_NAME, ParcelReader } from '../../../src/modules/parcels/lookup/parcel-reader';
import { binaryBody } from '../../support/binary-body';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { monthsAgo } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import { squareLot } from '../../support/parcel-grid';
import { tileOf } from '../../../src/contracts/parcel-map';

const HEADER = 'parcel_id,county_fips,geometry_wkt,site_address,owner_name,assessed_total_value,owner_occupied';
/** Lots 0.0004° square on a 0.0005° grid: 0.0001° of street (some 8.6 m east to west here) between them. */
const STEP = 0.0005;
const SIDE = 0.0004;
const COLUMNS = 10;

/** Lot n of a county's grid, whose south-west corner is at (x0, y0). */
const lotOf = (x0: number, y0: number, n: number) => {
  const x = x0 + (n % COLUMNS) * STEP;
  const y = y0 + Math.floor(n / COLUMNS) * STEP;
  return { x, y, centre: [x + SIDE / 2, y + SIDE / 2] as const };
};

/** A county file of `lots` parcels on its grid: parcel numbers with separators, addresses spelled out. */
function countyFile(fips: string, x0: number, y0: number, lots: number): Buffer {
  const rows = Array.from({ length: lots }, (_, n) => {
    const { x, y } = lotOf(x0, y0, n);
    const owner = n === 3 ? '"Lovelace, Ada"' : `Owner ${n}`;
    return `1-01.00-${String(n).padStart(3, '0')},${fips},"${squareLot(x, y, SIDE)}",${100 + n} North Main Street,${owner},${1000 * (n + 1)},${n % 2 === 0}`;
  });
  return gzipSync([HEADER, ...rows, ''].join('\n'));
}

/** The parcels layer of a tile, each feature's properties (none when the tile is empty). */
const tileParcels = (bytes: Buffer) => {
  const layer = new VectorTile(new PbfReader(bytes)).layers.parcels;
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => layer.feature(i).properties);
};

interface Feature {
  type: 'Feature';
  id: string;
  geometry: { type: string; coordinates: number[][][][] } | null;
  properties: Record<string, unknown>;
  match?: { kind: string; score?: number; distance_m?: number };
}

/*
 * Issue 34, item 1: a County Tracker subscriber's scripts ask the store about single parcels of
 * their Tracker counties (point, parcel number, address, owner, box, key) and get GeoJSON; a
 * SnapShot, an expired Tracker or another customer's county answers as if the parcel did not exist.
 */
describe('Parcel lookups and tiles: /api/v1/parcels, /api/v1/tiles, /api/tiles/preview', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const month = monthsAgo(1);
  const counties: Record<'tracked' | 'snapshot' | 'expired' | 'bobs', { id: string; fips: string; x0: number }> =
    {} as never;
  let aliceToken: string;
  let bobToken: string;
  let carolToken: string;
  let staffToken: string;

  const tokenOf = async (email: string) => {
    const client = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(client, { email });
    const res = await api().post('/api/tokens').set({ Cookie: client.cookieHeader() }).send({ name: 'lookups' });
    return res.body.token as string;
  };
  const ask = (token: string, query: Record<string, string | number>) =>
    api()
      .get('/api/v1/parcels')
      .query(query)
      .set({ Authorization: `Bearer ${token}` });
  const keysOf = (body: { features: Feature[] }) => body.features.map((feature) => feature.id);
  const keyOf = (county: { fips: string }, n: number) => `${county.fips}10100${String(n).padStart(3, '0')}`;

  beforeAll(async () => {
    const { body } = await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200);
    staffToken = body.token;
    const rows: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE fips IN ('10001', '10003', '10005', '24510') ORDER BY fips`,
    );
    // Each county's grid lies apart from the others', so that a point can only be in one.
    (['tracked', 'snapshot', 'expired', 'bobs'] as const).forEach((role, i) => {
      counties[role] = { ...rows[i], x0: -75.6 + i * 0.1 };
    });
    for (const county of Object.values(counties)) {
      await api()
        .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
        .set('Authorization', `Bearer ${body.token}`)
        .set('Content-Type', 'application/gzip')
        .send(countyFile(county.fips, county.x0, 39, 40))
        .expect(201);
    }
    await buy(context.store.server, 'lookup-alice@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'annual' },
      { countyId: counties.snapshot.id, purchaseType: 'one-time' },
      { countyId: counties.expired.id, purchaseType: 'annual' },
    ]);
    await buy(context.store.server, 'lookup-bob@example.com', [{ countyId: counties.bobs.id, purchaseType: 'annual' }]);
    await buy(context.store.server, 'lookup-carol@example.com', [
      { countyId: counties.tracked.id, purchaseType: 'one-time' },
    ]);
    await db().query(
      `UPDATE subscriptions SET expiration_date = now() - interval '1 day'
       WHERE county_id = $1 AND purchase_type = 'annual'`,
      [counties.expired.id],
    );
    [aliceToken, bobToken, carolToken] = await Promise.all(
      ['lookup-alice@example.com', 'lookup-bob@example.com', 'lookup-carol@example.com'].map(tokenOf),
    );
    await eventually(async () => {
      const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM parcel_loads WHERE release = $1`, [month]);
      return n === 4;
    }, 60_000);
  });

  it('finds the parcel containing a point, with its boundary, key, release and every schema field typed', async () => {
    const [lon, lat] = lotOf(counties.tracked.x0, 39, 3).centre;
    const { body } = await ask(aliceToken, { lat, lon }).expect(200);
    expect(body.type).toBe('FeatureCollection');
    expect(keysOf(body)).toEqual([keyOf(counties.tracked, 3)]);
    const [feature] = body.features as Feature[];
    expect(feature.match).toEqual({ kind: 'point' });
    expect(feature.geometry?.type).toBe('MultiPolygon');
    expect(feature.properties).toMatchObject({
      parcel_key: keyOf(counties.tracked, 3),
      county_fips: counties.tracked.fips,
      release: month,
      parcel_id: '1-01.00-003',
      site_address: '103 North Main Street',
      owner_name: 'Lovelace, Ada',
      assessed_total_value: 4000,
      owner_occupied: false,
      // Every schema field is there, empty ones as null; the boundary is the geometry, not a property.
      year_built: null,
    });
    expect(feature.properties).not.toHaveProperty('geometry_wkt');
  });

  it('finds no parcel at a point in the street, and the nearest within a radius, nearest first', async () => {
    const { x, y } = lotOf(counties.tracked.x0, 39, 12);
    // Half way across the street east of lot 12: lots 12 and 13 are about 4.3 m away, the others farther.
    const street = { lat: y + SIDE / 2, lon: x + SIDE + (STEP - SIDE) / 2 };
    expect((await ask(aliceToken, street).expect(200)).body.features).toEqual([]);
    const { body } = await ask(aliceToken, { ...street, radius: 40 }).expect(200);
    const features = body.features as Feature[];
    expect(keysOf(body).slice(0, 2).sort()).toEqual([keyOf(counties.tracked, 12), keyOf(counties.tracked, 13)]);
    const distances = features.map((feature) => feature.match!.distance_m!);
    expect(distances[0]).toBeGreaterThan(3);
    expect(distances[0]).toBeLessThan(6);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.every((distance) => distance <= 40)).toBe(true);
    expect(features.every((feature) => feature.match!.kind === 'nearest')).toBe(true);
  });

  it('finds a parcel by its number, with or without separators, and by its key', async () => {
    for (const parcel of ['1-01.00-007', '10100007', '1 01 00 007']) {
      const { body } = await ask(aliceToken, { county: counties.tracked.fips, parcel }).expect(200);
      expect(keysOf(body)).toEqual([keyOf(counties.tracked, 7)]);
    }
    const { body } = await api()
      .get(`/api/v1/parcels/${keyOf(counties.tracked, 7)}`)
      .set({ Authorization: `Bearer ${aliceToken}` })
      .expect(200);
    expect(body).toMatchObject({ type: 'Feature', id: keyOf(counties.tracked, 7) });
    expect(body.properties.parcel_id).toBe('1-01.00-007');
  });

  it('finds an address however it is spelled, best match first with a score', async () => {
    for (const address of ['123 north main street', '123 N. Main St', '123 N MAIN ST']) {
      const { body } = await ask(aliceToken, { address }).expect(200);
      const [first] = body.features as Feature[];
      expect(first.id).toBe(keyOf(counties.tracked, 23));
      expect(first.match).toEqual({ kind: 'address', score: 1 });
      const scores = (body.features as Feature[]).map((feature) => feature.match!.score!);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    // A misspelt street: the parcel of its house number, alike but not equal.
    const misspelt = (await ask(aliceToken, { address: '123 Nrth Mian Street' }).expect(200)).body as {
      features: Feature[];
    };
    expect(misspelt.features.map((feature) => feature.id)).toEqual([keyOf(counties.tracked, 23)]);
    expect(misspelt.features[0].match!.score).toBeGreaterThan(0.3);
    expect(misspelt.features[0].match!.score).toBeLessThan(1);
    // A house number no parcel has: the street's parcels all the same, the most alike first.
    const mistyped = (await ask(aliceToken, { address: '9123 N Main St' }).expect(200)).body as { features: Feature[] };
    expect(mistyped.features.length).toBeGreaterThan(1);
    expect(mistyped.features[0].id).toBe(keyOf(counties.tracked, 23));
  });

  it('finds an owner by name, and narrows a search to one county', async () => {
    const { body } = await ask(aliceToken, { owner: 'ada lovelace' }).expect(200);
    expect(keysOf(body)[0]).toBe(keyOf(counties.tracked, 3));
    const narrowed = await ask(aliceToken, { owner: 'Lovelace Ada', county: counties.tracked.fips }).expect(200);
    expect(keysOf(narrowed.body)).toEqual([keyOf(counties.tracked, 3)]);
    // Another county's FIPS: nothing, as if the parcel were not there.
    const elsewhere = await ask(aliceToken, { owner: 'Lovelace Ada', county: counties.bobs.fips }).expect(200);
    expect(elsewhere.body.features).toEqual([]);
  });

  it('pages through the parcels of a box by cursor, each parcel once', async () => {
    const bbox = [counties.tracked.x0 - 0.001, 38.999, counties.tracked.x0 + 0.01, 39.01].join(',');
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const { body } = await ask(aliceToken, { bbox, limit: 15, ...(cursor ? { cursor } : {}) }).expect(200);
      seen.push(...keysOf(body));
      cursor = body.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(40);
    expect(new Set(seen).size).toBe(40);
  });

  it('gives only the fields asked for, and refuses a field the schema lacks', async () => {
    const { body } = await ask(aliceToken, {
      county: counties.tracked.fips,
      parcel: '1-01.00-001',
      fields: 'owner_name,assessed_total_value',
    }).expect(200);
    expect(Object.keys(body.features[0].properties)).toEqual([
      'parcel_key',
      'county_fips',
      'release',
      'owner_id',
      'owner2_id',
      'owner_name',
      'assessed_total_value',
    ]);
    const refused = await ask(aliceToken, { address: '101 main', fields: 'owner_name,password' }).expect(400);
    expect(refused.body.message).toContain('fields names what the data schema does not have: password');
  });

  it('answers a SnapShot, an expired Tracker and another customer’s county as if the parcel did not exist', async () => {
    for (const county of [counties.snapshot, counties.expired, counties.bobs]) {
      const [lon, lat] = lotOf(county.x0, 39, 3).centre;
      expect((await ask(aliceToken, { lat, lon }).expect(200)).body.features).toEqual([]);
      expect((await ask(aliceToken, { county: county.fips, parcel: '1-01.00-003' }).expect(200)).body.features).toEqual(
        [],
      );
      await api()
        .get(`/api/v1/parcels/${keyOf(county, 3)}`)
        .set({ Authorization: `Bearer ${aliceToken}` })
        .expect(404);
    }
    // Bob's token finds Bob's county, and none of Alice's.
    const [lon, lat] = lotOf(counties.bobs.x0, 39, 3).centre;
    expect(keysOf((await ask(bobToken, { lat, lon }).expect(200)).body)).toEqual([keyOf(counties.bobs, 3)]);
    await api()
      .get(`/api/v1/parcels/${keyOf(counties.tracked, 3)}`)
      .set({ Authorization: `Bearer ${bobToken}` })
      .expect(404);
  });

  it('refuses lookups to a customer without an active County Tracker, and to no token', async () => {
    const { body } = await ask(carolToken, { address: '101 main' }).expect(403);
    expect(body.message).toBe(NO_TRACKER);
    await api().get('/api/v1/parcels').query({ address: '101 main' }).expect(401);
  });

  it.each([
    [{}, ONE_QUESTION],
    [{ address: '101 main', owner: 'ada' }, ONE_QUESTION],
    [{ lat: 39 }, 'lat and lon go together'],
    [{ lat: 100, lon: 0 }, 'lat must be from -90 to 90'],
    [{ lat: 39, lon: -75, radius: 5000 }, 'radius must be from 1 to 1000 metres'],
    [{ parcel: '1' }, 'parcel goes with county: the county FIPS code'],
    [{ county: '1', parcel: '1' }, 'county must be a five-digit county FIPS code'],
    [{ bbox: '-80,30,-70,40' }, 'bbox may span at most 0.5 degrees each way'],
    [{ bbox: '-75,39,-76,40' }, 'each minimum below its maximum'],
    [{ bbox: 'a,b,c,d' }, 'bbox must be minLon,minLat,maxLon,maxLat: four numbers of degrees'],
    [{ bbox: '-75.6,39,-75.5,39.1', cursor: 'bm90IGEgY3Vyc29y' }, 'cursor is not one this API gave'],
    [{ address: '101 main', limit: 500 }, 'limit must be at most 100'],
    [{ address: '%%%' }, 'address must hold letters or digits'],
  ])('refuses %j with a message that says what to change', async (query, message) => {
    const { body } = await ask(aliceToken, query).expect(400);
    expect(JSON.stringify(body.message)).toContain(message);
  });

  it('lets staff look up any county’s parcels, whoever subscribes to it', async () => {
    const { body } = await api()
      .get('/api/admin/parcels')
      .query({ owner: 'Lovelace Ada' })
      .set({ Authorization: `Bearer ${staffToken}` })
      .expect(200);
    expect(keysOf(body).sort()).toEqual(
      Object.values(counties)
        .map((county) => keyOf(county, 3))
        .sort(),
    );
    const one = await api()
      .get(`/api/admin/parcels/${keyOf(counties.bobs, 3)}`)
      .set({ Authorization: `Bearer ${staffToken}` })
      .expect(200);
    expect(one.body.properties.owner_name).toBe('Lovelace, Ada');
  });

  it('tells staff what each property of a parcel is, grouped as the data schema groups them', async () => {
    const { body } = await api()
      .get('/api/admin/parcel-fields')
      .set({ Authorization: `Bearer ${staffToken}` })
      .expect(200);
    const categories = body.categories as { category: string; fields: { name: string; description: string }[] }[];
    const ownership = categories.find((entry) => entry.category === 'Ownership');
    expect(ownership?.fields.find((field) => field.name === 'owner_name')?.description).toBe(
      'Name of the first owner as recorded',
    );
    // Every property a lookup answers, and nothing else: the boundary is the parcel's geometry.
    const one = await api()
      .get(`/api/admin/parcels/${keyOf(counties.bobs, 3)}`)
      .set({ Authorization: `Bearer ${staffToken}` })
      .expect(200);
    const named = categories.flatMap((entry) => entry.fields.map((field) => field.name));
    const given = ['parcel_key', 'county_fips', 'release', 'owner_id', 'owner2_id'];
    expect([...given, ...named.filter((name) => name !== 'county_fips')].sort()).toEqual(
      Object.keys(one.body.properties).sort(),
    );
    expect(named).not.toContain('geometry_wkt');
  });

  describe('vector tiles', () => {
    const z = 17;
    const tilePath = (prefix: string, county: { x0: number }) => {
      const [lon, lat] = lotOf(county.x0, 39, 3).centre;
      const { x, y } = tileOf(lon, lat, z);
      return `${prefix}/${z}/${x}/${y}.mvt`;
    };
    const getTile = (path: string, headers: Record<string, string> = {}) =>
      api().get(path).set(headers).buffer(true).parse(binaryBody);

    it("draws a subscriber's tile of their county, with key fields, tagged and kept private", async () => {
      const res = await getTile(tilePath('/api/v1/tiles', counties.tracked), { Authorization: `Bearer ${aliceToken}` });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      const parcels = tileParcels(res.body as Buffer);
      expect(parcels.length).toBeGreaterThan(0);
      expect(parcels.find((p) => p.parcel_key === keyOf(counties.tracked, 3))).toMatchObject({
        parcel_id: '1-01.00-003',
        owner_name: 'Lovelace, Ada',
        site_address: '103 North Main Street',
      });
      // The same tile again with its tag: nothing to send.
      const again = await getTile(tilePath('/api/v1/tiles', counties.tracked), {
        Authorization: `Bearer ${aliceToken}`,
        'If-None-Match': res.headers.etag,
      });
      expect(again.status).toBe(304);
    });

    it('draws nothing of a county the subscriber does not track', async () => {
      for (const county of [counties.snapshot, counties.bobs]) {
        const res = await getTile(tilePath('/api/v1/tiles', county), { Authorization: `Bearer ${aliceToken}` });
        expect(res.status).toBe(200);
        expect(tileParcels(res.body as Buffer)).toEqual([]);
      }
    });

    it('shows anyone a preview of outlines and parcel numbers only, close in, cacheable by a CDN', async () => {
      const res = await getTile(tilePath('/api/tiles/preview', counties.bobs));
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      const parcels = tileParcels(res.body as Buffer);
      expect(parcels.length).toBeGreaterThan(0);
      expect(parcels.map((p) => Object.keys(p))).toEqual(parcels.map(() => ['parcel_id']));
      expect(parcels.map((p) => p.parcel_id)).toContain('1-01.00-003');
      const out = await api().get('/api/tiles/preview/14/4700/6200.mvt').expect(400);
      expect(out.body.message).toBe(
        'Parcel tiles of the preview are drawn from zoom 15 to 22: z must be a whole number in that range',
      );
    });

    it.each([
      ['/api/v1/tiles/12/1000/1000.mvt', 'drawn from zoom 13 to 22'],
      ['/api/v1/tiles/23/0/0.mvt', 'drawn from zoom 13 to 22'],
      ['/api/v1/tiles/16/70000/1.mvt', 'x and y must be whole numbers from 0 to 65535'],
      ['/api/v1/tiles/16/-1/1.mvt', 'x and y must be whole numbers from 0 to 65535'],
    ])('refuses the tile %s', async (path, message) => {
      const { body } = await api()
        .get(path)
        .set({ Authorization: `Bearer ${aliceToken}` })
        .expect(400);
      expect(body.message).toContain(message);
    });
  });

  it('keeps answering when the database drops the parcel store’s idle connections (a replica restarting)', async () => {
    const [lon, lat] = lotOf(counties.tracked.x0, 39, 3).centre;
    await ask(aliceToken, { lat, lon }).expect(200);
    const dropped = await db().query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [PARCEL_READER_NAME],
    );
    expect(dropped.length).toBeGreaterThan(0);
    // The lost connections are reported to the pool as they close; the next lookup opens a new one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { body } = await ask(aliceToken, { lat, lon }).expect(200);
    expect(keysOf(body)).toEqual([keyOf(counties.tracked, 3)]);
  });

  it('reads the parcel store through sessions that cannot write', async () => {
    const reader = context.store.app.get(ParcelReader);
    await expect(reader.rows(`DELETE FROM parcels`, [])).rejects.toThrow('read-only transaction');
  });
});
