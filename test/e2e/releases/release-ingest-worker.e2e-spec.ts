import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, type ReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { IngestJobsRepository } from '../../../src/modules/releases/ingest/ingest-jobs.repository';
import { countyFileKey, IngestService } from '../../../src/modules/releases/ingest/ingest.service';
import { ReleasesRepository } from '../../../src/modules/releases/releases.repository';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

/** Small, so that a gzip bomb of a few KB passes it; what a job unzips stays far below. */
const UNZIPPED_LIMIT = 1024 * 1024;
const BOMB_MESSAGE =
  'The file unzips to more than the limit of 1 MiB (1048576 bytes) of CSV, set by RELEASE_FILE_MAX_UNZIPPED_BYTES; is it a gzip bomb, or compressed more than once?';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A county's records, told apart by `tag` in the owner's name. */
const countyCsv = (fips: string, records: number, tag: string) =>
  Buffer.from(
    `parcel_id,county_fips,owner_name\n${Array.from({ length: records }, (_, n) => `${fips}-${n + 1},${fips},${tag} ${n + 1}`).join('\n')}\n`,
  );

/** About 4 KB of gzip that unzips to 4 MiB of sound CSV records. */
const gzipBomb = () => gzipSync(Buffer.from(`parcel_id,county_fips\n${'1,24510\n'.repeat(512 * 1024)}`), { level: 9 });

function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('Release ingest in the worker: one county from two jobs at once, size bounds, and its work folder', () => {
  const context = useTestApp({
    worker: true,
    env: { RELEASE_FILE_MAX_UNZIPPED_BYTES: String(UNZIPPED_LIMIT) },
  });
  const db = () => context.store.db;
  const dataDir = () => context.environment.env.DATA_DIR;
  let ingest: IngestService;
  let storage: DatasetStorage;
  let months = 0;

  beforeAll(() => {
    const worker = context.worker!;
    ingest = worker.get(IngestService, { strict: false });
    storage = worker.get(DatasetStorage, { strict: false });
  });

  afterEach(() => jest.restoreAllMocks());

  /** The work folders of the runs from now on: what the service's split is handed. */
  function watchWorkFolders(): () => string[] {
    const spy = jest.spyOn(ingest as unknown as { ingest(job: unknown, dir: string): Promise<string> }, 'ingest');
    return () => spy.mock.calls.map((call) => call[1]);
  }

  const counties = (): Promise<{ id: string; fips: string }[]> =>
    db().query(`SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 2`);

  async function draft(): Promise<{ id: string; month: string }> {
    months++;
    const month = `2041-${String(months).padStart(2, '0')}`;
    const release = await context.worker!.get(ReleasesRepository, { strict: false }).create(month);
    return { id: release!.id, month };
  }

  /** A source file staged as the API stages one, and its job recorded (not queued: the test runs it). */
  async function stage(release: { id: string; month: string }, countyId: string | null, body: Buffer): Promise<string> {
    const id = randomUUID();
    const stagedKey = `releases/${release.month}/incoming/${id}.upload`;
    await storage.put(stagedKey, body);
    await context.worker!.get(IngestJobsRepository, { strict: false }).create({
      id,
      releaseId: release.id,
      countyId,
      stagedKey,
      stagedBytes: body.length,
      gzipped: body[0] === 0x1f && body[1] === 0x8b,
    });
    return id;
  }

  it('keeps a county’s stored bytes and its record together when two jobs ingest it at once, leaving one file', async () => {
    const release = await draft();
    const [county]: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
    );
    // A corrected county file, and a national file holding the same county.
    const countyJob = await stage(release, county.id, gzipSync(countyCsv(county.fips, 3, 'Corrected')));
    const nationalJob = await stage(release, null, gzipSync(countyCsv(county.fips, 5, 'National')));

    // The county job stores its file, then waits while the national job stores and records its own.
    const put = storage.putStream.bind(storage);
    let countyStored!: () => void;
    const stored = new Promise<void>((resolve) => (countyStored = resolve));
    let nationalDone!: () => void;
    const resumed = new Promise<void>((resolve) => (nationalDone = resolve));
    const workFolders: string[] = [];
    let first = true;
    jest.spyOn(storage, 'putStream').mockImplementation(async (key: string, source: Readable) => {
      workFolders.push(dirname(String((source as ReadStream).path)));
      await put(key, source);
      if (first && key.includes('/counties/')) {
        first = false;
        countyStored();
        await resumed;
      }
    });
    const countyRun = ingest.run(countyJob, true);
    await stored;
    await expect(ingest.run(nationalJob, true)).resolves.toMatchObject({ done: 'completed' });
    nationalDone();
    await expect(countyRun).resolves.toMatchObject({ done: 'completed' });

    // The county job recorded last: its record, and its bytes under the recorded key.
    const files: { storage_key: string; sha256: string; bytes: string; records: number }[] = await db().query(
      `SELECT storage_key, sha256, bytes, records FROM county_datasets
       WHERE release_id = $1 AND county_id = $2 AND kind = 'full' AND format = 'csv'`,
      [release.id, county.id],
    );
    expect(files).toHaveLength(1);
    const [file] = files;
    const bytes = readFileSync(join(dataDir(), file.storage_key));
    expect(sha256(bytes)).toBe(file.sha256);
    expect(bytes.length).toBe(Number(file.bytes));
    expect(file.records).toBe(3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(countyCsv(county.fips, 3, 'Corrected').toString('utf8'));
    const [qa] = await db().query(`SELECT records FROM release_counties WHERE release_id = $1 AND county_id = $2`, [
      release.id,
      county.id,
    ]);
    expect(qa).toEqual({ records: 3 });
    // The national job's file, replaced, is gone; so are both staged files.
    expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([join(dataDir(), file.storage_key)]);

    // Each run split in a folder of its own, unguessable and private, removed once done.
    expect(new Set(workFolders).size).toBe(2);
    for (const folder of workFolders) {
      expect(dirname(folder)).toBe(tmpdir());
      expect(basename(folder)).toMatch(/^cds-ingest-\w{6}$/);
      expect(existsSync(folder)).toBe(false);
    }
  });

  it('removes a file it stored but could not record: the release was published meanwhile', async () => {
    const release = await draft();
    const [county]: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
    );
    const job = await stage(release, county.id, gzipSync(countyCsv(county.fips, 2, 'Late')));
    const put = storage.putStream.bind(storage);
    let folder = '';
    jest.spyOn(storage, 'putStream').mockImplementation(async (key: string, source: Readable) => {
      folder = dirname(String((source as ReadStream).path));
      expect(statSync(folder).mode & 0o777).toBe(0o700);
      await put(key, source);
      await db().query(`UPDATE releases SET status = 'published', published_at = now() WHERE id = $1`, [release.id]);
    });
    await expect(ingest.run(job, true)).resolves.toEqual({
      done: 'failed',
      message: `The ${release.month} release was published while this file was ingested; releases are immutable once published`,
    });
    expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([]);
    expect(basename(folder)).toMatch(/^cds-ingest-\w{6}$/);
    expect(existsSync(folder)).toBe(false);
  });

  describe('a run cut short after storing a county file and before recording it (the worker died)', () => {
    /** What such a run leaves: its job running, the county file stored under the job's key, and that key noted. */
    async function cutShort(countyId: string | null, fips: string, body: Buffer) {
      const release = await draft();
      const job = await stage(release, countyId, body);
      const leftKey = countyFileKey(release.month, fips, job);
      await storage.put(leftKey, gzipSync(countyCsv(fips, 1, 'Half done')));
      await db().query(`UPDATE ingest_jobs SET state = 'running', attempts = 1, storing_key = $2 WHERE id = $1`, [
        job,
        leftKey,
      ]);
      return { release, job, leftKey };
    }

    it('leaves no file behind when the job is given up', async () => {
      const [county] = await counties();
      const { release, job } = await cutShort(county.id, county.fips, gzipSync(countyCsv(county.fips, 2, 'Given up')));
      await ingest.abandon(job, 'the job stalled more than allowed');
      expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([]);
      const [row] = await db().query(`SELECT state, staged_key, storing_key FROM ingest_jobs WHERE id = $1`, [job]);
      expect(row).toEqual({ state: 'failed', staged_key: null, storing_key: null });
    });

    it('leaves no file behind when the job runs again, even one of a county the file no longer holds', async () => {
      const [county, other] = await counties();
      // The file left is of `other`; the job's file, as read this time, holds only `county`.
      const { release, job } = await cutShort(null, other.fips, gzipSync(countyCsv(county.fips, 2, 'Again')));
      await expect(ingest.run(job, true)).resolves.toMatchObject({ done: 'completed' });
      const [file]: { storage_key: string }[] = await db().query(
        `SELECT storage_key FROM county_datasets WHERE release_id = $1`,
        [release.id],
      );
      expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([join(dataDir(), file.storage_key)]);
      const [row] = await db().query(`SELECT storing_key FROM ingest_jobs WHERE id = $1`, [job]);
      expect(row).toEqual({ storing_key: null });
    });

    it('keeps the file when a record names it: the run was cut short after recording', async () => {
      const [county] = await counties();
      const { release, job, leftKey } = await cutShort(
        county.id,
        county.fips,
        gzipSync(countyCsv(county.fips, 2, 'Recorded')),
      );
      await db().query(
        `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, release_id, kind, format,
           schema_version)
         VALUES ($1, $2, $3, 1, 'x', 1, 'uploaded', $4, 'full', 'csv', '1.1.0')`,
        [county.id, release.month, leftKey, release.id],
      );
      await ingest.abandon(job, 'the job stalled more than allowed');
      expect(filesIn(join(dataDir(), 'releases', release.month, 'counties'))).toEqual([join(dataDir(), leftKey)]);
    });
  });

  it('fails a job whose file unzips to more than RELEASE_FILE_MAX_UNZIPPED_BYTES, naming the limit, leaving nothing', async () => {
    const release = await draft();
    const bomb = gzipBomb();
    expect(bomb.length).toBeLessThan(16 * 1024);
    const job = await stage(release, null, bomb);
    const folders = watchWorkFolders();
    // Not a passing failure: no retry follows, even when more attempts are left.
    await expect(ingest.run(job, false)).resolves.toEqual({ done: 'failed', message: BOMB_MESSAGE });
    const [row] = await db().query(`SELECT state, errors, staged_key FROM ingest_jobs WHERE id = $1`, [job]);
    expect(row).toEqual({ state: 'failed', errors: [BOMB_MESSAGE], staged_key: null });
    expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([]);
    expect(folders()).toHaveLength(1);
    expect(existsSync(folders()[0])).toBe(false);
  });

  it('refuses the same file on arrival with 413 naming the limit, staging nothing', async () => {
    const release = await draft();
    const login = await request(context.store.server)
      .post('/api/admin/login')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    const res = await request(context.store.server)
      .post(`/api/admin/releases/${release.id}/files`)
      .set('Authorization', `Bearer ${login.body.token}`)
      .set('Content-Type', 'application/gzip')
      .send(gzipBomb());
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, message: BOMB_MESSAGE, error: 'Payload Too Large' });
    expect(await db().query(`SELECT id FROM ingest_jobs WHERE release_id = $1`, [release.id])).toEqual([]);
    expect(filesIn(join(dataDir(), 'releases', release.month))).toEqual([]);
  });
});
