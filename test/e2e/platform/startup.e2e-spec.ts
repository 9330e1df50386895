import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../../bench/support/bench-app';
import { DEFAULT_WORKER_METRICS_PORT } from '../../../src/config/metrics.config';
import { eventually } from '../../support/eventually';
import { PRODUCTION_ENV as production } from '../../support/production-env';
import { createTestEnvironment, destroyTestEnvironment } from '../../support/test-app';

// The built entry points, run as an operator would run them (npm test builds first).
const root = join(__dirname, '..', '..', '..');

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'dist/src', entry)], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

function expectOneLine(stderr: string, ...fragments: string[]): void {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  for (const fragment of fragments) expect(lines[0]).toContain(fragment);
}

describe('Starting the store', () => {
  it('refuses a production start without a required variable, in one line naming it', async () => {
    const { SESSION_SECRET: _omitted, ...env } = production;
    const { code, stderr } = await run('main.js', env);
    expect(code).toBe(1);
    expectOneLine(stderr, 'API cannot start', 'SESSION_SECRET is required in production');
  });

  it('refuses a malformed DATABASE_URL in one line naming it', async () => {
    const { code, stderr } = await run('worker.js', { ...production, DATABASE_URL: 'mysql://localhost/store' });
    expect(code).toBe(1);
    expectOneLine(stderr, 'Worker cannot start', 'DATABASE_URL must be a postgres:// URL');
  });

  it('names DATABASE_URL and says how to start PostgreSQL when nothing answers there', async () => {
    const { code, stderr } = await run('main.js', {
      ...production,
      DATABASE_URL: 'postgres://postgres:hunter2hunter2@127.0.0.1:1/county_store',
    });
    expect(code).toBe(1);
    expectOneLine(stderr, 'PostgreSQL is not reachable at 127.0.0.1:1/county_store (DATABASE_URL)', 'pg_ctlcluster');
    expect(stderr).not.toContain('hunter2');
  });

  it('names REDIS_URL and says how to start Redis when nothing answers there', async () => {
    const { code, stderr } = await run('local.js', {
      DATABASE_URL: production.DATABASE_URL,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(code).toBe(1);
    expectOneLine(stderr, 'Redis is not reachable at 127.0.0.1:1 (REDIS_URL)', 'redis-server --daemonize yes');
  });

  it('names WORKER_METRICS_PORT when its port is taken, and stops before the worker takes any job', async () => {
    const environment = await createTestEnvironment();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const { code, stderr } = await run('worker.js', { ...environment.env, WORKER_METRICS_PORT: String(port) });
      expect(code).toBe(1);
      expectOneLine(stderr, 'Worker cannot start', `port ${port} (WORKER_METRICS_PORT) is in use`);
    } finally {
      taken.close();
      await destroyTestEnvironment(environment);
    }
  });

  it('takes a free port for the worker metrics of a second local start, and prints it in the banner', async () => {
    // The production port is taken, as by a store already running on this machine (or by one that is).
    const first = createServer();
    await new Promise<void>((resolve) => {
      first.once('error', () => resolve());
      first.listen(DEFAULT_WORKER_METRICS_PORT, resolve);
    });
    const environment = await createTestEnvironment();
    const { WORKER_METRICS_PORT: _unset, ...env } = environment.env;
    const child = spawn(process.execPath, [join(root, 'dist/src/local.js')], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env, PORT: String(await freePort()) },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const banner = await eventually(
        async () => /localhost:(\d+)\/metrics \(worker\)/.exec(output) ?? undefined,
        60_000,
      ).catch(() => {
        throw new Error(`npm start printed no worker metrics address:\n${output}`);
      });
      const port = Number(banner[1]);
      expect(port).not.toBe(DEFAULT_WORKER_METRICS_PORT);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('cds_jobs_');
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => (child.exitCode === null ? child.once('close', resolve) : resolve(null)));
      first.close();
      await destroyTestEnvironment(environment);
    }
  }, 90_000);

  it('tells a production API to run the migration step when its database does not exist yet', async () => {
    const { code, stderr } = await run('main.js', {
      ...production,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/cds_no_such_database',
    });
    expect(code).toBe(1);
    expectOneLine(stderr, 'Database "cds_no_such_database" does not exist (DATABASE_URL)', 'npm run migrate');
  });
});
