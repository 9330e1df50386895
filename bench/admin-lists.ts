/**
 * Section: the staff lists at scale. 100,000 subscriptions of 50,000 customers are loaded into the
 * store's database, then pages of GET /api/admin/subscriptions are asked for one after another, as
 * staff paging, sorting, filtering and searching the console's table ask for them: first, middle and
 * last pages, every sortable column, status filters, and searches for a county, one customer and many.
 * Each answer is checked (a page of the size asked for, the same total for the same question), and
 * the latency of each request from here to its last byte is what counts; target p95 < 100 ms. Pages
 * of GET /api/admin/users follow, for the record, and each list once without a page (the whole list,
 * as the API answered before paging), whose size and time the API's peak memory row then reflects.
 */
import { Client } from 'pg';
import { adminToken, median, percentile, type BenchApp } from './support/bench-app';
import { seedSubscriptions } from './support/seed-subscriptions';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const SUBSCRIPTIONS = 100_000;
const RUNS = 20;
const WARM_UP_RUNS = 3;
const TARGET_P95_MS = 100;

interface Question {
  label: string;
  query: string;
}

const last = (pageSize: number) => Math.ceil(SUBSCRIPTIONS / pageSize);

const SUBSCRIPTION_QUESTIONS: Question[] = [
  { label: 'newest first, page 1', query: 'page=1&pageSize=20' },
  { label: 'newest first, middle page', query: `page=${last(20) / 2}&pageSize=20` },
  { label: 'newest first, last page', query: `page=${last(20)}&pageSize=20` },
  { label: 'by amount, descending', query: 'page=1&pageSize=20&sort=amount&order=descend' },
  { label: 'by plan, page 100', query: 'page=100&pageSize=20&sort=plan' },
  { label: 'by customer name', query: 'page=1&pageSize=20&sort=customer' },
  { label: 'by customer name, page 50', query: 'page=50&pageSize=20&sort=customer&order=descend' },
  { label: 'by county, descending', query: 'page=1&pageSize=20&sort=county&order=descend' },
  { label: 'by expiration, 100 a page', query: 'page=1&pageSize=100&sort=expirationDate' },
  { label: 'expired only, by start date', query: 'page=1&pageSize=20&status=expired&sort=startDate&order=descend' },
  { label: 'active and cancelled, by auto-renew', query: 'page=3&pageSize=50&status=active,cancelled&sort=autoRenew' },
  { label: 'search a county ("harris")', query: 'page=1&pageSize=20&q=harris' },
  { label: 'search one customer (email)', query: 'page=1&pageSize=20&q=bench4242%40example.com' },
  { label: 'search a name shared by many ("lovelace1")', query: 'page=1&pageSize=20&q=lovelace1' },
  { label: 'search with a status, by amount', query: 'page=1&pageSize=20&q=hopper&status=active&sort=amount' },
];

const USER_QUESTIONS: Question[] = [
  { label: 'newest first, page 1', query: 'page=1&pageSize=20' },
  { label: 'by name, middle page', query: `page=${SUBSCRIPTIONS / 2 / 20 / 2}&pageSize=20&sort=name` },
  { label: 'inactive only', query: 'page=1&pageSize=20&status=inactive' },
  { label: 'by total spent, descending', query: 'page=1&pageSize=20&sort=spent&order=descend' },
  { label: 'search a name ("turing12")', query: 'page=1&pageSize=20&q=turing12' },
];

interface Page {
  items: unknown[];
  total: number;
  page: number;
  pageSize: number;
}

/** Asks each question RUNS times, in turns, and keeps each one's latencies and the answers' totals. */
async function ask(
  origin: string,
  token: string,
  path: string,
  questions: Question[],
): Promise<{ times: Map<Question, number[]>; problems: string[] }> {
  const times = new Map(questions.map((question) => [question, [] as number[]]));
  const totals = new Map<Question, number>();
  const problems: string[] = [];
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
    for (const question of questions) {
      const started = performance.now();
      const res = await fetch(`${origin}${path}?${question.query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      const ms = performance.now() - started;
      if (run >= WARM_UP_RUNS) times.get(question)!.push(ms);
      if (!res.ok) {
        problems.push(`${question.label}: ${res.status} ${body.slice(0, 200)}`);
        continue;
      }
      const page = JSON.parse(body) as Page;
      const expected = Math.max(0, Math.min(page.pageSize, page.total - (page.page - 1) * page.pageSize));
      if (page.items.length !== expected)
        problems.push(`${question.label}: ${page.items.length} rows, ${expected} due`);
      if (totals.has(question) && totals.get(question) !== page.total)
        problems.push(`${question.label}: total ${page.total} after ${totals.get(question)}`);
      totals.set(question, page.total);
    }
  }
  return { times, problems: [...new Set(problems)] };
}

const ms = (value: number) => `${figure(value, 1)} ms`;

/** The list asked for without a page, as before paging (and as an export of everything would): its size and time. */
async function wholeList(
  origin: string,
  token: string,
  path: string,
): Promise<{ rows: number; bytes: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return {
    rows: (JSON.parse(body) as unknown[]).length,
    bytes: Buffer.byteLength(body),
    ms: performance.now() - started,
  };
}

export const benchAdminLists: BenchSection = async (app: BenchApp) => {
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  const loadStart = performance.now();
  const { customers } = await seedSubscriptions(db, SUBSCRIPTIONS);
  await db.query('VACUUM ANALYZE');
  const loadSeconds = (performance.now() - loadStart) / 1000;
  await db.end();

  const token = await adminToken(app.origin);
  const subscriptions = await ask(app.origin, token, '/api/admin/subscriptions', SUBSCRIPTION_QUESTIONS);
  const users = await ask(app.origin, token, '/api/admin/users', USER_QUESTIONS);

  const whole = [
    await wholeList(app.origin, token, '/api/admin/subscriptions'),
    await wholeList(app.origin, token, '/api/admin/users'),
  ];

  const all = [...subscriptions.times.values()].flat();
  const p95 = percentile(all, 0.95);
  const slowest = [...subscriptions.times]
    .map(([question, times]) => [question.label, percentile(times, 0.95)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  const rows: ResultRow[] = [
    [
      'admin lists: data',
      `${figure(SUBSCRIPTIONS)} subscriptions of ${figure(customers)} customers (loaded and analysed in ${figure(loadSeconds)} s)`,
    ],
    [
      'admin lists: GET /api/admin/subscriptions, a page at 100,000 subscriptions',
      `p50 ${ms(median(all))}, p95 ${ms(p95)} (${SUBSCRIPTION_QUESTIONS.length} kinds of page × ${RUNS} requests, one at a time; slowest p95: ${slowest
        .map(([label, value]) => `${label} ${ms(value)}`)
        .join(', ')}; target p95 < ${TARGET_P95_MS} ms: ${verdict(p95 < TARGET_P95_MS)})`,
    ],
    ...[...subscriptions.times].map(([question, times]): ResultRow => [
      `admin lists: subscriptions, ${question.label}`,
      `p50 ${ms(median(times))}, p95 ${ms(percentile(times, 0.95))} (?${question.query})`,
    ]),
    ...[...users.times].map(([question, times]): ResultRow => [
      `admin lists: users, ${question.label}`,
      `p50 ${ms(median(times))}, p95 ${ms(percentile(times, 0.95))} (?${question.query}; no target)`,
    ]),
    ...(['subscriptions', 'users'] as const).map((list, i): ResultRow => [
      `admin lists: GET /api/admin/${list} without a page (the whole list)`,
      `${figure(whole[i].rows)} rows, ${figure(whole[i].bytes / 1024 / 1024, 1)} MB in ${ms(whole[i].ms)}, sent as read from a cursor, 1,000 rows at a time (no target)`,
    ]),
    [
      'admin lists: answers',
      [...subscriptions.problems, ...users.problems].join('; ') ||
        'every page complete, every total the same on each asking (target: met)',
    ],
  ];
  return rows;
};
