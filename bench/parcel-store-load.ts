/**
 * Section: loading a published county of 1 million parcels with boundaries into the parcel store,
 * beside `ogr2ogr -f PostgreSQL` (PG_USE_COPY=YES) loading the same parcels from a GeoPackage into a
 * plain table with its spatial index. The county file is generated as it streams (every column of
 * the data schema in its header, the usual ones filled, lots on a street grid, one in twenty in two
 * parts) and kept in /tmp between runs; its GeoPackage is made from it by ogr2ogr, untimed. The
 * store's load runs as in production: the file is published through the admin API, and the worker
 * process (`npm run start:worker`) loads it on the release.published event. What counts: the load's
 * duration against ogr2ogr's (target ≥ 0.5× ogr2ogr's speed) and the worker's peak RSS (< 300 MB).
 * PARCEL_STORE_BENCH_PARCELS sets the county's size (1,000,000 by default).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { storageConfig } from '../src/config/storage.config';
import { KEY_FIELDS } from '../src/contracts/county-dataset';
import { datasetStorageFor } from '../src/integrations/storage/dataset-storage.provider';
import { digestingStream } from '../src/integrations/storage/digesting-stream';
import { DATA_FIELDS } from '../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION } from '../src/modules/data-schema/schema-versions';
import { FORMATS_QUEUE } from '../src/modules/formats/formats.constants';
import {
  adminToken,
  poster,
  withProcessOnEveryCore,
  type BenchApp,
  peakRss,
  restartPeakRss,
} from './support/bench-app';
import { HeldWork } from './support/bench-queues';
import { figure, verdict, type ResultRow } from './support/section';

const PARCELS = Number(process.env.PARCEL_STORE_BENCH_PARCELS ?? 1_000_000);
const TARGET_RATIO = 0.5;
const TARGET_RSS_BYTES = 300 * 1024 * 1024;
const MONTH = '2002-01';
const ROWS_A_CHUNK = 2000;
const execFileAsync = promisify(execFile);

const COLUMNS = DATA_FIELDS.map((field) => field.name);
const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'WEI', 'AISHA'];
const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'GARCIA', 'MILLER', 'NGUYEN', 'KIM', 'PATEL', 'LOPEZ'];
const STREETS = ['MAIN', 'OAK', 'PINE', 'MAPLE', 'CEDAR', 'ELM', 'WASHINGTON', 'LAKE', 'HILL', 'PARK'];
const SUFFIXES = ['ST', 'AVE', 'RD', 'DR', 'LN', 'CT'];
const USES = ['Single family', 'Condominium', 'Townhouse', 'Duplex', 'Retail', 'Office', 'Vacant land'];
/** Lots per block row, and the grid's origin (south-west corner) and lot size in degrees. */
const LOTS_A_ROW = 1000;
const ORIGIN = { x: -75.6, y: 38.5 };
const LOT = 0.00018;

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const ring = (x: number, y: number, w: number, h: number) =>
  `(${[
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
    [x, y],
  ]
    .map(([a, b]) => `${a.toFixed(7)} ${b.toFixed(7)}`)
    .join(',')})`;

/** Parcel n: a lot of the grid (one in twenty split in two parts), its address, owner and usual fields. */
function record(n: number, fips: string, county: string, state: string): string {
  const x = ORIGIN.x + (n % LOTS_A_ROW) * LOT;
  const y = ORIGIN.y + Math.floor(n / LOTS_A_ROW) * LOT;
  const depth = LOT * (0.7 + (n % 7) * 0.04);
  const wkt =
    n % 20 === 0
      ? `MULTIPOLYGON((${ring(x, y, LOT * 0.45, depth)}),(${ring(x + LOT * 0.5, y, LOT * 0.4, depth)}))`
      : `POLYGON(${ring(x, y, LOT * 0.9, depth)})`;
  const street = `${STREETS[Math.floor(n / LOTS_A_ROW) % STREETS.length]} ${SUFFIXES[n % SUFFIXES.length]}`;
  const house = String(100 + (n % LOTS_A_ROW) * 2);
  const values: Record<string, string> = {
    parcel_id: `${String(Math.floor(n / 10000)).padStart(3, '0')}-${String(n % 10000).padStart(4, '0')}-${String(n % 97).padStart(2, '0')}`,
    county_fips: fips,
    county_name: county,
    state_code: state,
    site_address: `${house} ${street}`,
    site_house_number: house,
    site_street_name: street.split(' ')[0],
    site_street_suffix: street.split(' ')[1],
    site_city: 'DOVER',
    site_zip: '19901',
    latitude: (y + depth / 2).toFixed(7),
    longitude: (x + LOT * 0.45).toFixed(7),
    geometry_wkt: wkt,
    owner_name: n % 7 === 0 ? `${LAST[n % 10]} HOLDINGS LLC` : `${LAST[n % 10]}, ${FIRST[(n >> 3) % 10]}`,
    owner_type: n % 7 === 0 ? 'Company' : 'Individual',
    mail_address: `${house} ${street}`,
    mail_city: 'DOVER',
    mail_state: state,
    mail_zip: '19901',
    property_use_standard: USES[n % USES.length],
    assessed_total_value: String(50_000 + (n % 400) * 1000),
    assessed_land_value: String(20_000 + (n % 200) * 500),
    assessment_year: '2001',
    year_built: String(1950 + (n % 70)),
    living_area_sqft: String(900 + (n % 300) * 10),
    bedrooms: String(1 + (n % 5)),
    last_sale_date: `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
    last_sale_price: String(80_000 + (n % 500) * 1000),
    legal_description: `LOT ${n % 50} BLK ${Math.floor(n / 50) % 100} ${STREETS[n % 10]} ESTATES`,
  };
  return COLUMNS.map((name) => csvField(values[name] ?? '')).join(',');
}

async function* countyFile(fips: string, county: string, state: string): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\n`;
  let lines: string[] = [];
  for (let n = 0; n < PARCELS; n++) {
    lines.push(record(n, fips, county, state));
    if (lines.length === ROWS_A_CHUNK) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join('\n')}\n`;
}

const GENERATED_DIR = join(tmpdir(), 'cds-bench-parcel-store');

/** The county's gzip CSV and its GeoPackage, made unless an earlier run made them (named by what makes them). */
async function generatedCounty(fips: string, county: string, state: string): Promise<{ csv: string; gpkg: string }> {
  const made = createHash('sha256')
    .update([record, countyFile, ring].map(String).join('\n'))
    .update(JSON.stringify([PARCELS, COLUMNS, fips, county, state]))
    .digest('hex')
    .slice(0, 16);
  const csv = join(GENERATED_DIR, `county-${made}.csv.gz`);
  const gpkg = join(GENERATED_DIR, `county-${made}.gpkg`);
  await mkdir(GENERATED_DIR, { recursive: true });
  if (!existsSync(csv)) {
    const partial = `${csv}.${process.pid}.partial`;
    await pipeline(
      Readable.from(countyFile(fips, county, state)),
      createGzip({ level: 1 }),
      createWriteStream(partial),
    );
    await rename(partial, csv);
  }
  if (!existsSync(gpkg)) {
    const partial = `${gpkg}.${process.pid}.partial.gpkg`;
    await execFileAsync(
      'ogr2ogr',
      [
        '-f',
        'GPKG',
        partial,
        `/vsigzip/${csv}`,
        '-oo',
        'GEOM_POSSIBLE_NAMES=geometry_wkt',
        '-oo',
        'KEEP_GEOM_COLUMNS=NO',
        '-oo',
        'AUTODETECT_TYPE=NO',
        '-a_srs',
        'EPSG:4326',
        '-nlt',
        'MULTIPOLYGON',
        '-nln',
        'parcels',
        '-gt',
        '65536',
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await rename(partial, gpkg);
  }
  return { csv, gpkg };
}

export async function benchParcelStoreLoad(app: BenchApp): Promise<ResultRow[]> {
  const storage = datasetStorageFor(storageConfig());
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  // Publishing queues the file's conversions to other formats: held while the load is measured, then dropped.
  const conversions = await HeldWork.hold(app, [FORMATS_QUEUE]);
  const key = `releases/${MONTH}/counties/bench-parcels.csv.gz`;
  try {
    const {
      rows: [county],
    } = await db.query<{ id: string; fips: string; name: string; state_code: string }>(
      `SELECT id, fips, name, state_code FROM counties WHERE fips = '10001'`,
    );
    const generating = Date.now();
    const { csv, gpkg } = await generatedCounty(county.fips, county.name, county.state_code);
    const generatedSeconds = (Date.now() - generating) / 1000;

    // The reference: ogr2ogr loading the GeoPackage into a plain table (COPY, its spatial index made after).
    const url = new URL(app.databaseUrl);
    const pg = `PG:host=${url.hostname} port=${url.port || 5432} user=${decodeURIComponent(url.username) || 'postgres'} dbname=${url.pathname.slice(1)}`;
    const ogrStarted = Date.now();
    // On every core, as the worker is during its load (the runner itself stays on its own core).
    await execFileAsync(
      'taskset',
      [
        '-c',
        `0-${cpus().length - 1}`,
        'ogr2ogr',
        '-f',
        'PostgreSQL',
        pg,
        gpkg,
        '-nln',
        'bench_ogr_parcels',
        '-lco',
        'GEOMETRY_NAME=geom',
        '--config',
        'PG_USE_COPY',
        'YES',
        '-overwrite',
      ],
      { env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) }, maxBuffer: 16 * 1024 * 1024 },
    );
    const ogrSeconds = (Date.now() - ogrStarted) / 1000;
    const {
      rows: [ogrRows],
    } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bench_ogr_parcels`);
    await db.query(`DROP TABLE bench_ogr_parcels`);

    // The store: the file stored and recorded as a draft's, published through the API like any release.
    const hashed = digestingStream();
    await Promise.all([pipeline(createReadStream(csv), hashed.stream), storage.putStream(key, hashed.stream)]);
    const file = hashed.digest();
    const admin = poster(app.origin, await adminToken(app.origin));
    const release = await admin('/api/admin/releases', { month: MONTH });
    const noCounts = Object.fromEntries(KEY_FIELDS.map(({ field }) => [field, 0]));
    const {
      rows: [dataset],
    } = await db.query<{ id: string }>(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts,
         release_id, kind, format, schema_version)
       VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7, $8, 'full', 'csv', $9) RETURNING id`,
      [county.id, MONTH, key, file.bytes, file.sha256, PARCELS, noCounts, release.id, SCHEMA_VERSION],
    );
    await db.query(
      `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts)
       VALUES ($1, $2, $3, 'ready', $4, $5)`,
      [release.id, county.id, dataset.id, PARCELS, noCounts],
    );
    const rssBefore = restartPeakRss(app.workerPid);
    const load = await withProcessOnEveryCore(app.workerPid, async () => {
      await admin(`/api/admin/releases/${release.id}/publish`, {});
      const deadline = Date.now() + 30 * 60_000;
      while (Date.now() < deadline) {
        const { rows } = await db.query<{ parcels: number; shapes: number; unreadable: number; seconds: number }>(
          `SELECT parcels, shapes, unreadable_shapes AS unreadable, seconds FROM parcel_loads WHERE county_id = $1`,
          [county.id],
        );
        if (rows[0]) return rows[0];
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error('the county was not loaded within 30 minutes');
    });
    const peak = peakRss(app.workerPid);
    if (load.parcels !== PARCELS || load.shapes !== PARCELS) {
      throw new Error(`the store loaded ${JSON.stringify(load)}, expected ${PARCELS} parcels with boundaries`);
    }
    const {
      rows: [size],
    } = await db.query<{ bytes: number }>(`SELECT pg_total_relation_size('parcels_de')::float8 AS bytes`);
    const ratio = ogrSeconds / load.seconds;
    const mb = (bytes: number) => `${figure(bytes / 1024 / 1024)} MB`;
    return [
      [
        'Parcel store load: county file',
        `${figure(PARCELS)} parcels with boundaries (one in 20 in two parts), ${COLUMNS.length} columns, ` +
          `${mb(file.bytes)} gzip; generated with its GeoPackage, or reused, in ${figure(generatedSeconds)} s`,
      ],
      [
        'Parcel store load: ogr2ogr -f PostgreSQL (PG_USE_COPY=YES) from the GeoPackage, plain table + GiST',
        `${figure(ogrSeconds, 1)} s, ${figure(ogrRows.n)} rows`,
      ],
      [
        "Parcel store load: the worker's load after the publish (gunzip, COPY into the state partition with 4 indexes and its primary key, one transaction)",
        `${figure(load.seconds, 1)} s; ${figure(ratio, 2)}× ogr2ogr's speed (target ≥ ${TARGET_RATIO}×: ${verdict(ratio >= TARGET_RATIO)}); ` +
          `partition ${mb(size.bytes)} with indexes`,
      ],
      [
        'Parcel store load: worker peak RSS',
        `${mb(peak)} (${mb(rssBefore)} before the load; target < 300 MB: ${verdict(peak < TARGET_RSS_BYTES)})`,
      ],
    ];
  } finally {
    await conversions.drop();
    await db.end();
    await storage.delete(key);
  }
}
