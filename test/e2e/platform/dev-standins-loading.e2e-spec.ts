import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { freePort } from '../../../bench/support/bench-app';
import { eventually } from '../../support/eventually';
import { PRODUCTION_ENV } from '../../support/production-env';
import { createTestEnvironment, destroyTestEnvironment, TestEnvironment } from '../../support/test-app';

// The built entry points, run as an operator would run them (npm test builds first).
const root = join(__dirname, '..', '..', '..');
const built = (path: string) => join(root, 'dist', 'src', path);
const DEV_DIR = built('dev') + sep;
const RECORDER = join(__dirname, '..', '..', 'support', 'record-loaded-modules.js');

const SIMULATOR = built('dev/stripe-simulator/stripe-simulator.js');
const STRIPE_JS_STANDIN = built('dev/stripe-simulator/stripe-js-standin.js');
const SIGN_IN_PROVIDER = built('dev/oidc-provider/dev-oidc-provider.js');
const MAIL_OUTBOX_VIEWER = built('dev/mail-outbox-viewer.js');
// The modules that decide whether to load a stand-in: a production process must load these, and stop there.
const DECIDERS = [built('integrations/stripe/stripe-simulator.provider.js'), built('app.setup.js')];

const WORKER_READY = 'Worker connected to PostgreSQL and Redis';
// Generous: a local start makes the sign-in provider's keys, and these machines run other tests beside this one.
const STARTUP_MS = 60_000;

/**
 * Runs a built entry point with the recorder preloaded, lets `use` exercise
 * it, stops it with SIGTERM as a deployment does, and answers every module
 * the process asked for.
 */
async function modulesLoadedBy(
  entry: 'main.js' | 'worker.js',
  env: Record<string, string>,
  use: (output: () => string) => Promise<void>,
): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cds-modules-'));
  const file = join(dir, 'loaded.json');
  const child = spawn(process.execPath, ['--require', RECORDER, built(entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, LOADED_MODULES_FILE: file },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const endedEarly = exited.then((code) => {
    throw new Error(`exited with ${code} before the test was done`);
  });
  try {
    await Promise.race([use(() => output), endedEarly]).catch((error: Error) => {
      throw new Error(`${entry}: ${error.message}\n${output}`);
    });
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
  try {
    if (!existsSync(file)) throw new Error(`${entry} did not exit cleanly on SIGTERM:\n${output}`);
    return JSON.parse(readFileSync(file, 'utf8')) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the API on a free port, waits until it is healthy, then asks for every stand-in's address. */
async function apiModules(
  env: Record<string, string>,
): Promise<{ loaded: string[]; statuses: Record<string, number> }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const statuses: Record<string, number> = {};
  const loaded = await modulesLoadedBy('main.js', { PUBLIC_URL: origin, ...env, PORT: String(port) }, async () => {
    await eventually(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.ok, STARTUP_MS);
    for (const path of [
      '/api/checkout/config',
      '/api/login',
      '/dev/stripe.js',
      '/dev/oidc/.well-known/openid-configuration',
      '/dev/mail',
    ])
      statuses[path] = (await fetch(`${origin}${path}`, { redirect: 'manual' })).status;
  });
  return { loaded, statuses };
}

function workerModules(env: Record<string, string>): Promise<string[]> {
  return modulesLoadedBy('worker.js', { ...env, LOG_LEVEL: 'info' }, async (output) => {
    await eventually(async () => output().includes(WORKER_READY), STARTUP_MS);
  });
}

const fromDev = (loaded: string[]) => loaded.filter((path) => path.startsWith(DEV_DIR));

describe('The development stand-ins’ code (src/dev)', () => {
  let environment: TestEnvironment;
  // Production settings without Stripe, OpenID or a reachable SMTP server: every stand-in would be wanted, none may load.
  const production = () => ({
    ...environment.env,
    ...PRODUCTION_ENV,
    DATABASE_URL: environment.env.DATABASE_URL,
    LOG_LEVEL: 'silent',
  });
  // Locally, with no Stripe key, OpenID issuer or SMTP server, every stand-in steps in.
  const local = () => ({ ...environment.env, NODE_ENV: 'development' });

  beforeAll(async () => {
    environment = await createTestEnvironment();
  });

  afterAll(async () => {
    if (environment) await destroyTestEnvironment(environment);
  });

  it('is never loaded by a production API or worker, even when asked for a stand-in’s page', async () => {
    const [api, worker] = await Promise.all([apiModules(production()), workerModules(production())]);
    expect(api.statuses).toEqual({
      '/api/checkout/config': 200,
      '/api/login': 503,
      '/dev/stripe.js': 404,
      '/dev/oidc/.well-known/openid-configuration': 404,
      '/dev/mail': 404,
    });
    expect(api.loaded).toEqual(expect.arrayContaining(DECIDERS));
    expect(fromDev(api.loaded)).toEqual([]);
    expect(worker).toContain(DECIDERS[0]);
    expect(fromDev(worker)).toEqual([]);
  }, 150_000);

  it('is loaded outside production, where the stand-ins run', async () => {
    const [api, worker] = await Promise.all([apiModules(local()), workerModules(local())]);
    expect(api.statuses).toEqual({
      '/api/checkout/config': 200,
      '/api/login': 302,
      '/dev/stripe.js': 200,
      '/dev/oidc/.well-known/openid-configuration': 200,
      '/dev/mail': 200,
    });
    expect(api.loaded).toEqual(
      expect.arrayContaining([SIMULATOR, STRIPE_JS_STANDIN, SIGN_IN_PROVIDER, MAIL_OUTBOX_VIEWER]),
    );
    expect(worker).toContain(SIMULATOR);
  }, 150_000);
});
