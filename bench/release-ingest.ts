/**
 * Section: release ingest at scale. A national-style source file is generated (streaming, to a
 * temporary gzip file): every column of the data schema, each record's lot boundary in
 * geometry_wkt, >= 1 GiB of CSV, >= 1 M records over 60 of the seeded counties, in runs of a few hundred records per county as state files come. As
 * the yardstick, `zcat file | gzip -6 > /dev/null` is timed on it: reading the file and writing
 * it compressed once, what any one-pass split at least does. Then the file is ingested as staff
 * do it: POST /api/admin/releases/:id/files to the running API, and the worker splits it into
 * county files with their checks; the time counted runs from the first byte sent to the job's
 * completion as GET /api/admin/jobs/:id reports it. Targets: throughput at least half the
 * yardstick's, and the API's and the worker's peak memory under 300 MB each.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { Client } from 'pg';
import { DATA_FIELDS, type DataField } from '../src/modules/data-schema/data-schema';
import { lotOrigin, lotWkt } from './support/lot-shapes';
import { uploadFile } from './support/upload-file';
import { adminToken, type BenchApp, peakRss, restartPeakRss } from './support/bench-app';
import { RELEASES_QUEUE } from '../src/modules/releases/releases.constants';
import { settled } from './support/bench-queues';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const COUNTIES = 60;
const MIN_RECORDS = 1_000_000;
const MIN_BYTES = 1024 ** 3;
const RUN_LENGTH = 400;
const GROUPS = 8;
const VARIANTS = 512;
const TARGET_RATIO = 0.5;
const MEMORY_TARGET_BYTES = 300 * 1024 * 1024;
const ROOT = join(__dirname, '..', '..');

/** A small fast deterministic generator (mulberry32): the same file on every run. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['OAK', 'MAPLE', 'SMITH', 'JOHNSON', 'RIVER', 'HILL', 'PARK', 'LAKE', 'MAIN', 'CEDAR', 'ELM', 'GARCIA'];

function valueOf(field: DataField, random: () => number): string {
  // About one value in five is not filled, as in county records; one in 500 is wrong for its type.
  if (random() < 0.2) return '';
  if (field.type !== 'text' && random() < 0.002) return 'N/A';
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  switch (field.type) {
    case 'integer':
      return String(between(0, 4000));
    case 'decimal':
      return (random() * 180 - 90).toFixed(6);
    case 'money':
      return String(between(1, 2000) * 250);
    case 'date':
      return `${between(1960, 2026)}-${String(between(1, 12)).padStart(2, '0')}-${String(between(1, 28)).padStart(2, '0')}`;
    case 'boolean':
      return random() < 0.3 ? 'true' : 'false';
    case 'text': {
      const words = Array.from({ length: between(1, 3) }, () => WORDS[between(0, WORDS.length - 1)]);
      const text = `${words.join(' ')} ${between(1, 9999)}`;
      return random() < 0.05 ? `"${text}, UNIT ${between(1, 99)}"` : text;
    }
    case 'geometry':
      return '';
  }
}

/**
 * Writes the source file: each record is its identifiers and one of VARIANTS made-up values for
 * each of GROUPS groups of the other columns, so rows vary as real ones do without making every
 * value anew (the file is made in seconds, not minutes).
 */
async function generateSource(path: string, fips: string[]): Promise<{ records: number; bytes: number }> {
  const random = generator(20_261_125);
  const identifiers = ['parcel_id', 'county_fips', 'geometry_wkt'];
  const others = DATA_FIELDS.filter((field) => !identifiers.includes(field.name));
  const header = [...identifiers, ...others.map((field) => field.name)].join(',');
  // Each record's own lot, on a grid inside its county, so the shape checks judge real places.
  const origins = new Map(fips.map((code) => [code, lotOrigin(code)]));
  const lots = new Map(fips.map((code) => [code, 0]));
  const size = Math.ceil(others.length / GROUPS);
  const groups = Array.from({ length: GROUPS }, (_, g) => others.slice(g * size, (g + 1) * size));
  const variants = groups.map((group) =>
    Array.from({ length: VARIANTS }, () => group.map((field) => valueOf(field, random)).join(',')),
  );
  const gzip = createGzip({ level: 1 });
  const file = createWriteStream(path);
  gzip.pipe(file);
  let bytes = 0;
  const write = async (text: string) => {
    const chunk = Buffer.from(text);
    bytes += chunk.length;
    if (!gzip.write(chunk)) await once(gzip, 'drain');
  };
  await write(`${header}\n`);
  let records = 0;
  while (records < MIN_RECORDS || bytes < MIN_BYTES) {
    const county = fips[Math.floor(random() * fips.length)];
    const origin = origins.get(county)!;
    let lot = lots.get(county)!;
    const lines: string[] = [];
    for (let i = 0; i < RUN_LENGTH; i++) {
      records++;
      let line = `${county}-${String(records).padStart(9, '0')},${county},"${lotWkt(lot++, origin)}"`;
      for (let g = 0; g < GROUPS; g++) line += `,${variants[g][(random() * VARIANTS) | 0]}`;
      lines.push(line);
    }
    lots.set(county, lot);
    await write(`${lines.join('\n')}\n`);
  }
  gzip.end();
  await once(file, 'close');
  return { records, bytes };
}

export const benchReleaseIngest: BenchSection = async (app: BenchApp): Promise<ResultRow[]> => {
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  const rows = await db.query<{ fips: string }>(
    `SELECT fips FROM counties WHERE deleted_at IS NULL ORDER BY md5(fips) LIMIT ${COUNTIES}`,
  );
  await db.end();
  const fips = rows.rows.map((row) => row.fips);

  const dir = mkdtempSync(join(tmpdir(), 'cds-bench-ingest-'));
  const source = join(dir, 'national.csv.gz');
  const token = await adminToken(app.origin);
  const month = '2099-12';
  try {
    const generated = await generateSource(source, fips);
    const gzBytes = statSync(source).size;

    const yardstickStart = performance.now();
    const yardstick = spawnSync('bash', ['-c', `zcat '${source}' | gzip -6 > /dev/null`], { stdio: 'inherit' });
    if (yardstick.status !== 0) throw new Error('zcat | gzip -6 failed');
    const yardstickSeconds = (performance.now() - yardstickStart) / 1000;

    const created = await fetch(`${app.origin}/api/admin/releases`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ month }),
    });
    if (created.status !== 201)
      throw new Error(`creating the release answered ${created.status}: ${await created.text()}`);
    const release = (await created.json()) as { id: string };

    const workerBefore = restartPeakRss(app.workerPid);
    const start = performance.now();
    const accepted = await uploadFile(
      `${app.origin}/api/admin/releases/${release.id}/files`,
      token,
      source,
      'application/gzip',
    );
    if (accepted.status !== 202)
      throw new Error(`the upload answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
    const uploadSeconds = (performance.now() - start) / 1000;
    let job: { state: string; recordsRead: number; countiesFound: number; errors: string[] };
    for (;;) {
      const res = await fetch(`${app.origin}/api/admin/jobs/${accepted.body.id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      job = (await res.json()) as typeof job;
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const totalSeconds = (performance.now() - start) / 1000;
    if (job.state !== 'completed') throw new Error(`the ingest failed: ${job.errors.join('; ')}`);
    if (job.recordsRead !== generated.records || job.countiesFound !== fips.length) {
      throw new Error(`the ingest read ${job.recordsRead} records of ${job.countiesFound} counties`);
    }
    const ratio = yardstickSeconds / totalSeconds;
    const apiPeak = app.peakRssBytes();
    const workerPeak = peakRss(app.workerPid);
    // The comparisons the ingest queued, one a county, run before the next section starts (untimed).
    await settled(app, RELEASES_QUEUE);
    const mb = (bytes: number) => bytes / 1024 / 1024;
    return [
      [
        'release ingest: source file',
        `${figure(generated.records)} records with polygons in geometry_wkt, ${figure(mb(generated.bytes))} MiB CSV (${figure(mb(gzBytes))} MiB gzip), ${fips.length} counties, ${DATA_FIELDS.length} columns`,
      ],
      [
        'release ingest: zcat | gzip -6 > /dev/null',
        `${figure(yardstickSeconds, 1)} s (${figure(mb(generated.bytes) / yardstickSeconds)} MiB/s of CSV)`,
      ],
      [
        'release ingest: upload to completed job (API + worker)',
        `${figure(totalSeconds, 1)} s (upload and checks ${figure(uploadSeconds, 1)} s; ${figure(mb(generated.bytes) / totalSeconds)} MiB/s of CSV)`,
      ],
      [
        'release ingest: throughput ÷ zcat | gzip -6',
        `${figure(ratio, 2)} (target ≥ ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)})`,
      ],
      [
        'release ingest: API peak RSS',
        `${figure(mb(apiPeak))} MB (target < 300 MB: ${verdict(apiPeak < MEMORY_TARGET_BYTES)})`,
      ],
      [
        'release ingest: worker peak RSS',
        `${figure(mb(workerPeak))} MB (${figure(mb(workerBefore))} MB before the job; target < 300 MB: ${verdict(workerPeak < MEMORY_TARGET_BYTES)})`,
      ],
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(join(ROOT, 'var', 'datasets', 'releases', month), { recursive: true, force: true });
  }
};
