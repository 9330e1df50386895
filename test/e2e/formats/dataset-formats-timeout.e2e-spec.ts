import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { makeRelease, monthsAgo } from '../../support/releases';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { killAllWorkers, WorkerProcess } from '../../support/worker-process';

const TIMEOUT_MESSAGE = 'ogr2ogr did not finish within its time limit of 1 s (OGR2OGR_TIMEOUT_SECONDS) and was stopped';

/** Whether a process has ended (gone, or a zombie no one has reaped yet). */
function ended(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}

describe('Format conversions: a hung ogr2ogr is stopped at OGR2OGR_TIMEOUT_SECONDS', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let worker: WorkerProcess;
  // Where the worker finds its ogr2ogr: a stand-in that hangs, as a stuck GDAL run would.
  let gdal: string;

  beforeAll(async () => {
    gdal = mkdtempSync(join(tmpdir(), 'cds-hung-gdal-'));
    writeFileSync(join(gdal, 'ogr2ogr'), `#!/bin/sh\nsleep 600 &\necho "$$ $!" >> "${gdal}/pids"\nwait\n`);
    chmodSync(join(gdal, 'ogr2ogr'), 0o755);
    environment = await createTestEnvironment({ OGR2OGR_TIMEOUT_SECONDS: '1' });
    store = await startTestApp(environment);
    worker = WorkerProcess.start({ ...environment.env, PATH: `${gdal}:${process.env.PATH}`, LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    await killAllWorkers();
    await store?.close();
    if (environment) await destroyTestEnvironment(environment);
    rmSync(gdal, { recursive: true, force: true });
  });

  it('fails each GDAL conversion with a clear error after the limit, kills the run, and goes on with the queue', async () => {
    const [county]: { id: string }[] = await store.db.query(`SELECT id FROM counties WHERE fips = '24510'`);
    const started = Date.now();
    // Publishing queues every format of the county's file.
    const release = await makeRelease(store.app, monthsAgo(1), [{ countyId: county.id }]);
    const [csv]: { id: string }[] = await store.db.query(
      `SELECT id FROM county_datasets WHERE release_id = $1 AND kind = 'full' AND format = 'csv'`,
      [release.releaseId],
    );
    type Conversion = { format: string; state: string; attempts: number; error: string | null };
    const conversions = await eventually(async () => {
      const rows: Conversion[] = await store.db.query(
        `SELECT format, state, attempts, error FROM dataset_conversions WHERE dataset_id = $1 AND format <> 'parquet'
         ORDER BY format`,
        [csv.id],
      );
      return rows.length === 3 && rows.every((row) => row.attempts >= 1 && row.error !== null) && rows;
    }, 60_000).catch((error: Error) => {
      throw new Error(`${error.message}; the worker said:\n${worker.log}`);
    });
    expect(conversions.map(({ format, error }) => ({ format, error }))).toEqual(
      ['geojson', 'gpkg', 'shp'].map((format) => ({ format, error: TIMEOUT_MESSAGE })),
    );
    // A failed attempt is retried later, as any failure is; nothing was recorded as made.
    expect(conversions.every((row) => row.state === 'queued' || row.state === 'failed')).toBe(true);
    expect(Date.now() - started).toBeLessThan(45_000);
    // The queue went on: the Parquet file, made without GDAL, is there.
    await eventually(async () => {
      const rows: unknown[] = await store.db.query(
        `SELECT 1 FROM county_datasets WHERE derived_from = $1 AND format = 'parquet'`,
        [csv.id],
      );
      return rows.length === 1;
    }, 60_000);
    // Every stopped run is gone, the stand-in's own child included.
    const pids = readFileSync(join(gdal, 'pids'), 'utf8').trim().split(/\s+/).map(Number);
    expect(pids.length).toBeGreaterThanOrEqual(6);
    const stillRunning = () => pids.filter((pid) => !ended(pid));
    // A run under way at this moment (a retry) may still be alive: it is stopped within its second.
    await eventually(async () => stillRunning().length === 0 || undefined, 5_000).catch(() => {
      throw new Error(`Processes still running: ${stillRunning().join(', ')}`);
    });
  }, 120_000);
});
