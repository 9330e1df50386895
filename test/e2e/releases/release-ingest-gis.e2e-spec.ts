import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { ZipFile } from 'yazl';
import { eventually } from '../../support/eventually';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TEST_ADMIN_PASSWORD,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { killAllWorkers, WorkerProcess } from '../../support/worker-process';

/** Delaware's counties: Kent, New Castle, Sussex. */
const KENT = '10001';
const SUSSEX = '10005';
/** NAD83 / Delaware state plane (US survey feet): what a Delaware county's GIS office publishes in. */
const DELAWARE_STATE_PLANE = 'EPSG:2235';
const METRES_PER_DEGREE = 111_320;

interface Job {
  id: string;
  state: string;
  recordsRead: number;
  countiesFound: number;
  errors: string[];
}

/** A square lot `size` degrees wide with its south-west corner here, as WKT. */
const square = (lon: number, lat: number, size = 0.0005) =>
  `POLYGON ((${lon} ${lat},${lon + size} ${lat},${lon + size} ${lat + size},${lon} ${lat + size},${lon} ${lat}))`;
/** A lot whose boundary crosses itself: its two triangles meet at the middle. */
const bowTie = (lon: number, lat: number, size = 0.0005) =>
  `POLYGON ((${lon} ${lat},${lon + size} ${lat + size},${lon + size} ${lat},${lon} ${lat + size},${lon} ${lat}))`;

/** Distance in metres between two WGS 84 points this close together. */
const metresApart = ([lon1, lat1]: number[], [lon2, lat2]: number[]) =>
  Math.hypot((lon1 - lon2) * METRES_PER_DEGREE * Math.cos((lat1 * Math.PI) / 180), (lat1 - lat2) * METRES_PER_DEGREE);

/** The coordinate pairs of a WKT polygon or multipolygon, in order. */
const pointsOf = (wkt: string) =>
  [...wkt.matchAll(/(-?\d+(?:\.\d+)?(?:e-?\d+)?) (-?\d+(?:\.\d+)?(?:e-?\d+)?)/gi)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);

/** A CSV file's rows as objects (the county files' values here hold no line breaks). */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\n');
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
  const columns = split(header);
  return lines.map((line) => Object.fromEntries(split(line).map((value, i) => [columns[i], value])));
}

describe('Release ingest of GIS sources: GeoPackage, zipped Shapefile, GeoJSON, read through GDAL into WGS 84', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let worker: WorkerProcess;
  let token: string;
  let months = 0;
  let work: string;
  const api = () => request(store.server);
  const dataDir = () => environment.env.DATA_DIR;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    store = await startTestApp(environment, { listen: true });
    worker = WorkerProcess.start({ ...environment.env, LOG_LEVEL: 'warn' });
    token = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    work = mkdtempSync(join(tmpdir(), 'gis-sources-'));
  });

  afterAll(async () => {
    await killAllWorkers();
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function draft(): Promise<{ id: string; month: string }> {
    months++;
    const month = `${2040 + Math.ceil(months / 12)}-${String(((months - 1) % 12) + 1).padStart(2, '0')}`;
    const res = await api().post('/api/admin/releases').set('Authorization', `Bearer ${token}`).send({ month });
    expect(res.status).toBe(201);
    return { id: res.body.id, month };
  }

  const send = (releaseId: string, body: Buffer, type = 'application/octet-stream') =>
    api()
      .post(`/api/admin/releases/${releaseId}/files`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', type)
      .send(body);

  const finished = (id: string) =>
    eventually(async () => {
      const job: Job = (await api().get(`/api/admin/jobs/${id}`).set('Authorization', `Bearer ${token}`).expect(200))
        .body;
      return job.state === 'completed' || job.state === 'failed' ? job : undefined;
    }, 30_000).catch((error: Error) => {
      throw new Error(`${error.message}; the worker said:\n${worker.log}`);
    });

  async function countyRows(month: string, fips: string): Promise<Record<string, string>[]> {
    const [file]: { storage_key: string }[] = await store.db.query(
      `SELECT d.storage_key FROM county_datasets d JOIN counties c ON c.id = d.county_id
       WHERE d.release = $1 AND c.fips = $2 AND d.kind = 'full' AND d.format = 'csv'`,
      [month, fips],
    );
    return rowsOf(gunzipSync(readFileSync(join(dataDir(), file.storage_key))).toString('utf8'));
  }

  function filesIn(dir: string): string[] {
    if (!existsSync(dir)) return [];
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  }

  /**
   * A GIS file made by GDAL from a CSV of WKT shapes in WGS 84 (`WKT` column), reprojected to
   * `targetSrs`, or left without any projection when it is null.
   */
  function gisFile(name: string, driver: string, csv: string, targetSrs: string | null, extra: string[] = []): Buffer {
    return readFileSync(gisPath(name, driver, csv, targetSrs, extra));
  }

  /** Where gisFile's GIS file (or folder, for a File Geodatabase) is written. */
  function gisPath(name: string, driver: string, csv: string, targetSrs: string | null, extra: string[] = []): string {
    const source = join(work, `${name}.csv`);
    const target = join(work, name);
    writeFileSync(source, csv);
    rmSync(target, { force: true, recursive: true });
    const projection = targetSrs ? ['-s_srs', 'EPSG:4326', '-t_srs', targetSrs] : [];
    execFileSync(
      'ogr2ogr',
      [
        '-f',
        driver,
        target,
        source,
        '-oo',
        'GEOM_POSSIBLE_NAMES=WKT',
        '-oo',
        'KEEP_GEOM_COLUMNS=NO',
        '-oo',
        'AUTODETECT_TYPE=NO',
        '-nln',
        'parcels',
        ...projection,
        ...extra,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return target;
  }

  /** A folder zipped as GIS offices publish a File Geodatabase: the .gdb folder at the zip's root. */
  async function zipOfFolder(folder: string): Promise<Buffer> {
    const zip = new ZipFile();
    for (const name of readdirSync(folder)) zip.addFile(join(folder, name), `${basename(folder)}/${name}`);
    zip.end();
    const parts: Buffer[] = [];
    for await (const chunk of zip.outputStream) parts.push(chunk as Buffer);
    return Buffer.concat(parts);
  }

  /** Sends a file by the resumable upload (tus), in two pieces as the console would; answers its ingest job's id. */
  async function uploadResumably(releaseId: string, body: Buffer, filename: string): Promise<string> {
    const tus = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
    const metadata = Object.entries({ releaseId, filename })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const created = await api()
      .post('/api/admin/uploads')
      .set(tus)
      .set('Upload-Length', String(body.length))
      .set('Upload-Metadata', metadata)
      .expect(201);
    const location: string = created.headers.location;
    const half = Math.floor(body.length / 2);
    const patch = (offset: number, piece: Buffer) =>
      api()
        .patch(location)
        .set(tus)
        .set('Upload-Offset', String(offset))
        .set('Content-Type', 'application/offset+octet-stream')
        .send(piece)
        .expect(204);
    await patch(0, body.subarray(0, half));
    const last = await patch(half, body.subarray(half));
    return last.headers['upload-ingest-job'];
  }

  it('ingests a GeoPackage in the Delaware state plane: records split by county, shapes and centroids back in WGS 84 within a metre', async () => {
    const release = await draft();
    const lots = [
      { id: 'K-1', fips: KENT, wkt: square(-75.52, 39.15) },
      { id: 'K-2', fips: KENT, wkt: square(-75.51, 39.16) },
      {
        id: 'K-3',
        fips: KENT,
        wkt: `MULTIPOLYGON (((-75.50 39.17,-75.4995 39.17,-75.4995 39.1705,-75.50 39.17)),((-75.49 39.17,-75.4895 39.17,-75.4895 39.1705,-75.49 39.17)))`,
      },
      { id: 'S-1', fips: SUSSEX, wkt: square(-75.4, 38.7) },
      { id: 'S-2', fips: SUSSEX, wkt: square(-75.41, 38.71) },
    ];
    const csv = `WKT,parcel_id,county_fips,owner_name\n${lots
      .map((lot) => `"${lot.wkt}",${lot.id},${lot.fips},Owner of ${lot.id}`)
      .join('\n')}\n`;
    const body = gisFile('state-plane.gpkg', 'GPKG', csv, DELAWARE_STATE_PLANE, ['-nlt', 'MULTIPOLYGON']);
    // It is in feet of the state plane, not degrees.
    expect(execFileSync('ogrinfo', ['-ro', '-so', '-al', join(work, 'state-plane.gpkg')]).toString()).toMatch(
      /NAD83 \/ Delaware \(ftUS\)/,
    );

    const res = await send(release.id, body, 'application/geopackage+sqlite3');
    expect(res.status).toBe(202);
    const job = await finished(res.body.id);
    expect(job).toMatchObject({ state: 'completed', recordsRead: 5, countiesFound: 2, errors: [] });

    const kent = await countyRows(release.month, KENT);
    const sussex = await countyRows(release.month, SUSSEX);
    expect(kent.map((row) => row.parcel_id)).toEqual(['K-1', 'K-2', 'K-3']);
    expect(sussex.map((row) => row.parcel_id)).toEqual(['S-1', 'S-2']);
    for (const row of [...kent, ...sussex]) {
      const lot = lots.find((l) => l.id === row.parcel_id)!;
      expect(row.county_fips).toBe(lot.fips);
      expect(row.owner_name).toBe(`Owner of ${lot.id}`);
      expect(row.geometry_wkt).toMatch(/^(MULTI)?POLYGON/);
      const expected = pointsOf(lot.wkt);
      const got = pointsOf(row.geometry_wkt);
      expect(got).toHaveLength(expected.length);
      got.forEach((point, i) => expect(metresApart(point, expected[i])).toBeLessThan(1));
    }
    // The source had no latitude or longitude: the centroid of each lot, in degrees.
    const k1 = kent[0];
    expect(metresApart([Number(k1.longitude), Number(k1.latitude)], [-75.52 + 0.00025, 39.15 + 0.00025])).toBeLessThan(
      1,
    );
    const qa = await eventually(async () => {
      const rows: { records: number; status: string }[] = await store.db.query(
        `SELECT records, status FROM release_counties WHERE release_id = $1 ORDER BY records`,
        [release.id],
      );
      return rows.length === 2 && rows;
    });
    expect(qa.map((row) => row.records)).toEqual([2, 3]);
  });

  it('ingests a zipped File Geodatabase sent by resumable upload: a multipart lot kept whole, state-plane coordinates back in WGS 84', async () => {
    const release = await draft();
    const lots = [
      { id: 'K-31', fips: KENT, wkt: square(-75.53, 39.14) },
      {
        id: 'K-32',
        fips: KENT,
        wkt: `MULTIPOLYGON (((-75.52 39.13,-75.5195 39.13,-75.5195 39.1305,-75.52 39.1305,-75.52 39.13)),((-75.51 39.13,-75.5095 39.13,-75.5095 39.1305,-75.51 39.13)))`,
      },
    ];
    const csv = `WKT,parcel_id,county_fips,owner_name\n${lots
      .map((lot) => `"${lot.wkt}",${lot.id},${lot.fips},Owner of ${lot.id}`)
      .join('\n')}\n`;
    const folder = gisPath('kent.gdb', 'OpenFileGDB', csv, DELAWARE_STATE_PLANE, ['-nlt', 'MULTIPOLYGON']);
    const body = await zipOfFolder(folder);

    const job = await finished(await uploadResumably(release.id, body, 'kent.gdb.zip'));
    expect(job).toMatchObject({ state: 'completed', recordsRead: 2, countiesFound: 1, errors: [] });
    const [ingest] = await store.db.query(`SELECT source_format FROM ingest_jobs WHERE id = $1`, [job.id]);
    expect(ingest.source_format).toBe('filegdb');

    const rows = await countyRows(release.month, KENT);
    expect(rows.map((row) => [row.parcel_id, row.owner_name])).toEqual([
      ['K-31', 'Owner of K-31'],
      ['K-32', 'Owner of K-32'],
    ]);
    // Esri's geodatabase winds outer rings clockwise: the same vertices, each within a metre, in another order.
    const nearest = (point: number[], among: number[][]) =>
      Math.min(...among.map((other) => metresApart(point, other)));
    rows.forEach((row, i) => {
      const expected = pointsOf(lots[i].wkt);
      const got = pointsOf(row.geometry_wkt);
      expect(got).toHaveLength(expected.length);
      for (const point of got) expect(nearest(point, expected)).toBeLessThan(1);
      for (const point of expected) expect(nearest(point, got)).toBeLessThan(1);
    });
    const [multipart] = await store.db.query(
      `SELECT ST_IsValid(ST_GeomFromText($1)) AS valid, ST_NumGeometries(ST_GeomFromText($1)) AS parts`,
      [rows[1].geometry_wkt],
    );
    expect(multipart).toEqual({ valid: true, parts: 2 });
  });

  it('ingests a zipped Shapefile, repairing a self-intersecting (bow-tie) lot into a valid shape', async () => {
    const release = await draft();
    const csv = `WKT,parcel_id,county_fips\n"${square(-75.4, 38.7)}",S-10,${SUSSEX}\n"${bowTie(-75.39, 38.7)}",S-11,${SUSSEX}\n`;
    const body = gisFile('lots.shp.zip', 'ESRI Shapefile', csv, DELAWARE_STATE_PLANE, ['-nlt', 'POLYGON']);
    const res = await send(release.id, body, 'application/zip');
    expect(res.status).toBe(202);
    const job = await finished(res.body.id);
    expect(job).toMatchObject({ state: 'completed', recordsRead: 2, countiesFound: 1 });

    const rows = await countyRows(release.month, SUSSEX);
    expect(rows.map((row) => row.parcel_id)).toEqual(['S-10', 'S-11']);
    // The dBase name county_fip is read back as county_fips.
    expect(rows.every((row) => row.county_fips === SUSSEX)).toBe(true);
    const [[check]] = [
      await store.db.query(
        `SELECT ST_IsValid(ST_GeomFromText($1)) AS bow_tie_valid, ST_NumGeometries(ST_GeomFromText($1)) AS parts`,
        [rows[1].geometry_wkt],
      ),
    ];
    expect(check).toEqual({ bow_tie_valid: true, parts: 2 });
    // The source had no latitude or longitude: the repaired lot's centroid, the middle of its two triangles.
    expect(
      metresApart([Number(rows[1].longitude), Number(rows[1].latitude)], [-75.39 + 0.00025, 38.7 + 0.00025]),
    ).toBeLessThan(1);
    const [source] = await store.db.query(`SELECT ST_IsValid(ST_GeomFromText($1)) AS valid`, [bowTie(-75.39, 38.7)]);
    expect(source.valid).toBe(false);
    // Counted on the QA row as the source had it, and as repaired.
    const [qa] = await store.db.query(`SELECT shape_checks FROM release_counties WHERE release_id = $1`, [release.id]);
    expect(qa.shape_checks).toMatchObject({ shapes: 1, invalid: 1, repaired: 1, missing: 0 });
  });

  it('ingests newline-delimited GeoJSON, keeping the latitude and longitude the source gives', async () => {
    const release = await draft();
    const feature = (id: string, lon: number, lat: number) =>
      JSON.stringify({
        type: 'Feature',
        properties: {
          parcel_id: id,
          county_fips: SUSSEX,
          latitude: 38.5,
          longitude: -75.25,
          last_sale_date: '2021-06-30',
        },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [lon, lat],
              [lon + 0.0005, lat],
              [lon + 0.0005, lat + 0.0005],
              [lon, lat + 0.0005],
              [lon, lat],
            ],
          ],
        },
      });
    const body = Buffer.from(`${feature('S-20', -75.4, 38.7)}\n${feature('S-21', -75.41, 38.71)}\n`);
    const res = await send(release.id, body, 'application/geo+json-seq');
    expect(res.status).toBe(202);
    const job = await finished(res.body.id);
    expect(job).toMatchObject({ state: 'completed', recordsRead: 2, countiesFound: 1 });
    const rows = await countyRows(release.month, SUSSEX);
    expect(
      rows.map(({ parcel_id, latitude, longitude, last_sale_date }) => ({
        parcel_id,
        latitude,
        longitude,
        last_sale_date,
      })),
    ).toEqual([
      { parcel_id: 'S-20', latitude: '38.5', longitude: '-75.25', last_sale_date: '2021-06-30' },
      { parcel_id: 'S-21', latitude: '38.5', longitude: '-75.25', last_sale_date: '2021-06-30' },
    ]);
    expect(rows[0].geometry_wkt).toBe(`POLYGON ((-75.4 38.7,-75.3995 38.7,-75.3995 38.7005,-75.4 38.7005,-75.4 38.7))`);
  });

  describe('refuses a GIS source it cannot ingest with a clear 400, leaving no staged file and no job', () => {
    const lotCsv = `WKT,parcel_id,county_fips\n"${square(-75.4, 38.7)}",S-1,${SUSSEX}\n`;
    const cases: [string, () => Buffer, RegExp][] = [
      [
        'a Shapefile zip without .prj',
        () => gisFile('no-prj.shp.zip', 'ESRI Shapefile', lotCsv, null, ['-nlt', 'POLYGON']),
        /^The Shapefile parcels\.shp in the zip has no \.prj: its projection is unknown/,
      ],
      [
        'a GeoPackage whose projection is unknown',
        () => gisFile('no-srs.gpkg', 'GPKG', lotCsv, null),
        /has no projection GDAL can read/,
      ],
      [
        'a GeoPackage layer without county_fips',
        () => gisFile('no-fips.gpkg', 'GPKG', `WKT,parcel_id\n"${square(-75.4, 38.7)}",S-1\n`, 'EPSG:4326'),
        /^The layer "parcels" lacks the field county_fips: every source needs parcel_id and county_fips/,
      ],
      [
        'a GeoJSON of points claiming to be parcels',
        () =>
          Buffer.from(
            JSON.stringify({
              type: 'FeatureCollection',
              features: [
                {
                  type: 'Feature',
                  properties: { parcel_id: 'S-1', county_fips: SUSSEX },
                  geometry: { type: 'Point', coordinates: [-75.4, 38.7] },
                },
              ],
            }),
          ),
        /holds points \(Point\), not parcel boundaries: parcels must be polygons or multipolygons/,
      ],
      [
        'a zip of something else',
        () => zipOfText(lotCsv),
        /^The zip holds neither a Shapefile .* nor a File Geodatabase .*; it holds readme\.csv$/,
      ],
    ];

    /** A zip holding one CSV file, written by GDAL's /vsizip/. */
    function zipOfText(text: string): Buffer {
      const source = join(work, 'readme-source.csv');
      const target = join(work, 'text.zip');
      writeFileSync(source, text);
      rmSync(target, { force: true });
      execFileSync('ogr2ogr', ['-f', 'CSV', `/vsizip/${target}/readme.csv`, source], { stdio: 'ignore' });
      return readFileSync(target);
    }

    it.each(cases)('%s', async (_name, body, message) => {
      const release = await draft();
      const res = await send(release.id, body());
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await store.db.query(`SELECT id FROM ingest_jobs WHERE release_id = $1`, [release.id])).toEqual([]);
      expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([]);
      expect(readdirSync(tmpdir()).filter((name) => name.startsWith('cds-source-'))).toEqual([]);
    });
  });
});
