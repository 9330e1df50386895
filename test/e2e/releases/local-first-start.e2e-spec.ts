import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../../bench/support/bench-app';
import { monthBefore } from '../../../src/modules/releases/sample-releases.service';
import { releaseOf } from '../../../src/modules/releases';
import { eventually } from '../../support/eventually';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  TEST_ADMIN_PASSWORD,
  type TestEnvironment,
} from '../../support/test-app';

const root = join(__dirname, '..', '..', '..');

interface LocalStore {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `npm start` as a developer runs it (the built `dist/src/local.js`), on the test file's database,
 * with Delaware's three counties as its sample (the default's 47 take a minute or two).
 */
async function startLocalStore(environment: TestEnvironment, sampleStates = 'DE'): Promise<LocalStore> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist/src/local.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...environment.env,
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      SAMPLE_RELEASE_STATES: sampleStates,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(async () => output.includes('is running at') || child.exitCode !== null, 60_000);
  if (child.exitCode !== null) throw new Error(`npm start stopped:\n${output}`);
  return {
    url,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function adminGet<T>(store: LocalStore, token: string, path: string): Promise<T> {
  const res = await fetch(`${store.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

describe('A fresh local store', () => {
  let environment: TestEnvironment;
  const thisMonth = releaseOf(new Date());
  const lastMonth = monthBefore(thisMonth);

  beforeAll(async () => {
    environment = await createTestEnvironment({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  });
  afterAll(() => destroyTestEnvironment(environment));

  it('publishes last month and this month through the release pipeline on its first start, and only then', async () => {
    const store = await startLocalStore(environment);
    try {
      // The line below the banner, printed with it (they may arrive in two pieces).
      await eventually(async () => store.output().includes('generated data for DE '), 5_000);
      const login = await fetch(`${store.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: TEST_ADMIN_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };

      // Staff see both months published in the console's list, each with its QA rows.
      type ReleaseRow = { id: string; month: string; status: string; counties: number; records: number };
      const releases = await eventually(async () => {
        const rows = await adminGet<ReleaseRow[]>(store, token, '/api/admin/releases');
        return rows.filter((row) => row.status === 'published').length === 2 && rows;
      }, 120_000);
      expect(releases.map((row) => row.month)).toEqual([thisMonth, lastMonth]);
      for (const release of releases) expect(release.counties).toBe(3);
      type Detail = { counties: { fips: string; added: number | null; changed: number | null }[] };
      const latest = await adminGet<Detail>(store, token, `/api/admin/releases/${releases[0].id}`);
      const sussex = latest.counties.find((row) => row.fips === '10005')!;
      // This month was compared with last month: parcels were added and changed, as in a real month.
      expect(sussex.added).toBeGreaterThan(0);
      expect(sussex.changed).toBeGreaterThan(0);

      // Coverage lists the sample counties with this month as current, and no other county.
      const coverage = (await (await fetch(`${store.url}/api/coverage.csv`)).text()).trim().split('\n').slice(1);
      const covered = coverage.filter((line) => line.split(',')[3] !== '');
      expect(covered).toHaveLength(3);
      expect(covered.every((line) => line.split(',')[3] === thisMonth)).toBe(true);
      expect(covered.some((line) => line.startsWith('10005,Sussex,Delaware,'))).toBe(true);

      // A buyer sees the same two releases in the county's public history, the newest with its changes.
      const counties = await (await fetch(`${store.url}/api/counties`)).json();
      const sussexId = (counties as { id: string; fips: string }[]).find((county) => county.fips === '10005')!.id;
      const history = (await (await fetch(`${store.url}/api/counties/${sussexId}/releases`)).json()) as {
        release: string;
        changed: number | null;
      }[];
      expect(history.map((entry) => entry.release)).toEqual([thisMonth, lastMonth]);
      expect(history[0].changed).toBe(sussex.changed);
    } finally {
      await store.stop();
    }

    // The next start finds the releases made, and makes none.
    const again = await startLocalStore(environment);
    await again.stop();
    expect(again.output()).not.toContain('Sample releases');
  }, 240_000);

  it('stops the sample releases, naming the state, when SAMPLE_RELEASE_STATES names one without counties', async () => {
    const fresh = await createTestEnvironment({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    try {
      const store = await startLocalStore(fresh, 'DE,ZZ');
      try {
        await eventually(async () => store.output().includes('Sample releases stopped'), 10_000);
        expect(store.output()).toContain(
          'Sample releases stopped: SAMPLE_RELEASE_STATES names ZZ, which no county of the catalog is in',
        );
        const res = await fetch(`${store.url}/api/coverage.csv`);
        const covered = (await res.text())
          .trim()
          .split('\n')
          .slice(1)
          .filter((line) => line.split(',')[3] !== '');
        expect(covered).toEqual([]);
      } finally {
        await store.stop();
      }
    } finally {
      await destroyTestEnvironment(fresh);
    }
  }, 60_000);
});
