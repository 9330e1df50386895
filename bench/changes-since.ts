/**
 * Section: a County Tracker subscriber's net changes of a 1-million-parcel county since three
 * releases back (GET /api/v1/changes), through the API process as a customer's pipeline calls it.
 * The three releases' change files are generated as the comparison writes them (every column of
 * the data schema, every parcel's boundary; 2 % added, 2 % removed and 3 % changed a month, a
 * changed parcel often changing again the next month, some added parcels removed again) and
 * published. What counts: the first byte within 2 s, the whole stream < 30 s, the API's peak RSS
 * < 300 MB; the reference is `zcat` of the three change files (reading them once, nothing else).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip, gzipSync } from 'node:zlib';
import { Client } from 'pg';
import { storageConfig } from '../src/config/storage.config';
import { KEY_FIELDS } from '../src/contracts/county-dataset';
import { datasetStorageFor } from '../src/integrations/storage/dataset-storage.provider';
import { digestingStream } from '../src/integrations/storage/digesting-stream';
import { CHANGE_COLUMNS } from '../src/modules/data-schema/change-types';
import { DATA_FIELDS } from '../src/modules/data-schema/data-schema';
import { SCHEMA_VERSION } from '../src/modules/data-schema/schema-versions';
import { FORMATS_QUEUE } from '../src/modules/formats/formats.constants';
import { PARCEL_STORE_QUEUE } from '../src/modules/parcels/parcels.constants';
import { storeChangeFile } from '../src/modules/releases/compare/change-file';
import { record } from './release-compare';
import { adminToken, poster, restartPeakRss, type BenchApp } from './support/bench-app';
import { HeldWork } from './support/bench-queues';
import { lotOrigin } from './support/lot-shapes';
import { figure, verdict, type ResultRow } from './support/section';
import { trackerCustomer } from './support/tracker-customer';

const PARCELS = 1_000_000;
const MONTHS = ['2002-01', '2002-02', '2002-03', '2002-04'];
const ADDED = 20_000;
const REMOVED = 20_000;
const CHANGED = 30_000;
const TARGETS = { firstByteSeconds: 2, wholeSeconds: 30, rssBytes: 300 * 1024 * 1024 };
const COLUMNS = DATA_FIELDS.map((field) => field.name);

type County = { id: string; fips: string; name: string; state_code: string };

/**
 * Month `step`'s (1–3) change rows, by change then parcel as the comparison orders them. Parcels
 * 1..PARCELS are the county at the first release; the added are numbered past it. Removed: old
 * parcels, and in steps 2 and 3 a quarter of the previous month's added. Changed: a window that
 * moves by half its width a month, so half of each month's changed parcels changed the month before.
 */
function changeRows(step: number): { change: string; n: number }[] {
  const added = Array.from({ length: ADDED }, (_, i) => PARCELS + step * ADDED + i);
  const removed = [
    ...Array.from({ length: REMOVED - (step > 1 ? ADDED / 4 : 0) }, (_, i) => step * REMOVED + i),
    ...(step > 1 ? Array.from({ length: ADDED / 4 }, (_, i) => PARCELS + (step - 1) * ADDED + i) : []),
  ];
  const changed = Array.from({ length: CHANGED }, (_, i) => 200_000 + step * (CHANGED / 2) + i);
  return [
    ...added.map((n) => ({ change: 'added', n })),
    ...changed.map((n) => ({ change: 'changed', n })),
    ...removed.map((n) => ({ change: 'removed', n })),
  ];
}

/** The net change the stream should answer, by parcel: as the fold defines it. */
function expectedNet(): Map<number, string> {
  const first = new Map<number, string>();
  const last = new Map<number, string>();
  for (const step of [1, 2, 3]) {
    for (const { change, n } of changeRows(step)) {
      if (!first.has(n)) first.set(n, change);
      last.set(n, change);
    }
  }
  const net = new Map<number, string>();
  for (const [n, change] of first) {
    const end = last.get(n)!;
    if (change === 'added') {
      if (end !== 'removed') net.set(n, 'added');
    } else net.set(n, end === 'removed' ? 'removed' : 'changed');
  }
  return net;
}

// Generated files are kept between runs, named by what makes them.
const GENERATED_DIR = join(tmpdir(), 'cds-bench-changes-since');

async function generatedChangeFile(county: County, step: number): Promise<string> {
  const made = createHash('sha256')
    .update([changeRows, record].map(String).join('\n'))
    .update(JSON.stringify([PARCELS, ADDED, REMOVED, CHANGED, COLUMNS, county.fips, step]))
    .digest('hex')
    .slice(0, 16);
  const path = join(GENERATED_DIR, `changes-${step}-${made}.csv.gz`);
  if (existsSync(path)) return path;
  await mkdir(GENERATED_DIR, { recursive: true });
  const origin = lotOrigin(county.fips);
  async function* lines() {
    yield `${[...CHANGE_COLUMNS, ...COLUMNS].join(',')}\n`;
    let chunk = '';
    for (const { change, n } of changeRows(step)) {
      const typed = change === 'changed' ? 'owner_changed;value_changed,owner_name;assessed_total_value' : `${change},`;
      chunk += `${change},${typed},${record(n, county, change === 'changed', origin)}\n`;
      if (chunk.length > 1 << 20) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  }
  const partial = `${path}.${process.pid}.partial`;
  await pipeline(Readable.from(lines()), createGzip({ level: 4 }), createWriteStream(partial));
  await rename(partial, path);
  return path;
}

export async function benchChangesSince(app: BenchApp): Promise<ResultRow[]> {
  const storage = datasetStorageFor(storageConfig());
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  // Publishing queues conversions and parcel-store loads of the releases' full files: not measured here.
  const held = await HeldWork.hold(app, [FORMATS_QUEUE, PARCEL_STORE_QUEUE]);
  try {
    const admin = poster(app.origin, await adminToken(app.origin));
    const {
      rows: [county],
    } = await db.query<County>(
      `SELECT id, fips, name, state_code FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1 OFFSET 7`,
    );
    const generating = Date.now();
    const changePaths = [];
    for (const step of [1, 2, 3]) changePaths.push(await generatedChangeFile(county, step));
    const generatedSeconds = (Date.now() - generating) / 1000;

    // Each release: a small stand-in full file (the stream never reads it) and, after the first, its change file.
    const noCounts = Object.fromEntries(KEY_FIELDS.map(({ field }) => [field, 0]));
    const store = async (key: string, source: Readable) => {
      const hashed = digestingStream();
      await Promise.all([pipeline(source, hashed.stream), storage.putStream(key, hashed.stream)]);
      return hashed.digest();
    };
    let changeBytes = 0;
    for (const [i, month] of MONTHS.entries()) {
      const release = await admin('/api/admin/releases', { month });
      const full = await store(
        `releases/${month}/counties/bench-changes.csv.gz`,
        Readable.from([gzipSync(`${COLUMNS.join(',')}\n`)]),
      );
      const insertFile = async (kind: 'full' | 'changes', key: string, file: { bytes: number; sha256: string }) =>
        (
          await db.query<{ id: string }>(
            `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source,
               key_field_counts, release_id, kind, format, schema_version)
             VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7, $8, $9, 'csv', $10) RETURNING id`,
            [county.id, month, key, file.bytes, file.sha256, PARCELS, noCounts, release.id, kind, SCHEMA_VERSION],
          )
        ).rows[0].id;
      const fullId = await insertFile('full', `releases/${month}/counties/bench-changes.csv.gz`, full);
      let changeId: string | null = null;
      if (i > 0) {
        const key = `releases/${month}/changes/${county.fips}.csv.gz`;
        // Stored as the comparison stores a change file: with its row index beside it.
        const changes = await storeChangeFile(storage, key, createReadStream(changePaths[i - 1]).pipe(createGunzip()));
        changeBytes += changes.bytes;
        changeId = await insertFile('changes', key, changes);
      }
      await db.query(
        `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts,
           change_dataset_id, previous_release, added, removed, changed)
         VALUES ($1, $2, $3, 'ready', $4, $5, $6, $7, $8, $9, $10)`,
        [
          release.id,
          county.id,
          fullId,
          PARCELS,
          noCounts,
          changeId,
          i > 0 ? MONTHS[i - 1] : null,
          i > 0 ? ADDED : null,
          i > 0 ? REMOVED : null,
          i > 0 ? CHANGED : null,
        ],
      );
      await admin(`/api/admin/releases/${release.id}/publish`, {});
    }

    const {
      tokens: [customerToken],
    } = await trackerCustomer(db, [county.id], { tokens: 1, startDate: new Date(`${MONTHS[0]}-15T12:00:00Z`) });

    // The reference: reading the three change files once, and nothing else.
    const zcatStarted = Date.now();
    await promisify(execFile)('sh', ['-c', `zcat ${changePaths.join(' ')} > /dev/null`]);
    const zcatSeconds = (Date.now() - zcatStarted) / 1000;

    const rssBefore = restartPeakRss(app.pid);
    const started = performance.now();
    const res = await fetch(`${app.origin}/api/v1/changes?county=${county.fips}&since=${MONTHS[0]}`, {
      headers: { Authorization: `Bearer ${customerToken}` },
    });
    if (!res.ok || !res.body) throw new Error(`the changes answered ${res.status}: ${await res.text()}`);
    let firstByte = 0;
    let bytes = 0;
    let rest = '';
    const counts = { added: 0, removed: 0, changed: 0 };
    let header = true;
    const decoder = new TextDecoder();
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      if (!firstByte) firstByte = (performance.now() - started) / 1000;
      bytes += chunk.length;
      // Counts rows by their first cell (the change): a record's quoted values hold line breaks only in tests.
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        if (header) header = false;
        else counts[line.slice(0, line.indexOf(',')) as keyof typeof counts]++;
      }
    }
    const wholeSeconds = (performance.now() - started) / 1000;
    const peak = app.peakRssBytes();
    const expected = { added: 0, removed: 0, changed: 0 };
    for (const change of expectedNet().values()) expected[change as keyof typeof expected]++;
    if (JSON.stringify(counts) !== JSON.stringify(expected)) {
      throw new Error(`the stream answered ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`);
    }
    const mb = (n: number) => `${figure(n / 1024 / 1024)} MB`;
    return [
      [
        'Changes since: files folded',
        `3 change files of a ${figure(PARCELS)}-parcel county with polygons, ${COLUMNS.length + 3} columns, ` +
          `${figure(ADDED + REMOVED + CHANGED)} rows each, ${mb(changeBytes)} gzip (generated or reused in ${figure(generatedSeconds)} s)`,
      ],
      [
        'Changes since: net rows answered (all as generated)',
        `${figure(expected.added)} added, ${figure(expected.removed)} removed, ${figure(expected.changed)} changed; ${mb(bytes)} of CSV`,
      ],
      [
        'Changes since: first byte',
        `${figure(firstByte, 2)} s (target < ${TARGETS.firstByteSeconds} s: ${verdict(firstByte < TARGETS.firstByteSeconds)})`,
      ],
      [
        'Changes since: whole stream',
        `${figure(wholeSeconds, 1)} s (target < ${TARGETS.wholeSeconds} s: ${verdict(wholeSeconds < TARGETS.wholeSeconds)}); ` +
          `${figure(wholeSeconds / zcatSeconds, 2)}× zcat of the three files alone (${figure(zcatSeconds, 1)} s)`,
      ],
      [
        'Changes since: API peak RSS',
        `${mb(peak)} (${mb(rssBefore)} before; target < 300 MB: ${verdict(peak < TARGETS.rssBytes)})`,
      ],
    ];
  } finally {
    await held.drop();
    await db.end();
  }
}
