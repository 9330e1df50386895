/**
 * Section: serving a 300 MB county file from local storage. A store of its own (local files, as
 * `npm start`) sells one county; its file is replaced by 300 MB of incompressible bytes, and 20
 * buyers download it whole at the same time through GET /api/downloads/:token (the link checked,
 * the file streamed with Range support). The same 20 downloads from a bare node:http server that
 * streams the same file, on the same core, set the ceiling: store ÷ bare throughput, target ≥ 0.8,
 * rounds alternating, median of 3. The API's peak RSS must stay under 300 MB.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { DownloadTokens } from '../src/modules/downloads/download-token';
import { freePort, SERVER_CPU, startBenchApp } from './support/bench-app';
import { soldCountyFile } from './support/sold-file';
import { figure, verdict, type ResultRow } from './support/section';

const FILE_BYTES = 300 * 1024 * 1024;
const BUYERS = 20;
const ROUNDS = 3;
const TARGET_RATIO = 0.8;
const TARGET_RSS_BYTES = 300 * 1024 * 1024;
const KEY = 'bench/large-county.csv.gz';

/** A node:http server that streams one file to every GET, as plainly as Node can. */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { createReadStream, statSync } = require('node:fs');
const [file, port] = process.argv.slice(1);
const size = statSync(file).size;
createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': size });
  createReadStream(file).pipe(res);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;

async function startBareServer(file: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const pin = existsSync('/usr/bin/taskset') && cpus().length > 1;
  const args = ['-e', BARE_SERVER, file, String(port)];
  const child = pin
    ? spawn('taskset', ['-c', String(SERVER_CPU), process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) while starting`)));
  });
  return { url: `http://127.0.0.1:${port}/`, child };
}

/** 20 whole downloads at once; answers the bytes a second over all of them. */
async function downloadAll(url: string): Promise<number> {
  const start = performance.now();
  const sizes = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const res = await fetch(url);
      if (res.status !== 200 || !res.body) throw new Error(`a download answered ${res.status}`);
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return bytes;
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  if (sizes.some((bytes) => bytes !== FILE_BYTES)) throw new Error(`a download ended early: ${sizes.join(', ')} bytes`);
  return (BUYERS * FILE_BYTES) / seconds;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchLocalDownloads(): Promise<ResultRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cds-bench-downloads-'));
  const sessionSecret = randomBytes(32).toString('hex');
  const app = await startBenchApp('cds_bench_downloads', { SESSION_SECRET: sessionSecret, DATA_DIR: dataDir });
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    const grant = await soldCountyFile(app.origin, db, { email: 'bench-downloads@example.com', address: '10.77.0.2' });

    // The county's file becomes 300 MB of random bytes (gzip cannot shrink them, nor can anything on the way).
    const path = join(dataDir, KEY);
    mkdirSync(join(dataDir, 'bench'), { recursive: true });
    const sha256 = createHash('sha256');
    const chunks = function* () {
      for (let written = 0; written < FILE_BYTES; written += 1024 * 1024) {
        const chunk = randomBytes(1024 * 1024);
        sha256.update(chunk);
        yield chunk;
      }
    };
    await pipeline(Readable.from(chunks()), createWriteStream(path));
    await db.query(`UPDATE county_datasets SET storage_key = $2, bytes = $3, sha256 = $4 WHERE id = $1`, [
      grant.datasetId,
      KEY,
      FILE_BYTES,
      sha256.digest('hex'),
    ]);
    const { token } = new DownloadTokens(sessionSecret).issue({
      subscriptionId: grant.subscriptionId,
      datasetId: grant.datasetId,
    });
    const storeUrl = `${app.origin}/api/downloads/${token}`;
    bare = await startBareServer(path);

    // Warm both (the page cache holds the file after the first read), then alternate rounds.
    await downloadAll(storeUrl);
    await downloadAll(bare.url);
    const store: number[] = [];
    const plain: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      store.push(await downloadAll(storeUrl));
      plain.push(await downloadAll(bare.url));
    }
    const ratio = median(store) / median(plain);
    const rss = app.peakRssBytes();
    const mbps = (bytesPerSecond: number) => `${figure(bytesPerSecond / 1024 / 1024)} MB/s`;
    return [
      [
        'Local download of a 300 MB file, 20 at once: store ÷ bare node:http',
        `${figure(ratio, 2)} (store ${mbps(median(store))} ÷ bare ${mbps(median(plain))}, median of ${ROUNDS} ` +
          `alternating rounds; target ≥ ${TARGET_RATIO}: ${verdict(ratio >= TARGET_RATIO)})`,
      ],
      [
        'API peak RSS while serving them',
        `${figure(rss / 1024 / 1024)} MB (target < 300 MB: ${verdict(rss < TARGET_RSS_BYTES)})`,
      ],
    ];
  } finally {
    bare?.child.kill('SIGTERM');
    await db.end();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
