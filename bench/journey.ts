/**
 * Section 2: POST /api/journey-events at full speed for 30 s — accepted (202) events a second,
 * every other answer and connection error counted — then every accepted event looked up in
 * journey_events.
 *
 * The store limits each visitor to 120 events a minute and each client address to 1,200. Load
 * arrives the way a real crowd's would: each simulated visitor is a fresh visitorId that walks the
 * six funnel steps, and every 50 visitors share one client address. The address reaches the store
 * as a load balancer on the same host passes it: in X-Forwarded-For, from a loopback peer, which
 * the store trusts as a proxy (`trust proxy` in src/app.setup.ts). The addresses are from
 * 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). Each address sends 300 events,
 * a quarter of its limit, so no answer is a 429 unless the limiter misjudges.
 *
 * The target is an absolute rate, which a slower machine misses whatever the code; so the same
 * load then goes to a bare `node:http` server on the same core that reads each POST's body and
 * sends the store's own 202 answer, and the rate is also given as a ratio to it.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Client } from 'pg';
import { JOURNEY_EVENTS } from '../src/contracts/journey';
import { startBareServer } from './support/bare-server';
import { median } from './support/bench-app';
import { httpRequest, round, type LoadOptions, type Round } from './support/load';
import { figure, verdict, type BenchSection } from './support/section';

const PATH = '/api/journey-events';
const CONNECTIONS = 50;
const SECONDS = 30;
const WARM_UP_SECONDS = 3;
const VISITORS_PER_ADDRESS = 50;
const TARGET = 2000;

// A little of what the store's pages send with each step.
const METADATA: Record<(typeof JOURNEY_EVENTS)[number], Record<string, unknown>> = {
  landing_view: { path: '/' },
  counties_view: { path: '/select-counties' },
  cart_add: { countyId: 1, purchaseType: 'annual' },
  checkout_view: { counties: 1 },
  email_entered: {},
  payment_success: { amountCents: 120_000 },
};

/** The n-th address of 198.18.0.0/15 (131,072 of them). */
const benchAddress = (n: number) => {
  const i = n % 131_072;
  return `198.${18 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
};

/** What the load generator sent and what the store answered, visitor by visitor. */
class Ledger {
  // A random start, so that a run soon after another uses other addresses.
  private visitors = randomInt(131_072 * VISITORS_PER_ADDRESS);
  readonly sent = new Set<string>();
  readonly accepted = new Map<string, number>();
  readonly others = new Map<number, number>();
  perSecond: number[] = [];
  private startedAt = 0;
  // Each connection is one visitor at a time, walking the funnel: the visitor and step in flight.
  private readonly walking: { visitorId: string; step: number }[] = [];

  /** The next request on a connection: the next funnel step, or a new visitor after the last. */
  request(url: string, connection: number): Buffer {
    let walk = this.walking[connection];
    if (!walk || walk.step === JOURNEY_EVENTS.length - 1) {
      walk = this.walking[connection] = { visitorId: randomUUID(), step: 0 };
      this.sent.add(walk.visitorId);
      this.visitors++;
    } else {
      walk.step++;
    }
    const event = JOURNEY_EVENTS[walk.step];
    return httpRequest(
      url,
      'POST',
      {
        'Content-Type': 'application/json',
        'X-Forwarded-For': benchAddress(Math.floor(this.visitors / VISITORS_PER_ADDRESS)),
      },
      JSON.stringify({ visitorId: walk.visitorId, event, metadata: METADATA[event] }),
    );
  }

  answered(connection: number, status: number): void {
    if (status !== 202) {
      this.others.set(status, (this.others.get(status) ?? 0) + 1);
      return;
    }
    const id = this.walking[connection].visitorId;
    this.accepted.set(id, (this.accepted.get(id) ?? 0) + 1);
    const second = Math.floor((Date.now() - this.startedAt) / 1000);
    this.perSecond[second] = (this.perSecond[second] ?? 0) + 1;
  }

  start(): void {
    this.startedAt = Date.now();
    this.perSecond = [];
  }

  get acceptedTotal(): number {
    let total = 0;
    for (const n of this.accepted.values()) total += n;
    return total;
  }
}

// The bare server: Node's http module and nothing else, reading each body and sending the captured answer.
const BARE_SERVER = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const [file, port] = process.argv.slice(2);
const { status, headers, body } = JSON.parse(readFileSync(file, 'utf8'));
const bytes = Buffer.from(body, 'base64');
createServer((req, res) => {
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(status, headers);
    res.end(bytes);
  });
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;
// Node writes these itself on every answer, the store's and the bare server's alike.
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive']);

/** The store's answer to one event: what the bare server sends back, byte for byte. */
function storeAnswer(url: string): Promise<{ status: number; headers: string[]; body: string }> {
  const event = JSON.stringify({ visitorId: randomUUID(), event: 'landing_view', metadata: METADATA.landing_view });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!NODE_OWN_HEADERS.has(res.rawHeaders[i].toLowerCase()))
            headers.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(event);
  });
}

/** The same load on the bare server: answers a second, and per second of its CPU. */
async function bareRound(answer: Awaited<ReturnType<typeof storeAnswer>>, make: Ledger): Promise<Round> {
  if (answer.status !== 202)
    throw new Error(`POST ${PATH} answered ${answer.status} when the bench asked for its answer`);
  const bare = await startBareServer(BARE_SERVER, answer);
  try {
    const url = `${bare.origin}${PATH}`;
    const options = (seconds: number): LoadOptions => ({
      url,
      connections: CONNECTIONS,
      seconds,
      // The same requests as the store's (the ledger is not told the answers: nothing is stored).
      request: (connection) => make.request(url, connection),
    });
    await round(bare.pid, options(WARM_UP_SECONDS));
    return await round(bare.pid, options(SECONDS));
  } finally {
    await bare.stop();
  }
}

/** Events stored per visitor, for the visitors the bench made. */
async function storedEvents(databaseUrl: string, visitors: string[]): Promise<Map<string, number>> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string; n: number }>(
      `SELECT e.visitor_id::text AS id, count(*)::int AS n
       FROM journey_events e JOIN unnest($1::uuid[]) AS v(id) ON v.id = e.visitor_id
       GROUP BY e.visitor_id`,
      [visitors],
    );
    return new Map(rows.map((row) => [row.id, row.n]));
  } finally {
    await db.end();
  }
}

export const benchJourney: BenchSection = async (app) => {
  const ledger = new Ledger();
  const url = `${app.origin}${PATH}`;
  const options = (seconds: number): LoadOptions => ({
    url,
    connections: CONNECTIONS,
    seconds,
    request: (connection) => ledger.request(url, connection),
    onResponse: (connection, status) => ledger.answered(connection, status),
  });
  ledger.start();
  const warmUp = await round(app.pid, options(WARM_UP_SECONDS));
  const acceptedBefore = ledger.acceptedTotal;
  ledger.start();
  const run: Round = await round(app.pid, options(SECONDS));
  const accepted = ledger.acceptedTotal - acceptedBefore;
  const rate = accepted / run.result.seconds;
  // Whole seconds only: the last one is cut short by the end of the run.
  const seconds = ledger.perSecond.slice(0, Math.floor(run.result.seconds)).map((n) => n ?? 0);

  const stored = await storedEvents(app.databaseUrl, [...ledger.sent]);
  const bare = await bareRound(await storeAnswer(url), new Ledger());
  const ratio = rate / bare.rate;
  const costRatio = run.perCpuSecond / bare.perCpuSecond;
  let missing = 0;
  let beyond = 0;
  for (const [id, n] of ledger.accepted) missing += Math.max(0, n - (stored.get(id) ?? 0));
  for (const [id, n] of stored) beyond += Math.max(0, n - (ledger.accepted.get(id) ?? 0));
  const acceptedAll = ledger.acceptedTotal;

  const others = [...ledger.others].map(([status, n]) => `${figure(n)} × ${status}`).join(', ') || 'none';
  const errors = warmUp.result.errors + run.result.errors;
  const otherCount = [...ledger.others.values()].reduce((sum, n) => sum + n, 0);
  const clean = errors === 0 && otherCount === 0;
  return [
    [
      `POST ${PATH}: accepted events/s, ${SECONDS} s at ${CONNECTIONS} connections`,
      `${figure(rate)} events/s (${figure(accepted)} accepted in ${figure(run.result.seconds, 1)} s; ` +
        `per second: median ${figure(median(seconds))}, lowest ${figure(Math.min(...seconds))}; ` +
        `target ≥ ${figure(TARGET)}: ${verdict(rate >= TARGET)}. Server core busy ${figure(run.serverCpu * 100)}%, ` +
        `load generator ${figure(run.clientCpu * 100)}%; ${figure(run.perCpuSecond)} events per second of server CPU)`,
    ],
    [
      `POST ${PATH}: accepted events/s ÷ bare node:http answering the same POSTs`,
      `${figure(ratio, 2)} (store ${figure(rate)} ÷ bare ${figure(bare.rate)} answers/s, ${SECONDS} s each at ` +
        `${CONNECTIONS} connections, one after the other; reported, the same on any machine where the ` +
        `absolute target is not. Server core busy: store ${figure(run.serverCpu * 100)}%, bare ${figure(bare.serverCpu * 100)}%; ` +
        `per server CPU second: store ${figure(run.perCpuSecond)} ÷ bare ${figure(bare.perCpuSecond)} = ${figure(costRatio, 2)})`,
    ],
    [
      `POST ${PATH}: answers other than 202, and errors`,
      `other answers: ${others}; connection errors and timeouts: ${errors} (target 0: ${verdict(clean)})`,
    ],
    [
      `POST ${PATH}: accepted events found in journey_events`,
      `${figure(acceptedAll - missing)} of ${figure(acceptedAll)} (warm-up included; ${figure(ledger.sent.size)} visitors, ` +
        `${figure(beyond)} more stored than answered — sent as the run stopped) ` +
        `(target all: ${verdict(missing === 0 && acceptedAll > 0)})`,
    ],
  ];
};
