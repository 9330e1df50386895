/**
 * Section: release ingest of a GIS source. A GeoPackage of parcel polygons in a state plane
 * projection (NAD83 / Delaware, US survey feet, EPSG:2235) is made once, untimed: lots of 5 to 9
 * vertices on a street grid, one in fifty in two parts, over 50 of the seeded counties, with a few
 * attribute fields and no latitude/longitude (the ingest computes the centroids). As the
 * yardstick, GDAL alone reprojects it to CSV with WKT: `ogr2ogr -f CSV /vsistdout/ source.gpkg
 * -t_srs EPSG:4326 -lco GEOMETRY=AS_WKT > /dev/null`. Then it is ingested as staff do it (POST to
 * the running API, the worker reads it through GDAL and splits it by county), timed from the first
 * byte sent to the job's completion. Targets: throughput at least half the yardstick's; the
 * worker's peak memory under 300 MB. BENCH_GPKG_PARCELS sets the size (default 1,000,000).
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { BENCH_ADMIN_PASSWORD, peakRss, restartPeakRss, type BenchApp } from './support/bench-app';
import { uploadFile } from './support/upload-file';
import { RELEASES_QUEUE } from '../src/modules/releases/releases.constants';
import { settled } from './support/bench-queues';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const PARCELS = Number(process.env.BENCH_GPKG_PARCELS ?? 1_000_000);
const COUNTIES = 50;
const TARGET_RATIO = 0.5;
const MEMORY_TARGET_BYTES = 300 * 1024 * 1024;
const ROOT = join(__dirname, '..', '..');
const STATE_PLANE = 'EPSG:2235';
/** About 30 m of longitude and latitude in Delaware: a lot's frontage and depth range around it. */
const LOT_DEGREES = 0.0003;
const LOTS_PER_ROW = 200;
const STREETS = ['MAIN ST', 'OAK AVE', 'CEDAR LN', 'KING ST', 'DUPONT HWY', 'MARKET ST', 'BAY RD', 'MILL CREEK RD'];

function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f6 = (value: number) => value.toFixed(7);

/** A lot's ring: a rectangle, its back and side lines bent at their middle on some lots (5 to 7 vertices). */
function ring(lon: number, lat: number, width: number, depth: number, random: () => number): string {
  const points: [number, number][] = [
    [lon, lat],
    [lon + width, lat],
  ];
  if (random() < 0.5) points.push([lon + width * (1 + 0.05 * random()), lat + depth / 2]);
  points.push([lon + width, lat + depth]);
  if (random() < 0.5) points.push([lon + width / 2, lat + depth * (1 + 0.05 * random())]);
  points.push([lon, lat + depth], [lon, lat]);
  return `(${points.map(([x, y]) => `${f6(x)} ${f6(y)}`).join(',')})`;
}

/** The CSV GDAL turns into the GeoPackage: WKT in WGS 84 and a few attribute fields. */
async function generateCsv(path: string, fips: string[]): Promise<void> {
  const random = generator(20_261_128);
  const file = createWriteStream(path);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, 'drain');
  };
  await write('WKT,parcel_id,county_fips,owner_name,site_address,assessed_total_value,year_built\n');
  const perCounty = Math.ceil(PARCELS / fips.length);
  let lines: string[] = [];
  for (let n = 0; n < PARCELS; n++) {
    const county = Math.floor(n / perCounty);
    const i = n % perCounty;
    const lon = -75.6 + (county % 10) * 0.07 + (i % LOTS_PER_ROW) * LOT_DEGREES;
    const lat = 38.5 + Math.floor(county / 10) * 0.16 + Math.floor(i / LOTS_PER_ROW) * LOT_DEGREES;
    const width = LOT_DEGREES * (0.5 + random() * 0.45);
    const depth = LOT_DEGREES * (0.6 + random() * 0.35);
    const wkt =
      n % 50 === 0
        ? `MULTIPOLYGON ((${ring(lon, lat, width / 2.2, depth, random)}),(${ring(lon + width / 2, lat, width / 2.2, depth, random)}))`
        : `MULTIPOLYGON ((${ring(lon, lat, width, depth, random)}))`;
    const street = STREETS[Math.floor(random() * STREETS.length)];
    lines.push(
      `"${wkt}",${fips[county]}-${String(i).padStart(7, '0')},${fips[county]},OWNER ${n % 9973},${10 + (i % LOTS_PER_ROW) * 2} ${street},${Math.floor(random() * 900_000)},${1900 + Math.floor(random() * 125)}`,
    );
    if (lines.length === 1000) {
      await write(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length > 0) await write(`${lines.join('\n')}\n`);
  file.end();
  await once(file, 'close');
}

function run(command: string): number {
  const start = performance.now();
  const result = spawnSync('bash', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} failed`);
  return (performance.now() - start) / 1000;
}

/** One request on a connection of its own (no agent), answering its status and JSON body. */
function requestJson(
  url: string,
  method: string,
  token: string | null,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const postJson = (url: string, token: string | null, body: unknown) => requestJson(url, 'POST', token, body);
const getJson = async (url: string, token: string) => (await requestJson(url, 'GET', token, undefined)).body;

export const benchReleaseIngestGeopackage: BenchSection = async (app: BenchApp): Promise<ResultRow[]> => {
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  const rows = await db.query<{ fips: string }>(
    `SELECT fips FROM counties WHERE deleted_at IS NULL ORDER BY md5(fips || 'gpkg') LIMIT ${COUNTIES}`,
  );
  await db.end();
  const fips = rows.rows.map((row) => row.fips);
  const dir = mkdtempSync(join(tmpdir(), 'cds-bench-gpkg-'));
  const csv = join(dir, 'parcels.csv');
  const source = join(dir, 'parcels.gpkg');
  const month = '2099-11';
  try {
    await generateCsv(csv, fips);
    run(
      `ogr2ogr -f GPKG '${source}' '${csv}' -oo GEOM_POSSIBLE_NAMES=WKT -oo KEEP_GEOM_COLUMNS=NO -oo AUTODETECT_TYPE=YES -s_srs EPSG:4326 -t_srs ${STATE_PLANE} -nln parcels -nlt MULTIPOLYGON -gt 65536`,
    );
    rmSync(csv);
    const gpkgBytes = statSync(source).size;
    const yardstickSeconds = run(
      `ogr2ogr -f CSV /vsistdout/ '${source}' -t_srs EPSG:4326 -lco GEOMETRY=AS_WKT > /dev/null`,
    );

    // Signed in only now, each request on a connection of its own: a kept connection idle through the
    // minutes of preparation may be closed by the server just as it is reused.
    const login = await postJson(`${app.origin}/api/admin/login`, null, { password: BENCH_ADMIN_PASSWORD });
    if (login.status !== 200) throw new Error(`signing in answered ${login.status}`);
    const token = (login.body as { token: string }).token;
    const created = await postJson(`${app.origin}/api/admin/releases`, token, { month });
    if (created.status !== 201) throw new Error(`creating the release answered ${created.status}`);
    const release = created.body as { id: string };

    const workerBefore = restartPeakRss(app.workerPid);
    const start = performance.now();
    const accepted = await uploadFile(
      `${app.origin}/api/admin/releases/${release.id}/files`,
      token,
      source,
      'application/geopackage+sqlite3',
    );
    if (accepted.status !== 202)
      throw new Error(`the upload answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
    const uploadSeconds = (performance.now() - start) / 1000;
    let job: { state: string; recordsRead: number; countiesFound: number; errors: string[] };
    for (;;) {
      job = (await getJson(`${app.origin}/api/admin/jobs/${accepted.body.id}`, token)) as typeof job;
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const totalSeconds = (performance.now() - start) / 1000;
    if (job.state !== 'completed') throw new Error(`the ingest failed: ${job.errors.join('; ')}`);
    if (job.recordsRead !== PARCELS || job.countiesFound !== fips.length) {
      throw new Error(`the ingest read ${job.recordsRead} records of ${job.countiesFound} counties`);
    }
    const ratio = yardstickSeconds / totalSeconds;
    const workerPeak = peakRss(app.workerPid);
    // The comparisons the ingest queued, one a county, run before the next section starts (untimed).
    await settled(app, RELEASES_QUEUE);
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return [
      [
        'GIS ingest: source GeoPackage',
        `${figure(PARCELS)} parcels (polygons, 1 in 50 in two parts), ${figure(mb(gpkgBytes))} MiB, ${STATE_PLANE} state plane, ${fips.length} counties`,
      ],
      ['GIS ingest: ogr2ogr reprojecting it to CSV with WKT alone', `${figure(yardstickSeconds, 1)} s`],
      [
        'GIS ingest: upload to completed job (API checks, worker: ogr2ogr to WGS 84, split, centroids and shape checks in Node)',
        `${figure(totalSeconds, 1)} s (upload and checks ${figure(uploadSeconds, 1)} s)`,
      ],
      [
        'GIS ingest: throughput ÷ ogr2ogr alone',
        `${figure(ratio, 2)} (target ≥ ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)})`,
      ],
      [
        'GIS ingest: worker peak RSS (ogr2ogr is a process of its own)',
        `${figure(mb(workerPeak))} MB (${figure(mb(workerBefore))} MB before the job; target < 300 MB: ${verdict(workerPeak < MEMORY_TARGET_BYTES)})`,
      ],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(ROOT, 'var', 'datasets', 'releases', month), { recursive: true, force: true });
  }
};
