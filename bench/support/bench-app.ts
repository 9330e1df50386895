import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { readEnvironment } from '../../src/config/environment';
import { projectRoot } from '../../src/common/project-root';
import { prepareDatabase } from '../../src/database/prepare-database';

const ROOT = projectRoot();
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password-of-sufficient-length';

/** Cores the bench splits between the store and its load generator, when the machine has two or more. */
export const SERVER_CPU = 0;
export const CLIENT_CPU = 1;
const canPin = () => existsSync('/usr/bin/taskset') && cpus().length > 1;

const pinTo = (cores: string) =>
  execFileSync('taskset', ['-a', '-cp', cores, String(process.pid)], { stdio: 'ignore' });

/** Moves this process (the load generator) to its own core, so it does not steal the server's. */
export function pinLoadGenerator(): string {
  if (!canPin()) return 'not pinned (one core or no taskset)';
  pinTo(String(CLIENT_CPU));
  return `server on core ${SERVER_CPU}, load generator on core ${CLIENT_CPU}`;
}

/**
 * Runs work with this process and what it starts (Chromium, Lighthouse) free to use every core,
 * then pins it back. For the front-end section, where the server only hands out static files:
 * squeezed onto one core, Chromium's browser, renderer and compositor processes and Lighthouse
 * queue behind each other, and Lighthouse's mobile run multiplies that waiting by four.
 */
export async function onEveryCore<T>(work: () => Promise<T>): Promise<T> {
  if (!canPin()) return work();
  pinTo(`0-${cpus().length - 1}`);
  try {
    return await work();
  } finally {
    pinTo(String(CLIENT_CPU));
  }
}

/**
 * Runs work with a store process (all its threads) free to use every core, then puts it back on
 * the server core: for the data pipeline's jobs, which a worker runs on its machine's cores.
 */
export async function withProcessOnEveryCore<T>(pid: number, work: () => Promise<T>): Promise<T> {
  if (!canPin()) return work();
  const place = (cores: string) => execFileSync('taskset', ['-a', '-cp', cores, String(pid)], { stdio: 'ignore' });
  place(`0-${cpus().length - 1}`);
  try {
    return await work();
  } finally {
    place(String(SERVER_CPU));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A bench database URL beside the configured one, dropped first so every run starts from the seed. */
export async function freshDatabase(name: string): Promise<string> {
  const server = new URL(readEnvironment().DATABASE_URL as string);
  const admin = new Client({ connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  return Object.assign(new URL(server), { pathname: `/${name}` }).toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export interface BenchApp {
  origin: string;
  databaseUrl: string;
  /** The API process (the Stripe simulator runs inside it, as a stand-in for Stripe). */
  pid: number;
  /** The worker process (receipts, deliveries, the journey rollup). */
  workerPid: number;
  /** Where the store writes the emails it sends (one .eml file each, named by message key). */
  outboxDir: string;
  /** The API process's peak resident memory so far, in bytes (the kernel's high-water mark). */
  peakRssBytes(): number;
  stop(): Promise<void>;
}

/** The arguments after `node` of an npm script such as start:api, so the bench runs what production runs. */
export function nodeArgumentsOf(script: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const [command, ...args] = scripts[script].split(' ');
  if (command !== 'node') throw new Error(`npm run ${script} does not start node: ${scripts[script]}`);
  return args;
}

/** A store process on the server core, with its output kept for when it fails to start. */
function spawnOnServerCore(nodeArgs: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  const command = canPin() ? 'taskset' : process.execPath;
  const args = canPin() ? ['-c', String(SERVER_CPU), process.execPath, ...nodeArgs] : nodeArgs;
  // taskset execs node in its own place, so the child's pid is node's.
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const hear = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', hear);
  child.stderr.on('data', hear);
  return { child, output: () => output };
}

async function untilHealthy(origin: string, api: { child: ChildProcess; output: () => string }): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (api.child.exitCode !== null)
      throw new Error(`the API exited (${api.child.exitCode}) while starting:\n${api.output()}`);
    const healthy = await fetch(`${origin}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not answer /api/health in 120 s:\n${api.output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built store as production runs it — the API and the worker as two processes, with
 * the commands of npm run start:api and start:worker, both on the server core — against a database of its
 * own, prepared as `npm start` prepares it. Outside production the API holds the Stripe
 * simulator, so the API's figures include the stand-in for Stripe's servers.
 */
export async function startBenchApp(database: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const databaseUrl = await freshDatabase(database);
  await prepareDatabase(databaseUrl);
  const port = await freePort();
  const redisPrefix = `bench-${database}`;
  const outbox = mkdtempSync(join(tmpdir(), 'cds-bench-mail-'));
  const storeEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    REDIS_KEY_PREFIX: redisPrefix,
    // Receipts of thousands of bench purchases go to a folder of their own, removed afterwards.
    MAIL_OUTBOX_DIR: outbox,
    // Any free port for the worker's metrics, so a store running on this machine does not stop the bench.
    WORKER_METRICS_PORT: '0',
    ...env,
  };
  const worker = spawnOnServerCore(nodeArgumentsOf('start:worker'), storeEnv);
  const api = spawnOnServerCore(nodeArgumentsOf('start:api'), storeEnv);
  const origin = `http://127.0.0.1:${port}`;
  await untilHealthy(origin, api);
  const pid = api.child.pid!;
  return {
    origin,
    databaseUrl,
    pid,
    workerPid: worker.child.pid!,
    outboxDir: outbox,
    peakRssBytes: () => peakRss(pid),
    stop: async () => {
      await Promise.all([stopProcess(api.child), stopProcess(worker.child)]);
      rmSync(outbox, { recursive: true, force: true });
      await deleteRedisKeys(`${redisPrefix}:`);
    },
  };
}

/** A process's peak resident memory in bytes (Linux's VmHWM), NaN when it cannot be read. */
export function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/**
 * Starts a process's peak resident memory afresh from what it holds now (Linux: 5 to clear_refs), so
 * a section's peak is its own work's, not an earlier section's. Answers the memory it holds now.
 */
export function restartPeakRss(pid: number): number {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return peakRss(pid);
}

/** Removes what a bench store left in Redis (queues, rate-limit counters) under its prefix. */
async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(readEnvironment().REDIS_URL as string, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/** Signs in to the admin API and returns the token. */
export async function adminToken(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: BENCH_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** POSTs JSON with a bearer token (staff's or a customer's) and answers the JSON; any other status throws with the answer. */
export function poster(origin: string, token: string) {
  return async <T = { id: string }>(path: string, body: object): Promise<T> => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
