/**
 * Section: comparing a 1-million-parcel county file with its previous release. Two releases of one
 * county are generated as they stream (every column of the data schema, realistic values, every
 * parcel's boundary, a few percent of parcels added, removed and changed between them, a third of
 * the changed with a redrawn boundary), kept between runs, and stored as
 * the store stores county files; the older is published, the newer a draft whose comparison is queued, and the
 * worker process (`npm run start:worker`, as in production) runs it. What counts is the job's
 * duration in the worker (target < 60 s) and the worker's peak resident memory (target < 300 MB):
 * the parcels go through PostgreSQL, never into the worker's heap.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { storageConfig } from '../src/config/storage.config';
import { KEY_FIELDS } from '../src/contracts/county-dataset';
import type { DatasetStorage } from '../src/integrations/storage/dataset-storage';
import { datasetStorageFor } from '../src/integrations/storage/dataset-storage.provider';
import { digestingStream } from '../src/integrations/storage/digesting-stream';
import { DATA_FIELDS } from '../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION } from '../src/modules/data-schema/schema-versions';
import { FORMATS_QUEUE } from '../src/modules/formats/formats.constants';
import { PARCEL_STORE_QUEUE } from '../src/modules/parcels/parcels.constants';
import { RELEASES_QUEUE, ReleasesJob } from '../src/modules/releases/releases.constants';
import {
  adminToken,
  poster,
  withProcessOnEveryCore,
  type BenchApp,
  peakRss,
  restartPeakRss,
} from './support/bench-app';
import { lotOrigin, lotWkt } from './support/lot-shapes';
import { benchQueue, HeldWork } from './support/bench-queues';
import { figure, verdict, type ResultRow } from './support/section';

const PARCELS = 1_000_000;
const REMOVED_SHARE = 0.02;
const ADDED_SHARE = 0.02;
const CHANGED_SHARE = 0.03;
const TARGET_SECONDS = 60;
const TARGET_RSS_BYTES = 300 * 1024 * 1024;
const PREVIOUS = '2001-01';
const CURRENT = '2001-02';
const ROWS_A_CHUNK = 2000;

/** A small seeded generator (mulberry32): one per parcel, so both releases draw a parcel's values alike. */
function generator(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['JAMES', 'MARY', 'ROBERT', 'PATRICIA', 'JOHN', 'JENNIFER', 'MICHAEL', 'LINDA', 'WEI', 'AISHA'];
const LAST = ['SMITH', 'JOHNSON', 'WILLIAMS', 'BROWN', 'GARCIA', 'MILLER', 'NGUYEN', 'KIM', 'PATEL', 'LOPEZ'];
const STREETS = ['MAIN', 'OAK', 'PINE', 'MAPLE', 'CEDAR', 'ELM', 'WASHINGTON', 'LAKE', 'HILL', 'PARK'];
const USES = ['Single family', 'Condominium', 'Townhouse', 'Duplex', 'Retail', 'Office', 'Vacant land'];
const ZONING = ['R-1', 'R-2', 'R-3', 'RM', 'C-1', 'C-2', 'MU', 'I-1', 'A-1'];
const ALWAYS = new Set([
  'parcel_id',
  'county_fips',
  'county_name',
  'state_code',
  'site_address',
  'owner_name',
  'geometry_wkt',
]);
const COLUMNS = DATA_FIELDS.map((field) => field.name);
const OWNER = COLUMNS.indexOf('owner_name');
const ASSESSED = COLUMNS.indexOf('assessed_total_value');
const fillRates = (() => {
  const random = generator(42);
  return DATA_FIELDS.map((field) => (ALWAYS.has(field.name) ? 1 : 0.55 + random() * 0.45));
})();

type Fate = 'kept' | 'removed' | 'added' | 'changed';

/** What becomes of slot n between the releases: slots hold old parcels, and some new ones. */
function fateOf(n: number): Fate {
  const draw = generator(n * 7919 + 1)();
  if (draw < REMOVED_SHARE) return 'removed';
  if (draw < REMOVED_SHARE + ADDED_SHARE) return 'added';
  if (draw < REMOVED_SHARE + ADDED_SHARE + CHANGED_SHARE) return 'changed';
  return 'kept';
}

const csvField = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** One parcel's record; `changed` gives its next release's version. */
export function record(
  n: number,
  county: { fips: string; name: string; state_code: string },
  changed: boolean,
  origin: { lon: number; lat: number },
): string {
  const random = generator(n);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const house = String(between(1, 9999));
  const street = `${pick(STREETS)} ST`;
  const values = DATA_FIELDS.map((field, i) => {
    if (random() > fillRates[i]) return '';
    switch (field.name) {
      case 'parcel_id':
        return `${String(n % 1000).padStart(3, '0')}-${String(n).padStart(7, '0')}-${String(n % 97).padStart(2, '0')}`;
      case 'county_fips':
        return county.fips;
      case 'county_name':
        return county.name;
      case 'state_code':
      case 'mail_state':
        return county.state_code;
      case 'site_address':
      case 'mail_address':
        return `${house} ${street}`;
      case 'owner_name':
        return random() < 0.15 ? `${pick(LAST)} HOLDINGS LLC` : `${pick(LAST)}, ${pick(FIRST)}`;
      case 'property_use_standard':
        return pick(USES);
      case 'zoning_code':
        return pick(ZONING);
      case 'geometry_wkt':
        // One changed parcel in three has its boundary redrawn (moved about a metre).
        return lotWkt(n, origin, changed && n % 3 === 0 ? 0.00001 : 0);
    }
    switch (field.type) {
      case 'boolean':
        return String(random() < 0.2);
      case 'date':
        return `${between(1970, 2000)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
      case 'money':
        return String(between(5, 900) * 1000);
      case 'decimal':
        return (random() * 100).toFixed(2);
      case 'integer':
        return String(between(0, 4000));
      case 'text':
        return `${field.name.slice(0, 10).toUpperCase()} ${between(1, 40)}`;
      case 'geometry':
        return '';
    }
  });
  if (changed) {
    values[OWNER] = `NEW OWNER ${n} LLC`;
    if (n % 2 === 0) values[ASSESSED] = String(Number(values[ASSESSED] || 0) + 1000);
  }
  return values.map(csvField).join(',');
}

/** A release of the county as CSV text chunks: the previous holds all but the added, the current all but the removed. */
async function* releaseFile(
  county: { fips: string; name: string; state_code: string },
  which: 'previous' | 'current',
): AsyncGenerator<string> {
  yield `${COLUMNS.join(',')}\n`;
  const origin = lotOrigin(county.fips);
  let lines: string[] = [];
  for (let n = 1; n <= PARCELS; n++) {
    const fate = fateOf(n);
    if (which === 'previous' ? fate === 'added' : fate === 'removed') continue;
    lines.push(record(n, county, which === 'current' && fate === 'changed', origin));
    if (lines.length === ROWS_A_CHUNK) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length) yield `${lines.join('\n')}\n`;
}

// Generating a release takes minutes: the gzip files are kept between runs, named by what makes
// them (the generating code, its parameters and the county), so a change to any remakes them.
const GENERATED_DIR = join(tmpdir(), 'cds-bench-release-compare');

/** The gzip file of a generated release, made unless an earlier run made it already (the formats section uses it too). */
export async function generatedRelease(
  county: { fips: string; name: string; state_code: string },
  which: 'previous' | 'current',
): Promise<string> {
  const made = createHash('sha256')
    .update([generator, fateOf, record, releaseFile, lotWkt].map(String).join('\n'))
    .update(JSON.stringify([PARCELS, REMOVED_SHARE, ADDED_SHARE, CHANGED_SHARE, fillRates, COLUMNS]))
    .update(JSON.stringify([county.fips, county.name, county.state_code, which]))
    .digest('hex')
    .slice(0, 16);
  const path = join(GENERATED_DIR, `${which}-${made}.csv.gz`);
  if (existsSync(path)) return path;
  await mkdir(GENERATED_DIR, { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  await pipeline(Readable.from(releaseFile(county, which)), createGzip({ level: 1 }), createWriteStream(partial));
  await rename(partial, path);
  return path;
}

/** Stores a generated release as a county file; answers its size and digest. */
async function storeRelease(
  storage: DatasetStorage,
  key: string,
  path: string,
): Promise<{ bytes: number; sha256: string }> {
  const hashed = digestingStream();
  await Promise.all([pipeline(createReadStream(path), hashed.stream), storage.putStream(key, hashed.stream)]);
  return hashed.digest();
}

export async function benchReleaseCompare(app: BenchApp): Promise<ResultRow[]> {
  const storage = datasetStorageFor(storageConfig());
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  const queue = benchQueue(app, RELEASES_QUEUE);
  // Publishing the previous release queues its conversions to other formats and its load into the parcel store:
  // held while the comparison is measured (the formats and parcel-store sections measure them), then dropped.
  const published = await HeldWork.hold(app, [FORMATS_QUEUE, PARCEL_STORE_QUEUE]);
  const keys = [`releases/${PREVIOUS}/counties/bench.csv.gz`, `releases/${CURRENT}/counties/bench.csv.gz`];
  try {
    const admin = poster(app.origin, await adminToken(app.origin));
    const {
      rows: [county],
    } = await db.query<{ id: string; fips: string; name: string; state_code: string }>(
      `SELECT id, fips, name, state_code FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
    );
    let expected = { added: 0, removed: 0, changed: 0 };
    let redrawn = 0;
    for (let n = 1; n <= PARCELS; n++) {
      const fate = fateOf(n);
      if (fate !== 'kept') expected = { ...expected, [fate]: expected[fate] + 1 };
      if (fate === 'changed' && n % 3 === 0) redrawn++;
    }
    keys.push(`releases/${CURRENT}/changes/${county.fips}.csv.gz`);
    const noCounts = Object.fromEntries(KEY_FIELDS.map(({ field }) => [field, 0]));

    const generating = Date.now();
    const files: { bytes: number; sha256: string }[] = [];
    for (const [i, which] of (['previous', 'current'] as const).entries()) {
      files.push(await storeRelease(storage, keys[i], await generatedRelease(county, which)));
    }
    const generatedSeconds = (Date.now() - generating) / 1000;

    // The previous release, published.
    const previous = await admin('/api/admin/releases', { month: PREVIOUS });
    const recordFile = async (release: { id: string }, month: string, i: number, records: number) => {
      const {
        rows: [file],
      } = await db.query<{ id: string }>(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts,
           release_id, kind, format, schema_version)
         VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7, $8, 'full', 'csv', $9) RETURNING id`,
        [county.id, month, keys[i], files[i].bytes, files[i].sha256, records, noCounts, release.id, SCHEMA_VERSION],
      );
      await db.query(
        `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [release.id, county.id, file.id, i === 0 ? 'ready' : 'checking', records, noCounts],
      );
    };
    await recordFile(previous, PREVIOUS, 0, PARCELS - expected.added);
    await admin(`/api/admin/releases/${previous.id}/publish`, {});
    const current = await admin('/api/admin/releases', { month: CURRENT });
    await recordFile(current, CURRENT, 1, PARCELS - expected.removed);

    const rssBefore = restartPeakRss(app.workerPid);
    // The worker runs the job on both cores, as a worker has its machine's; the API waits idle.
    const { job, state } = await withProcessOnEveryCore(app.workerPid, async () => {
      const queued = await queue.add(
        ReleasesJob.compare,
        { releaseId: current.id, countyId: county.id },
        { jobId: `compare-${current.id}-${county.id}-${files[1].sha256}`, attempts: 1 },
      );
      let reached = '';
      const deadline = Date.now() + 15 * 60_000;
      while (reached !== 'completed' && reached !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        reached = await queued.getState();
      }
      return { job: queued, state: reached };
    });
    const done = await queue.getJob(job.id!);
    if (state !== 'completed' || !done) throw new Error(`the comparison ${state}: ${done?.failedReason ?? ''}`);
    const seconds = (done.finishedOn! - done.processedOn!) / 1000;
    const peak = peakRss(app.workerPid);
    const {
      rows: [row],
    } = await db.query<{
      added: number;
      removed: number;
      changed: number;
      geometry: number;
      records: number;
      bytes: number;
    }>(
      `SELECT c.added, c.removed, c.changed, (c.changed_fields->>'geometry')::int AS geometry, d.records,
              d.bytes::int AS bytes
       FROM release_counties c JOIN county_datasets d ON d.id = c.change_dataset_id WHERE c.release_id = $1`,
      [current.id],
    );
    const right =
      row.added === expected.added &&
      row.removed === expected.removed &&
      row.changed === expected.changed &&
      row.geometry === redrawn;
    if (!right) {
      throw new Error(
        `the comparison found ${JSON.stringify(row)}, expected ${JSON.stringify({ ...expected, geometry: redrawn })}`,
      );
    }
    const mb = (bytes: number) => `${figure(bytes / 1024 / 1024)} MB`;
    return [
      [
        'Release comparison: files compared',
        `${figure(PARCELS - expected.added)} and ${figure(PARCELS - expected.removed)} parcels with polygons, ${COLUMNS.length} columns ` +
          `(${mb(files[0].bytes)} and ${mb(files[1].bytes)} gzip; generated or reused, and stored, in ${figure(generatedSeconds)} s)`,
      ],
      [
        'Release comparison: changes found (all as generated)',
        `${figure(row.added)} added, ${figure(row.removed)} removed, ${figure(row.changed)} changed ` +
          `(${figure(row.geometry)} with a redrawn boundary); ` +
          `change file ${figure(row.records)} rows, ${mb(row.bytes)}`,
      ],
      ['Release comparison: placement', 'the worker on both cores during the job, PostgreSQL on the same machine'],
      [
        'Release comparison: job duration in the worker',
        `${figure(seconds, 1)} s (target < ${TARGET_SECONDS} s: ${verdict(seconds < TARGET_SECONDS)})`,
      ],
      [
        'Release comparison: worker peak RSS',
        `${mb(peak)} (${mb(rssBefore)} before the job; target < 300 MB: ${verdict(peak < TARGET_RSS_BYTES)})`,
      ],
    ];
  } finally {
    await published.drop();
    await queue.close();
    await db.end();
    for (const key of keys) await storage.delete(key);
  }
}
