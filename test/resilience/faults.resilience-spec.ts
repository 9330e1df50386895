import { Queue } from 'bullmq';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { freePort } from '../../bench/support/bench-app';
import { publishableKeyOf, purchase, type CartItem, type PurchaseType } from '../../bench/support/buyer';
import { prepareDatabase } from '../../src/database/prepare-database';
import { releaseOf } from '../../src/modules/releases/files/entitlement';
import { MAIL_QUEUE } from '../../src/modules/mail/mail.constants';
import { SUBSCRIPTION_JOBS_QUEUE, SubscriptionJob } from '../../src/modules/subscriptions/subscription-jobs.constants';
import { eventually } from '../support/eventually';
import { SmtpSink } from '../support/smtp-sink';
import { killAllWorkers, WorkerProcess } from '../support/worker-process';
import { ApiProcess } from './support/api-process';
import { SlowSmtpProxy } from './support/slow-smtp-proxy';
import { ThrowawayPostgres, ThrowawayRedis } from './support/throwaway-services';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const PLANS: PurchaseType[] = ['one-time', 'annual'];
const REDIS_KEY_PREFIX = 'faults';

/** The longest a checkout call may take while a service is down before it counts as a hang. */
const CALL_BOUND_MS = 10_000;
/** A whole purchase is four calls, two of them to the Stripe simulator. */
const PURCHASE_BOUND_MS = 20_000;
/** How long a process may take to finish its work and exit after SIGTERM. */
const SHUTDOWN_BOUND_MS = 15_000;

/** One HTTP call's outcome: its status (0: no answer in time, or none at all), message and duration. */
interface Outcome {
  status: number;
  message: string;
  ms: number;
}

/** Counts of outcomes by status, for the figures and for the assertions. */
class Tally {
  readonly byStatus = new Map<number, number>();
  readonly bad: string[] = [];

  add(what: string, outcome: Outcome, acceptable: (o: Outcome) => boolean): void {
    this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
    if (!acceptable(outcome))
      this.bad.push(`${what} → ${outcome.status || 'no answer'} in ${outcome.ms} ms: ${outcome.message}`);
  }

  get total(): number {
    return [...this.byStatus.values()].reduce((sum, n) => sum + n, 0);
  }

  describe(): string {
    return [...this.byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status || 'no answer'} × ${n}`)
      .join(', ');
  }
}

/** The message of an error body of the store's contract ({ statusCode, message, error }), or the text itself. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}

/** Why a call got no answer: fetch's own message says only "fetch failed", its cause says why. */
function describeFailure(error: unknown): string {
  const { message, cause } = error as Error & { cause?: { code?: string; message?: string } };
  return cause ? `${message}: ${cause.code ?? cause.message}` : message;
}

/** A call with a deadline: a hang shows as status 0 rather than holding the test up. */
async function call(url: string, init: RequestInit = {}, timeoutMs = CALL_BOUND_MS): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, message: res.ok ? '' : messageOf(text), ms: Date.now() - started };
  } catch (error) {
    return { status: 0, message: describeFailure(error), ms: Date.now() - started };
  }
}

/** A 503 that tells the person what happened: the store's error contract with a real sentence. */
const clear503 = (o: Outcome) => o.status === 503 && o.message.length > 15 && !/internal server error/i.test(o.message);

/**
 * A POST whose body arrives in two parts: the first at once, the rest on finish(). The request is
 * in flight at the server between the two, as a slow client's is.
 */
function slowRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
): {
  finish(): void;
  answer: Promise<{ status: number; body: { clientSecret?: string; message?: string }; ms: number }>;
} {
  const started = Date.now();
  const req = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } });
  const answer = new Promise<{ status: number; body: { clientSecret?: string; message?: string }; ms: number }>(
    (resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: { clientSecret?: string; message?: string };
          try {
            parsed = JSON.parse(text) as typeof parsed;
          } catch {
            parsed = { message: text.slice(0, 200) };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, ms: Date.now() - started });
        });
      });
      req.on('error', (error) => resolve({ status: 0, body: { message: error.message }, ms: Date.now() - started }));
    },
  );
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { finish: () => req.end(body.slice(half)), answer };
}

/**
 * The built store as production runs it (`node dist/src/main.js` and `node dist/src/worker.js`,
 * the Stripe simulator standing in for Stripe inside the API) against a PostgreSQL cluster and a
 * Redis server of this file's own, which the tests stop and start: the shared servers on 5432 and
 * 6379 are never touched. Mail goes to an SMTP stand-in that counts each message by its key.
 *
 * Renewal enrollment (the billing worker's job for County Trackers) is not counted here: outside
 * production each process has its own Stripe simulator, so the worker process cannot find the
 * payments made at the API's and its enrollment jobs fail whatever the faults.
 */
describe('Faults: Redis and PostgreSQL restarts, a worker killed mid-delivery, SIGTERM', () => {
  let postgres: ThrowawayPostgres;
  let redis: ThrowawayRedis;
  let sink: SmtpSink;
  let smtp: SlowSmtpProxy;
  let dataDir: string;
  let env: Record<string, string>;
  let api: ApiProcess;
  let worker: WorkerProcess;
  let db: Pool;
  let publishableKey: string;
  let counties: string[];
  const queues: Queue[] = [];
  let addresses = 0;

  /** A buyer of their own, at an address of their own as a proxy in front of the store reports it. */
  const nextBuyer = (label: string) => {
    const n = addresses++;
    return { email: `${label}-${n}@example.com`, address: `198.18.${Math.floor(n / 256) % 256}.${n % 256}` };
  };

  const queue = (name: string) => {
    const made = new Queue(name, {
      connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null },
      prefix: `${REDIS_KEY_PREFIX}:bull`,
    });
    made.on('error', () => undefined);
    queues.push(made);
    return made;
  };

  const receiptsOf = (orderId: string) => sink.deliveriesByKey().get(`receipt-${orderId}`) ?? 0;

  const startWorker = () => WorkerProcess.start(env);

  beforeAll(async () => {
    [postgres, redis, sink] = await Promise.all([
      ThrowawayPostgres.create(),
      ThrowawayRedis.create(),
      SmtpSink.start(),
    ]);
    smtp = await SlowSmtpProxy.start(sink.url);
    const databaseUrl = postgres.url('county_store');
    await prepareDatabase(databaseUrl);
    db = new Pool({ connectionString: databaseUrl, max: 4 });
    // The test's own connections break when its PostgreSQL restarts; the pool replaces them.
    db.on('error', () => undefined);
    dataDir = mkdtempSync(join(tmpdir(), 'cds-faults-data-'));
    const port = await freePort();
    env = {
      NODE_ENV: 'development',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX,
      ADMIN_PASSWORD: 'faults-admin-password-of-sufficient-length',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
    };
    worker = startWorker();
    api = await ApiProcess.start(env);
    publishableKey = await publishableKeyOf(api.origin);
    counties = ((await (await fetch(`${api.origin}/api/counties`)).json()) as { id: string }[]).map((c) => c.id);
  }, 180_000);

  afterAll(async () => {
    // First the store's processes, then what they use.
    await killAllWorkers();
    await api?.kill();
    await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
    await db?.end().catch(() => undefined);
    await smtp?.close();
    await sink?.close();
    await redis?.destroy();
    await postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** A purchase through the API and the Stripe simulator, as a browser makes it; its outcome by status. */
  async function buy(
    label: string,
    items: CartItem[],
  ): Promise<Outcome & { email: string; orderId?: string; step: string; startedAt: number }> {
    const buyer = nextBuyer(label);
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${PURCHASE_BOUND_MS + 10_000} ms`)),
        PURCHASE_BOUND_MS + 10_000,
      );
    });
    try {
      const bought = await Promise.race([purchase(api.origin, publishableKey, buyer, items), timedOut]);
      return {
        status: 200,
        message: '',
        ms: Date.now() - started,
        email: buyer.email,
        orderId: bought.orderId,
        step: '',
        startedAt: started,
      };
    } catch (error) {
      // purchase() names the failed call and its answer: "POST /api/… answered 503: {…}".
      const text = (error as Error).message;
      const answered = /^(.*) answered (\d{3}): ([\s\S]*)$/.exec(text);
      return {
        status: answered ? Number(answered[2]) : 0,
        message: answered ? messageOf(answered[3]) : text,
        ms: Date.now() - started,
        email: buyer.email,
        step: answered?.[1] ?? 'no answer',
        startedAt: started,
      };
    } finally {
      clearTimeout(timer);
    }
  }

  const cartOf = (size: number, plan?: PurchaseType): CartItem[] =>
    [...new Set(Array.from({ length: size }, () => pick(counties)))].map((countyId) => ({
      countyId,
      purchaseType: plan ?? pick(PLANS),
    }));

  /** Paid orders of a label, with how many items and subscriptions each has. */
  async function paidOrders(label: string) {
    const { rows } = await db.query<{
      id: string;
      email: string;
      status: string;
      items: number;
      subscriptions: number;
    }>(
      `SELECT o.id, o.email, o.status,
              (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS items,
              (SELECT count(*)::int FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
               WHERE i.order_id = o.id) AS subscriptions
       FROM orders o WHERE o.email LIKE $1 AND o.status = 'paid'`,
      [`${label}-%`],
    );
    return rows;
  }

  it('keeps serving the catalog and checkout through a Redis restart, and loses or doubles no receipt', async () => {
    const BUYERS = 10;
    const RUN_MS = 20_000;
    const OUTAGE_AT_MS = 6_000;
    const OUTAGE_MS = 5_000;
    const reads = new Tally();
    const checkouts = new Tally();
    const attempts: Awaited<ReturnType<typeof buy>>[] = [];
    const started = Date.now();
    const until = started + RUN_MS;
    let outage = { from: 0, to: 0 };
    const logMark = api.mark;

    const reader = async () => {
      while (Date.now() < until) {
        const outcome = await call(`${api.origin}/api/counties`);
        reads.add('GET /api/counties', outcome, (o) => o.status === 200);
      }
    };
    const buyer = async () => {
      while (Date.now() < until) {
        const attempt = await buy('redis', cartOf(1 + Math.floor(Math.random() * 3)));
        attempts.push(attempt);
        // While Redis is down, checkout may refuse with a clear 503; nothing else, and never a hang.
        checkouts.add(
          `purchase (${attempt.step || 'whole'})`,
          attempt,
          (o) => (o.status === 200 || clear503(o)) && o.ms <= PURCHASE_BOUND_MS,
        );
      }
    };
    const restartRedis = async () => {
      await sleep(OUTAGE_AT_MS);
      outage.from = Date.now();
      await redis.stop();
      await sleep(OUTAGE_MS);
      await redis.start();
      outage = { ...outage, to: Date.now() };
    };
    await Promise.all([reader(), restartRedis(), ...Array.from({ length: BUYERS }, buyer)]);

    // A card charged whose payment-success call failed is paid by the webhook; either way each paid
    // order must end with its subscriptions and exactly one receipt, sent by the worker.
    await eventually(async () => {
      const paid = await paidOrders('redis');
      return paid.length > 0 && paid.every((order) => receiptsOf(order.id) >= 1);
    }, 60_000).catch(() => undefined);
    await sleep(1_000);
    const paid = await paidOrders('redis');
    const paidIds = new Set(paid.map((o) => o.id));
    const charged = attempts.filter((a) => a.status === 200 || a.step === 'POST /api/payment-success');
    const { rows: chargedOrders } = await db.query<{ email: string; status: string }>(
      `SELECT email, status FROM orders WHERE email = ANY($1)`,
      [charged.map((a) => a.email)],
    );
    const ordersLost = charged.filter((a) => !chargedOrders.some((o) => o.email === a.email && o.status === 'paid'));
    const wrongSubscriptions = paid.filter((o) => o.subscriptions !== o.items);
    const receiptsLost = paid.filter((o) => receiptsOf(o.id) === 0);
    const receiptsDoubled = paid.filter((o) => receiptsOf(o.id) > 1);
    const duringOutage = attempts.filter((a) => a.status !== 200);

    console.log(
      [
        `Redis restart: ${BUYERS} buyers and a catalog reader for ${RUN_MS / 1000} s; Redis down ` +
          `${((outage.to - outage.from) / 1000).toFixed(1)} s from ${((outage.from - started) / 1000).toFixed(1)} s`,
        `  catalog reads served ${reads.total}: ${reads.describe()}`,
        `  purchases ${checkouts.total}: ${checkouts.describe()}; slowest ${Math.max(...attempts.map((a) => a.ms))} ms`,
        `  refused purchases by step: ${[...new Set(duringOutage.map((a) => `${a.step} ${a.status} "${a.message}"`))].join(' | ') || 'none'}`,
        `  orders paid ${paid.length}; orders lost ${ordersLost.length}; wrong subscriptions ${wrongSubscriptions.length}`,
        `  receipts lost (jobs lost) ${receiptsLost.length}, doubled ${receiptsDoubled.length}`,
        `  errors the API logged: ${api.errorsSince(logMark)}`,
      ].join('\n'),
    );

    expect({
      catalogFailures: reads.bad.slice(0, 10),
      // While Redis is down, checkout may refuse with a clear 503; nothing else, and never a hang.
      checkoutFailures: checkouts.bad.slice(0, 10),
      // The run did exercise both sides of the outage.
      exercised: attempts.filter((a) => a.status === 200).length > BUYERS,
      boughtAfterTheOutage: attempts.some((a) => a.status === 200 && a.startedAt > outage.to),
      answeredPaidButNotPaid: attempts.filter((a) => a.status === 200 && !paidIds.has(a.orderId!)).length,
      ordersLost: ordersLost.map((a) => a.email),
      wrongSubscriptions,
      receiptsLost: receiptsLost.map((o) => o.id),
      receiptsDoubled: receiptsDoubled.map((o) => o.id),
      receiptsToSomeoneElse: paid.filter(
        (o) =>
          receiptsOf(o.id) > 0 && sink.accepted.find((m) => m.key === `receipt-${o.id}`)!.recipients.join() !== o.email,
      ).length,
    }).toEqual({
      catalogFailures: [],
      checkoutFailures: [],
      exercised: true,
      boughtAfterTheOutage: true,
      answeredPaidButNotPaid: 0,
      ordersLost: [],
      wrongSubscriptions: [],
      receiptsLost: [],
      receiptsDoubled: [],
      receiptsToSomeoneElse: 0,
    });
  }, 240_000);

  it('answers 503 while PostgreSQL is down and recovers when it is back, without restarting the API or the worker', async () => {
    const pids = { api: api.pid, worker: worker.pid };
    const logMark = api.mark;
    type Phase = 'before' | 'down' | 'after';
    const endpoints = ['health', 'catalog', 'checkout'] as const;
    type Endpoint = (typeof endpoints)[number];
    const tallies = Object.fromEntries(
      endpoints.map((e) => [e, { before: new Tally(), down: new Tally(), after: new Tally() }]),
    ) as Record<Endpoint, Record<Phase, Tally>>;
    const downAnswers: Record<Endpoint, Outcome[]> = { health: [], catalog: [], checkout: [] };
    const recoveredAt: Partial<Record<Endpoint, number>> = {};
    let stoppedAt = 0;
    let restarting = 0;
    let startedAt = 0;
    let running = true;

    // Each answer is judged by when its call began: one begun before the stop may still succeed, one
    // begun once the restart is under way may already succeed.
    const phaseOf = (begun: number): Phase =>
      restarting && begun >= restarting ? 'after' : stoppedAt && begun >= stoppedAt ? 'down' : 'before';
    const loop = async (what: Endpoint, run: () => Promise<Outcome>, acceptable: (o: Outcome) => boolean) => {
      while (running) {
        const begun = Date.now();
        const outcome = await run();
        const phase = phaseOf(begun);
        tallies[what][phase].add(what, outcome, (o) => acceptable(o) && o.ms <= CALL_BOUND_MS);
        if (phase === 'down') downAnswers[what].push(outcome);
        if (phase === 'after' && outcome.status === 200) recoveredAt[what] ??= Date.now();
        await sleep(50);
      }
    };
    // The health check's own answer names what is down.
    const healthAnswer = (o: Outcome) =>
      o.status === 200 || (o.status === 503 && o.message.includes('"postgres":"down"'));
    const answerOr503 = (o: Outcome) => o.status === 200 || clear503(o);
    const openPayment = () => {
      const buyer = nextBuyer('pg');
      return call(`${api.origin}/api/create-payment-intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': buyer.address },
        body: JSON.stringify({ email: buyer.email, items: cartOf(1), acceptedLicense: true }),
      });
    };
    const loops = [
      loop('health', () => call(`${api.origin}/api/health`), healthAnswer),
      loop('catalog', () => call(`${api.origin}/api/counties`), answerOr503),
      loop('checkout', openPayment, answerOr503),
      loop('checkout', openPayment, answerOr503),
    ];

    await sleep(2_000);
    await postgres.stop();
    stoppedAt = Date.now();
    await sleep(5_000);
    restarting = Date.now();
    await postgres.start();
    startedAt = Date.now();
    await eventually(async () => recoveredAt.health && recoveredAt.checkout, 30_000).catch(() => undefined);
    await sleep(2_000);
    running = false;
    await Promise.all(loops);

    // The worker came through too: a purchase made now gets its receipt.
    const after = await buy('pg-after', cartOf(2));
    await eventually(async () => after.orderId && receiptsOf(after.orderId) > 0, 30_000).catch(() => undefined);

    // From when PostgreSQL accepts connections again (an answer may come even before start() saw it).
    const recovery = (what: Endpoint) => (recoveredAt[what] ? Math.max(0, recoveredAt[what] - startedAt) : null);
    const distinct = (outcomes: Outcome[]) =>
      [...new Set(outcomes.map((o) => `${o.status || 'no answer'} "${o.message.slice(0, 120)}"`))].join(' | ');
    console.log(
      [
        `PostgreSQL restart: down ${((restarting - stoppedAt) / 1000).toFixed(1)} s, back ${startedAt - restarting} ms ` +
          'later; the API and the worker left running',
        ...endpoints.map(
          (e) =>
            `  ${e}: before ${tallies[e].before.describe()}; while down ${tallies[e].down.describe()}; ` +
            `after ${tallies[e].after.describe()}; 200 again ${recovery(e) ?? 'never'} ms after the restart`,
        ),
        `  create-payment-intent while down answered: ${distinct(downAnswers.checkout)}`,
        `  errors the API logged: ${api.errorsSince(logMark)}`,
        `  purchase after recovery: ${after.status}${after.message ? ` "${after.message}"` : ''}, ` +
          `receipts ${after.orderId ? receiptsOf(after.orderId) : 0}`,
      ].join('\n'),
    );

    const bad = endpoints.flatMap((e) => [...tallies[e].before.bad, ...tallies[e].down.bad, ...tallies[e].after.bad]);
    expect({
      // No 500, no hang: what needs PostgreSQL says it is unavailable, with a 503.
      bad: bad.slice(0, 10),
      healthWhileDown: downAnswers.health.length > 0 && downAnswers.health.every((o) => o.status === 503),
      checkoutWhileDown: downAnswers.checkout.length > 0 && downAnswers.checkout.every(clear503),
      // Back within seconds, by the same processes.
      healthBackInTime: (recovery('health') ?? Infinity) < 15_000,
      checkoutBackInTime: (recovery('checkout') ?? Infinity) < 15_000,
      pids: { api: api.isRunning && api.pid, worker: worker.isRunning && worker.pid },
      purchaseAfter: after.status,
      receiptAfter: after.orderId ? receiptsOf(after.orderId) : 0,
    }).toEqual({
      bad: [],
      healthWhileDown: true,
      checkoutWhileDown: true,
      healthBackInTime: true,
      checkoutBackInTime: true,
      pids,
      purchaseAfter: 200,
      receiptAfter: 1,
    });
  }, 120_000);

  it('delivers each County Tracker exactly once for the month when workers are killed mid-run and mid-send', async () => {
    const ORDERS = 6;
    const month = releaseOf(new Date());
    const bought = await Promise.all(Array.from({ length: ORDERS }, () => buy('tracker', cartOf(10, 'annual'))));
    expect(bought.filter((b) => b.status !== 200)).toEqual([]);
    const orderIds = bought.map((b) => b.orderId!);
    // Their receipts go first, so that what the SMTP stand-in counts next is the month's deliveries.
    await eventually(async () => orderIds.every((id) => receiptsOf(id) === 1), 30_000);
    const { rows: trackers } = await db.query<{ id: string; email: string }>(
      `SELECT s.id, o.email FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
       JOIN orders o ON o.id = i.order_id WHERE o.id = ANY($1)`,
      [orderIds],
    );
    // Bought 40 days ago: before this month, so due for this month's delivery.
    await db.query(
      `UPDATE subscriptions SET start_date = start_date - interval '40 days',
         expiration_date = expiration_date - interval '40 days' WHERE id = ANY($1)`,
      [trackers.map((t) => t.id)],
    );
    const deliveryKey = (id: string) => `tracker-delivery-${id}-${month}`;
    const deliveries = () => trackers.map((t) => sink.deliveriesByKey().get(deliveryKey(t.id)) ?? 0);

    // First kill: in the middle of the monthly run, once it has recorded some of the month's
    // deliveries (county by county, after making each county's file). A subscription row locked
    // here holds up the recording of its county's (the foreign key check waits), so the run cannot
    // finish before the kill, however fast it goes.
    const lock = await db.connect();
    await lock.query('BEGIN');
    await lock.query('SELECT 1 FROM subscriptions WHERE id = $1 FOR UPDATE', [trackers[trackers.length >> 1].id]);
    // What the daily job scheduler adds at 15:00 UTC; the first run of a month delivers it.
    const runs = queue(SUBSCRIPTION_JOBS_QUEUE);
    const run = await runs.add(SubscriptionJob.trackerDeliveries, {}, { jobId: `faults-${Date.now()}` });
    const midRun = await eventually(async () => {
      const { rows } = await lock.query<{ recorded: number; waiting: number }>(
        `SELECT (SELECT count(*)::int FROM tracker_deliveries WHERE month = $1) AS recorded,
                (SELECT count(*)::int FROM pg_stat_activity WHERE query LIKE '%INSERT INTO tracker_deliveries%'
                 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()) AS waiting`,
        [month],
      );
      return (rows[0].recorded > 0 || rows[0].waiting > 0) && (await runs.getJobState(run.id!)) === 'active';
    }, 90_000)
      .then(() => true)
      .catch(() => false);
    const { rows: recordedWhenKilled } = await lock.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tracker_deliveries WHERE month = $1`,
      [month],
    );
    await worker.kill();
    await lock.query('ROLLBACK');
    lock.release();
    const killedAt = Date.now();

    // Second kill: in the middle of sending, the SMTP stand-in holding its answer to the 21st email.
    const heldBefore = sink.held.length;
    const accepted = () => trackers.filter((t) => sink.deliveriesByKey().has(deliveryKey(t.id))).length;
    sink.holdOnceDelivered(sink.accepted.length + 20);
    worker = startWorker();
    // The killed run comes back once its lock expires (30 s) and a stalled-job check finds it.
    await eventually(async () => sink.held.length > heldBefore, 120_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${accepted()} delivered\nworker output:\n${worker.log}`);
    });
    const runRecoveredIn = Date.now() - killedAt;
    await sleep(250);
    await worker.kill();
    const deliveredBeforeRestart = accepted();
    const caught = sink.held.slice(heldBefore).map((mail) => mail.key);
    sink.stopHolding();

    worker = startWorker();
    const restartedAt = Date.now();
    await eventually(async () => deliveries().every((n) => n > 0), 120_000).catch(() => undefined);
    const allIn = Date.now() - restartedAt;
    // Anything that would come twice comes now.
    await sleep(3_000);

    const counts = deliveries();
    const rerun = await runs.getJob(run.id!);
    const { rows: records } = await db.query<{ n: number; queued: number }>(
      `SELECT count(*)::int AS n, count(mail_queued_at)::int AS queued FROM tracker_deliveries
       WHERE month = $1 AND subscription_id = ANY($2)`,
      [month, trackers.map((t) => t.id)],
    );
    const { rows: sent } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_deliveries WHERE message_key = ANY($1) AND sent_at IS NOT NULL`,
      [trackers.map((t) => deliveryKey(t.id))],
    );
    const monthsMail = sink.accepted.filter((m) => m.key.startsWith('tracker-delivery-') && m.key.endsWith(month));
    console.log(
      [
        `Worker SIGKILL during the ${month} County Tracker delivery: ${trackers.length} subscriptions`,
        `  killed mid-run: ${midRun} (${recordedWhenKilled[0].n} deliveries recorded); the run came back and reached ` +
          `the 21st email ${(runRecoveredIn / 1000).toFixed(1)} s after the kill`,
        `  the killed run: ${rerun?.finishedOn ? `finished "${rerun.returnvalue}"` : 'not finished'}, stalled ${rerun?.stalledCounter}`,
        `  killed mid-send after ${deliveredBeforeRestart} deliveries, sending ${caught.length} (${caught.join(', ')})`,
        `  after the restart all delivered in ${(allIn / 1000).toFixed(1)} s: exactly once ${counts.filter((n) => n === 1).length}, ` +
          `lost (jobs lost) ${counts.filter((n) => n === 0).length}, doubled ${counts.filter((n) => n > 1).length}`,
      ].join('\n'),
    );

    expect({
      killedMidRun: midRun && recordedWhenKilled[0].n < trackers.length,
      runFinished: Boolean(rerun?.finishedOn) && !rerun?.failedReason,
      killedMidSend: deliveredBeforeRestart === 20 && caught.length > 0,
      notExactlyOnce: trackers.flatMap((t, i) => (counts[i] === 1 ? [] : [`${t.id}: ${counts[i]}`])),
      toSomeoneElse: trackers.filter(
        (t) => sink.accepted.find((m) => m.key === deliveryKey(t.id))?.recipients.join() !== t.email,
      ).length,
      // Nothing else was delivered for the month, and the store's records agree with the mailbox.
      monthsMail: monthsMail.length,
      records: records[0],
      markedSent: sent[0].n,
    }).toEqual({
      killedMidRun: true,
      runFinished: true,
      killedMidSend: true,
      notExactlyOnce: [],
      toSomeoneElse: 0,
      monthsMail: trackers.length,
      records: { n: trackers.length, queued: trackers.length },
      markedSent: trackers.length,
    });
  }, 280_000);

  it('on SIGTERM, finishes the job in progress and every request in flight, then exits with 0', async () => {
    // The worker, sending a receipt whose SMTP answer is slow.
    smtp.slowAnswersBy(4_000);
    const order = await buy('drain', cartOf(1, 'one-time'));
    expect(order).toMatchObject({ status: 200 });
    const receiptKey = `receipt-${order.orderId}`;
    // The mail server has the message; the worker waits for its answer.
    await eventually(async () => receiptsOf(order.orderId!) === 1, 30_000);
    const workerStopping = Date.now();
    const workerExit = await worker.stop(SHUTDOWN_BOUND_MS + 10_000);
    const workerStopMs = Date.now() - workerStopping;
    smtp.slowAnswersBy(0);
    // Were the job left unfinished, the next worker would re-run it (after its lock expires).
    worker = startWorker();
    const mailQueue = queue(MAIL_QUEUE);
    const job = await eventually(async () => {
      const found = await mailQueue.getJob(receiptKey);
      return found?.finishedOn ? found : undefined;
    }, 60_000).catch(() => undefined);
    await sleep(1_000);
    const { rows: claim } = await db.query(
      `SELECT sent_at IS NOT NULL AS sent FROM email_deliveries WHERE message_key = $1`,
      [receiptKey],
    );

    // The API, with 20 checkouts of 500 counties under way and one request whose body is still arriving.
    // The checkouts are held inside the API, waiting for the counties table that the test locks, so
    // that each is surely in its handler when SIGTERM comes (and not still unread in a socket).
    const lock = await db.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE counties IN ACCESS EXCLUSIVE MODE');
    const carts = Array.from({ length: 20 }, () =>
      [...counties]
        .sort(() => Math.random() - 0.5)
        .slice(0, 500)
        .map((countyId) => ({ countyId, purchaseType: pick(PLANS) })),
    );
    const opened = carts.map(async (items) => {
      const buyer = nextBuyer('drain-api');
      const started = Date.now();
      try {
        const res = await fetch(`${api.origin}/api/create-payment-intent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': buyer.address },
          body: JSON.stringify({ email: buyer.email, items, acceptedLicense: true }),
          signal: AbortSignal.timeout(60_000),
        });
        const body = (await res.json()) as { clientSecret?: string; orderId?: string; message?: string };
        return { status: res.status, body, ms: Date.now() - started };
      } catch (error) {
        return { status: 0, body: { message: describeFailure(error) }, ms: Date.now() - started };
      }
    });
    const slowBuyer = nextBuyer('drain-api');
    const slow = slowRequest(
      `${api.origin}/api/create-payment-intent`,
      { 'content-type': 'application/json', 'x-forwarded-for': slowBuyer.address },
      JSON.stringify({ email: slowBuyer.email, items: cartOf(3), acceptedLicense: true }),
    );
    // The first checkouts wait for the lock (node-pg parses each statement first, which is when
    // PostgreSQL takes it); a moment later the API has read every request.
    const held = await eventually(async () => {
      const { rows } = await lock.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'counties'::regclass AND NOT granted`,
      );
      return rows[0].n > 0;
    }, 30_000)
      .then(() => true)
      .catch(() => false);
    await sleep(1_000);
    const apiStopping = Date.now();
    const logMark = api.mark;
    api.signal('SIGTERM');
    await sleep(1_000);
    slow.finish();
    await sleep(500);
    await lock.query('ROLLBACK');
    lock.release();
    const answers = await Promise.all(opened);
    const slowAnswer = await slow.answer;
    const apiExit = await api.exitWithin(SHUTDOWN_BOUND_MS + 10_000);
    const apiStopMs = Date.now() - apiStopping;
    const { rows: openedOrders } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE email LIKE 'drain-api-%' AND stripe_payment_intent_id IS NOT NULL`,
    );
    const statuses = new Tally();
    for (const [i, answer] of [...answers, slowAnswer].entries()) {
      statuses.add(
        i < answers.length ? 'create-payment-intent (500 counties)' : 'create-payment-intent (body sent after SIGTERM)',
        { status: answer.status, message: answer.body.message ?? '', ms: answer.ms },
        (o) => o.status === 200,
      );
    }

    console.log(
      [
        'SIGTERM:',
        `  worker sending a receipt (SMTP answer 4 s late): exited ${JSON.stringify(workerExit)} after ${workerStopMs} ms; ` +
          `receipt delivered ${receiptsOf(order.orderId!)} time(s), job ${job ? `finished "${job.returnvalue}" after ${job.attemptsMade} attempt(s), stalled ${job.stalledCounter}` : 'not finished'}`,
        `  API with 21 requests in flight: answers ${statuses.describe()}; slowest ${Math.max(...answers.map((a) => a.ms))} ms; ` +
          `exited ${JSON.stringify(apiExit)} after ${apiStopMs} ms; orders opened ${openedOrders[0].n} of 21`,
        `  errors the API logged after SIGTERM: ${api.errorsSince(logMark)}`,
      ].join('\n'),
    );

    expect({
      workerExit,
      workerStoppedInTime: workerStopMs < SHUTDOWN_BOUND_MS,
      receipts: receiptsOf(order.orderId!),
      job: job?.returnvalue,
      claim,
      held,
      badAnswers: statuses.bad,
      answersWithoutPayment: [...answers, slowAnswer].filter((a) => !/_secret_/.test(a.body.clientSecret ?? '')).length,
      ordersOpened: openedOrders[0].n,
      apiExit,
      apiStoppedInTime: apiStopMs < SHUTDOWN_BOUND_MS,
    }).toEqual({
      workerExit: { code: 0, signal: null },
      workerStoppedInTime: true,
      receipts: 1,
      job: 'sent',
      claim: [{ sent: true }],
      held: true,
      badAnswers: [],
      answersWithoutPayment: 0,
      ordersOpened: 21,
      apiExit: { code: 0, signal: null },
      apiStoppedInTime: true,
    });
  }, 180_000);
});
