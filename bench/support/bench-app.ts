import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { readEnvironment } from '../../src/config/environment';

const ROOT = join(__dirname, '..', '..', '..');
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password-of-sufficient-length';

/** Cores the bench splits between the store and its load generator, when the machine has two or more. */
export const SERVER_CPU = 0;
export const CLIENT_CPU = 1;
const canPin = () => existsSync('/usr/bin/taskset') && require('node:os').cpus().length > 1;

/** Moves this process (the load generator) to its own core, so it does not steal the server's. */
export function pinLoadGenerator(): string {
  if (!canPin()) return 'not pinned (one core or no taskset)';
  execFileSync('taskset', ['-a', '-cp', String(CLIENT_CPU), String(process.pid)], { stdio: 'ignore' });
  return `server on core ${SERVER_CPU}, load generator on core ${CLIENT_CPU}`;
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
  pid: number;
  /** The API process's peak resident memory so far, in bytes (the kernel's high-water mark). */
  peakRssBytes(): number;
  stop(): Promise<void>;
}

/**
 * Starts the built store as `npm start` runs it (API, worker and the local stand-ins: the Stripe
 * simulator among them) in its own process on the server core, against a database of its own.
 */
export async function startBenchApp(database: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const databaseUrl = await freshDatabase(database);
  const port = await freePort();
  const redisPrefix = `bench-${database}`;
  const outbox = mkdtempSync(join(tmpdir(), 'cds-bench-mail-'));
  const command = canPin() ? 'taskset' : process.execPath;
  const args = canPin() ? ['-c', String(SERVER_CPU), process.execPath, 'dist/src/local.js'] : ['dist/src/local.js'];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
      REDIS_KEY_PREFIX: redisPrefix,
      // Receipts of thousands of bench purchases go to a folder of their own, removed afterwards.
      MAIL_OUTBOX_DIR: outbox,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the store did not start in 120 s:\n${output}`)), 120_000);
    const hear = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => reject(new Error(`the store exited (${code}) while starting:\n${output}`)));
  });
  const pid = child.pid!;
  return {
    origin: `http://127.0.0.1:${port}`,
    databaseUrl,
    pid,
    peakRssBytes: () => {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : NaN;
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(outbox, { recursive: true, force: true });
      await deleteRedisKeys(`${redisPrefix}:`);
    },
  };
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

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
