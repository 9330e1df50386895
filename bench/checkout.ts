/**
 * Section 3: checkout at 20 concurrent buyers against the Stripe simulator — create-payment-intent,
 * paying at the simulator, payment-success — with 1-, 100- and 500-county carts, rounds of the
 * three sizes interleaved so that all see the same machine. Beside the latencies, the API
 * process's CPU time per purchase (from /proc), which the machine's other load hardly moves.
 * Afterwards every order is checked in the database: paid, with exactly one subscription per item.
 *
 * Carts are of the one-time plan: an annual county also gets its Stripe renewal from the worker
 * after payment (one Stripe subscription per county, in the background), which under `npm start`
 * shares the API's core and would land on the next rounds' latencies rather than on its own cart.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { median, percentile, type BenchApp } from './support/bench-app';
import { purchase, publishableKeyOf, type CartItem, type Purchase } from './support/buyer';
import { cpuSeconds } from './support/load';
import { figure, verdict, type BenchSection, type ResultRow } from './support/section';

const BUYERS = 20;
/** Cart sizes and how many rounds of BUYERS concurrent purchases each gets. */
const CARTS = [
  { size: 1, rounds: 8 },
  { size: 100, rounds: 8 },
  { size: 500, rounds: 5 },
] as const;
const WARMUP_ROUNDS = 1;
const TARGET_RATIO = 10;

type Step = 'createMs' | 'payMs' | 'successMs' | 'totalMs';
const STEPS: [Step, name: string, short: string][] = [
  ['createMs', 'POST /api/create-payment-intent', 'create-payment-intent'],
  ['payMs', 'paying at the Stripe simulator (card 4242…)', 'pay'],
  ['successMs', 'POST /api/payment-success', 'payment-success'],
  ['totalMs', 'whole purchase', 'whole'],
];

/** CPU time (user + system) the store's processes have used so far, in ms. */
const storeCpuMs = (app: BenchApp) => (cpuSeconds(app.pid) + cpuSeconds(app.workerPid)) * 1000;

interface Made {
  orderId: string;
  items: number;
}

export const benchCheckout: BenchSection = async (app) => {
  const counties = ((await (await fetch(`${app.origin}/api/counties`)).json()) as { id: string }[]).map((c) => c.id);
  const key = await publishableKeyOf(app.origin);
  const run = randomBytes(4).toString('hex');
  // Each purchase from its own address in 198.18.0.0/15 (RFC 2544, for benchmarks): the checkout limit is per address.
  const base = randomBytes(2).readUInt16BE() % 0x10000;
  let bought = 0;
  let errors = 0;
  const errorSamples: string[] = [];
  const made: Made[] = [];

  /** One round: BUYERS buyers at once, each a fresh email and `size` distinct counties. */
  const round = async (size: number): Promise<Purchase[]> => {
    const purchases = Array.from({ length: BUYERS }, () => {
      const n = bought++;
      const address = (base + n) % 0x20000;
      const start = (n * 997) % counties.length;
      const items: CartItem[] = Array.from({ length: size }, (_, i) => ({
        countyId: counties[(start + i) % counties.length],
        purchaseType: 'one-time',
      }));
      return purchase(
        app.origin,
        key,
        {
          email: `bench-checkout-${run}-${n}@example.com`,
          address: `198.${18 + (address >> 16)}.${(address >> 8) & 255}.${address & 255}`,
        },
        items,
      ).then(
        (done) => {
          made.push({ orderId: done.orderId, items: size });
          if (done.activated !== size) throw new Error(`payment-success answered ${done.activated} of ${size} items`);
          return done;
        },
        (error: Error) => {
          errors++;
          // One line, no table bars: it goes into the results table.
          if (errorSamples.length < 3) errorSamples.push(error.message.replace(/[|\s]+/g, ' ').slice(0, 200));
          return null;
        },
      );
    });
    return (await Promise.all(purchases)).filter((p): p is Purchase => p !== null);
  };

  for (let i = 0; i < WARMUP_ROUNDS; i++) for (const { size } of CARTS) await round(size);
  const warmupErrors = errors;

  const results = new Map<number, Purchase[]>(CARTS.map(({ size }) => [size, []]));
  const cpu = new Map<number, number>(CARTS.map(({ size }) => [size, 0]));
  const mostRounds = Math.max(...CARTS.map((c) => c.rounds));
  const started = Date.now();
  for (let r = 0; r < mostRounds; r++) {
    for (const { size, rounds } of CARTS) {
      if (r >= rounds) continue;
      const before = storeCpuMs(app);
      results.get(size)!.push(...(await round(size)));
      cpu.set(size, cpu.get(size)! + storeCpuMs(app) - before);
    }
    console.log(`  checkout round ${r + 1}/${mostRounds} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  // Every purchase made exactly its subscriptions.
  const db = new Client({ connectionString: app.databaseUrl });
  await db.connect();
  let exact: { ok: boolean; detail: string };
  try {
    const { rows } = await db.query<{ id: string; status: string; items: number; subscriptions: number }>(
      `SELECT o.id, o.status,
              (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
              (SELECT count(*)::int FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
                WHERE i.order_id = o.id) AS subscriptions
       FROM orders o WHERE o.email LIKE $1`,
      [`bench-checkout-${run}-%`],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const wrong = made.filter(({ orderId, items }) => {
      const row = byId.get(orderId);
      return !row || row.status !== 'paid' || row.items !== items || row.subscriptions !== items;
    });
    const stray = rows.length - made.length;
    exact = {
      ok: wrong.length === 0 && stray === 0 && made.length === bought,
      detail: `${wrong.length} wrong, ${stray} orders without a finished purchase`,
    };
  } finally {
    await db.end();
  }

  const rows: ResultRow[] = [];
  // NaN (shown as such) for a size whose every purchase failed: the errors row says why.
  const p50 = (size: number, step: Step) => median(results.get(size)!.map((p) => p[step])) ?? NaN;
  const p95 = (size: number, step: Step) =>
    percentile(
      results.get(size)!.map((p) => p[step]),
      0.95,
    ) ?? NaN;
  for (const { size, rounds } of CARTS) {
    const n = results.get(size)!.length;
    for (const [step, name] of STEPS) {
      rows.push([
        `checkout, ${size}-county cart: ${name}`,
        `p50 ${figure(p50(size, step), 1)} ms, p95 ${figure(p95(size, step), 1)} ms (${n} one-time-plan purchases: ${BUYERS} concurrent buyers × ${rounds} rounds)`,
      ]);
    }
    rows.push([
      `checkout, ${size}-county cart: store CPU per purchase`,
      `${figure(cpu.get(size)! / (rounds * BUYERS), 1)} ms (API with the Stripe simulator, and worker; over ${rounds} rounds)`,
    ]);
  }
  const [small, , large] = CARTS.map((c) => c.size);
  for (const size of CARTS.map((c) => c.size).slice(1)) {
    const ratio = p50(size, 'totalMs') / p50(small, 'totalMs');
    const p95Ratio = p95(size, 'totalMs') / p95(small, 'totalMs');
    rows.push([
      `checkout, whole purchase: ${size}-county ÷ ${small}-county cart`,
      `p50 ${figure(ratio, 2)}× (${figure(p50(size, 'totalMs'))} ms ÷ ${figure(p50(small, 'totalMs'))} ms` +
        (size === large ? `; target < ${TARGET_RATIO}×: ${verdict(ratio < TARGET_RATIO)}` : '') +
        `), p95 ${figure(p95Ratio, 2)}×; p50 by call: ` +
        STEPS.slice(0, 3)
          .map(([step, , short]) => `${short} ${figure(p50(size, step) / p50(small, step), 2)}×`)
          .join(', '),
    ]);
  }
  rows.push([
    'checkout, database after the run',
    `all ${figure(bought)} orders paid with exactly their subscriptions: ${exact.ok ? 'yes' : `NO (${exact.detail})`}`,
  ]);
  rows.push([
    'checkout, errors',
    `${errors} of ${bought} purchases (${warmupErrors} in the ${figure(WARMUP_ROUNDS * CARTS.length * BUYERS)} warm-up purchases; target 0: ${verdict(errors === 0)})` +
      (errorSamples.length ? `; first: ${errorSamples.join(' / ')}` : ''),
  ]);
  return rows;
};
