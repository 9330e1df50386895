/**
 * `npm run bench:analytics`: admin analytics and summary at scale — 10 million
 * journey events from 2 million visitors, 100,000 subscriptions with their
 * ledger entries — against the built API, beside the plain COUNT(DISTINCT)
 * over the raw events. Results go to stdout and bench/RESULTS.md.
 * Takes several minutes; `--events N` makes a smaller run.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { createApi, listen } from '../src/bootstrap';
import { readEnvironment } from '../src/config/environment';
import { prepareDatabase } from '../src/database/prepare-database';
import { JourneyRollupService } from '../src/modules/journey/journey-rollup.service';
import { recordResults } from './support/results';
import { seedSubscriptions } from './support/seed-subscriptions';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const EVENTS = argument('events', 10_000_000);
const VISITORS = Math.max(1, Math.round(EVENTS / 5));
const SUBSCRIPTIONS = argument('subscriptions', 100_000);
const RUNS = 25;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))];

async function timed<T>(work: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

async function main(): Promise<void> {
  const server = new URL(readEnvironment().DATABASE_URL as string);
  const database = 'cds_bench_analytics';
  const url = Object.assign(new URL(server), { pathname: `/${database}` }).toString();
  const admin = new Client({ connectionString: Object.assign(new URL(server), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await prepareDatabase(url);

  const db = new Client({ connectionString: url });
  await db.connect();
  console.log(
    `Loading ${EVENTS.toLocaleString()} events from ${VISITORS.toLocaleString()} visitors, ${SUBSCRIPTIONS.toLocaleString()} subscriptions…`,
  );
  const [loadMs] = await timed(async () => {
    await db.query(
      `CREATE UNLOGGED TABLE bench_visitors AS SELECT n, gen_random_uuid() AS id FROM generate_series(1, $1) AS n`,
      [VISITORS],
    );
    await db.query(`CREATE INDEX ON bench_visitors (n)`);
    // Every visitor lands; fewer go on at each funnel step, as in a real store.
    await db.query(
      `INSERT INTO journey_events (visitor_id, event, metadata, occurred_at)
       SELECT v.id,
              CASE WHEN i % 100 < 40 THEN 'landing_view' WHEN i % 100 < 55 THEN 'counties_view'
                   WHEN i % 100 < 75 THEN 'cart_add' WHEN i % 100 < 87 THEN 'checkout_view'
                   WHEN i % 100 < 95 THEN 'email_entered' ELSE 'payment_success' END,
              '{}'::jsonb, now() - interval '1 day' + make_interval(secs => i / 1000.0)
       FROM generate_series(1, $1) AS i JOIN bench_visitors v ON v.n = 1 + (i % $2)`,
      [EVENTS, VISITORS],
    );
    await seedSubscriptions(db, SUBSCRIPTIONS);
    await db.query(
      `INSERT INTO payments (kind, amount_cents, amount_by_purchase_type, currency, stripe_object_id)
       SELECT 'charge', (amount * 100)::int, jsonb_build_object(purchase_type, (amount * 100)::int), 'usd', 'pi_bench_' || id
       FROM subscriptions`,
    );
    await db.query(`DROP TABLE bench_visitors`);
    await db.query(`VACUUM ANALYZE`);
  });

  const naive: number[] = [];
  for (let i = 0; i < 5; i++) {
    const [ms] = await timed(() =>
      db.query(
        `SELECT (SELECT count(DISTINCT visitor_id) FROM journey_events) AS visitors,
                (SELECT json_agg(t) FROM (SELECT event, count(DISTINCT visitor_id) FROM journey_events GROUP BY event) t) AS funnel`,
      ),
    );
    naive.push(ms);
  }

  // The built API, as production runs it.
  Object.assign(process.env, {
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-admin-password-of-sufficient-length',
    REDIS_KEY_PREFIX: 'bench',
  });
  const app = await createApi();
  const origin = await listen(app, 0);
  const [rollupMs, folded] = await timed(() => app.get(JourneyRollupService).catchUp(0));

  const { token } = (await (
    await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: process.env.ADMIN_PASSWORD }),
    })
  ).json()) as { token: string };
  const measure = async (path: string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const [ms, res] = await timed(() => fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } }));
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      await res.arrayBuffer();
      if (i >= 5) times.push(ms);
    }
    return times;
  };
  const analytics = await measure('/api/admin/analytics');
  const summary = await measure('/api/admin/summary');
  const check = (await (
    await fetch(`${origin}/api/admin/summary`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Record<string, number>;
  const [rawVisitors] = (
    await db.query<{ n: number }>(`SELECT count(DISTINCT visitor_id)::int AS n FROM journey_events`)
  ).rows;
  await app.close();
  await db.end();
  if (!process.argv.includes('--keep')) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();

  const rows: [string, string][] = [
    [
      'data',
      `${EVENTS.toLocaleString()} events, ${VISITORS.toLocaleString()} visitors, ${SUBSCRIPTIONS.toLocaleString()} subscriptions (loaded in ${(loadMs / 1000).toFixed(0)} s)`,
    ],
    [
      'rollup of the whole backlog',
      `${(rollupMs / 1000).toFixed(1)} s for ${folded.toLocaleString()} events (a live store folds in only the last 15 s)`,
    ],
    [
      'GET /api/admin/analytics',
      `median ${median(analytics).toFixed(1)} ms, p95 ${p95(analytics).toFixed(1)} ms (${RUNS} runs; target median < 150 ms)`,
    ],
    [
      'GET /api/admin/summary',
      `median ${median(summary).toFixed(1)} ms, p95 ${p95(summary).toFixed(1)} ms (${RUNS} runs; target median < 150 ms)`,
    ],
    ['plain COUNT(DISTINCT) over the raw events', `median ${median(naive).toFixed(0)} ms (5 runs)`],
    [
      'exact',
      `uniqueVisitors ${check.uniqueVisitors.toLocaleString()} = COUNT(DISTINCT) ${rawVisitors.n.toLocaleString()}: ${check.uniqueVisitors === rawVisitors.n ? 'yes' : 'NO'}`,
    ],
  ];
  recordResults(
    'Admin analytics at scale (npm run bench:analytics)',
    rows,
    `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
