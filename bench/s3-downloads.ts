/**
 * Section: downloads from object storage. A store of its own runs with STORAGE_URL on a local
 * S3-compatible server (s3rver, started here): GET /api/downloads/:token is then the link's check,
 * a presign and a 302, and the file's bytes come from the store, not the API. Measured: the API
 * process's CPU time per download (its utime + stime from /proc over many downloads, 20 at a
 * time) and the downloads it answers per second. One answer is followed to check that the
 * presigned URL gives the file's bytes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import S3rver from 's3rver';
import { DownloadTokens } from '../src/modules/downloads/download-token';
import { startBenchApp } from './support/bench-app';
import { cpuSeconds } from './support/load';
import { soldCountyFile } from './support/sold-file';
import { figure, type ResultRow } from './support/section';

const DOWNLOADS = 2000;
const CONCURRENCY = 20;
const BUCKET = 'bench-files';
export async function benchS3Downloads(): Promise<ResultRow[]> {
  const directory = mkdtempSync(join(tmpdir(), 'cds-bench-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await startBenchApp('cds_bench_s3', {
    SESSION_SECRET: sessionSecret,
    STORAGE_URL: `s3://${BUCKET}/store`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  try {
    const grant = await soldCountyFile(app.origin, db, { email: 'bench-s3@example.com', address: '10.77.0.1' });
    const { token } = new DownloadTokens(sessionSecret).issue({
      subscriptionId: grant.subscriptionId,
      datasetId: grant.datasetId,
    });
    const url = `${app.origin}/api/downloads/${token}`;

    const first = await fetch(url, { redirect: 'manual' });
    const location = first.headers.get('location');
    if (first.status !== 302 || !location) throw new Error(`a download answered ${first.status}, not 302`);
    const file = Buffer.from(await (await fetch(location)).arrayBuffer());
    if (file.length !== grant.bytes) throw new Error(`the presigned URL gave ${file.length} bytes, not ${grant.bytes}`);

    // Warm up, then count.
    for (let i = 0; i < 200; i++) await (await fetch(url, { redirect: 'manual' })).arrayBuffer();
    const cpuBefore = cpuSeconds(app.pid);
    const start = performance.now();
    let next = 0;
    let wrong = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DOWNLOADS) {
          next++;
          const res = await fetch(url, { redirect: 'manual' });
          await res.arrayBuffer();
          if (res.status !== 302) wrong++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const cpuPerDownload = ((cpuSeconds(app.pid) - cpuBefore) * 1000) / DOWNLOADS;
    if (wrong) throw new Error(`${wrong} of ${DOWNLOADS} downloads did not answer 302`);
    return [
      [
        'S3 download (token check, presign, 302): API CPU per download',
        `${figure(cpuPerDownload, 2)} ms (${figure(grant.bytes / 1024)} KiB file, none of it through the API)`,
      ],
      ['S3 downloads answered per second, 20 at a time', `${figure(DOWNLOADS / seconds)} /s`],
    ];
  } finally {
    await db.end();
    await app.stop();
    await s3.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
