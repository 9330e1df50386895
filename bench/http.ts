/**
 * Section 1: GET /api/counties beside a bare `node:http` server that sends the store's own answer —
 * the same status, headers and body bytes — from the same core. Measured alternately in one run
 * (store, bare, store, bare…), so both see the same machine noise; the figure is the median of the
 * per-round ratios. Once for the full (Brotli) body, once for the 304 revalidation.
 */
import { request } from 'node:http';
import { startBareServer, type BareServer } from './support/bare-server';
import type { BenchApp } from './support/bench-app';
import { median } from './support/bench-app';
import { httpRequest, round, unexpectedStatuses, type Round } from './support/load';
import { figure, verdict, type BenchSection } from './support/section';

const PATH = '/api/counties';
// What Chrome sends; the store picks Brotli from it, its pre-compressed body.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CONNECTIONS = 50;
const ROUND_SECONDS = 5;
const WARM_UP_SECONDS = 3;
const ROUNDS = 5;
const TARGET = 0.6;
// Node writes these itself on every answer, the store's and the bare server's alike.
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  /** Flat [name, value, name, value…] as the store sent them, without Node's own. */
  headers: string[];
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          if (!NODE_OWN_HEADERS.has(res.rawHeaders[i].toLowerCase()))
            kept.push(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (answer: Answer, name: string) => {
  const at = answer.headers.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === name);
  return at === -1 ? undefined : answer.headers[at + 1];
};

// The bare server: Node's http module and nothing else, answering with the captured bytes.
const BARE_SERVER = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const [file, port] = process.argv.slice(2);
const { full, notModified } = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(full.body, 'base64');
createServer((req, res) => {
  if (req.headers['if-none-match']) {
    res.writeHead(notModified.status, notModified.headers);
    res.end();
  } else {
    res.writeHead(full.status, full.headers);
    res.end(body);
  }
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
`;

/** Starts the bare server in its own process on the store's core. */
function startAnsweringBareServer(full: Answer, notModified: Answer): Promise<BareServer> {
  return startBareServer(BARE_SERVER, {
    full: { status: full.status, headers: full.headers, body: full.body.toString('base64') },
    notModified: { status: notModified.status, headers: notModified.headers },
  });
}

/** Both servers give the same answer to the same request, byte for byte and header for header. */
async function assertIdentical(store: string, bare: string, headers: Record<string, string>): Promise<void> {
  const [a, b] = await Promise.all([get(`${store}${PATH}`, headers), get(`${bare}${PATH}`, headers)]);
  const same =
    a.status === b.status && JSON.stringify(a.headers) === JSON.stringify(b.headers) && a.body.equals(b.body);
  if (!same) throw new Error(`the bare server's answer differs from the store's (${a.status} vs ${b.status})`);
}

interface Comparison {
  ratio: number;
  store: Round[];
  bare: Round[];
  wrongStatus: number;
  errors: number;
}

/** Warm-up for each, then ROUNDS alternating rounds: store, bare, store, bare… */
async function compare(
  app: BenchApp,
  bare: BareServer,
  headers: Record<string, string>,
  expected: number,
): Promise<Comparison> {
  const options = (origin: string, seconds: number) => ({
    url: `${origin}${PATH}`,
    request: httpRequest(`${origin}${PATH}`, 'GET', headers),
    connections: CONNECTIONS,
    seconds,
  });
  await round(app.pid, options(app.origin, WARM_UP_SECONDS));
  await round(bare.pid, options(bare.origin, WARM_UP_SECONDS));
  const store: Round[] = [];
  const plain: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    store.push(await round(app.pid, options(app.origin, ROUND_SECONDS)));
    plain.push(await round(bare.pid, options(bare.origin, ROUND_SECONDS)));
  }
  let wrongStatus = 0;
  let errors = 0;
  for (const { result } of [...store, ...plain]) {
    wrongStatus += unexpectedStatuses(result, [expected]);
    errors += result.errors;
  }
  return {
    ratio: median(store.map((s, i) => s.rate / plain[i].rate)),
    store,
    bare: plain,
    wrongStatus,
    errors,
  };
}

const percent = (rounds: Round[], pick: (r: Round) => number) => `${figure(median(rounds.map(pick)) * 100)}%`;

const describe = ({ ratio, store, bare }: Comparison) => {
  const storeRate = median(store.map((r) => r.rate));
  const bareRate = median(bare.map((r) => r.rate));
  // The same comparison per second of server CPU: what each answer costs, whatever share of
  // the core the machine's other work left the server.
  const costRatio = median(store.map((s, i) => s.perCpuSecond / bare[i].perCpuSecond));
  return (
    `${figure(ratio, 2)} (store ${figure(storeRate)} req/s ÷ bare ${figure(bareRate)} req/s, ` +
    `median of ${ROUNDS} alternating ${ROUND_SECONDS} s rounds at ${CONNECTIONS} connections; ` +
    `target ≥ ${TARGET}: ${verdict(ratio >= TARGET)}. ` +
    `Server core busy: store ${percent(store, (r) => r.serverCpu)}, bare ${percent(bare, (r) => r.serverCpu)}; ` +
    `load generator: ${percent(store, (r) => r.clientCpu)} / ${percent(bare, (r) => r.clientCpu)}; ` +
    `per server CPU second: store ${figure(median(store.map((r) => r.perCpuSecond)))} ÷ ` +
    `bare ${figure(median(bare.map((r) => r.perCpuSecond)))} = ${figure(costRatio, 2)})`
  );
};

export const benchHttp: BenchSection = async (app) => {
  const full = await get(`${app.origin}${PATH}`, { 'accept-encoding': ACCEPT_ENCODING });
  const etag = header(full, 'etag');
  if (full.status !== 200 || !etag) throw new Error(`GET ${PATH} answered ${full.status} without an ETag`);
  const revalidate = { 'accept-encoding': ACCEPT_ENCODING, 'if-none-match': etag };
  const notModified = await get(`${app.origin}${PATH}`, revalidate);
  if (notModified.status !== 304) throw new Error(`GET ${PATH} with If-None-Match answered ${notModified.status}`);

  const bare = await startAnsweringBareServer(full, notModified);
  try {
    await assertIdentical(app.origin, bare.origin, { 'accept-encoding': ACCEPT_ENCODING });
    await assertIdentical(app.origin, bare.origin, revalidate);
    const body = await compare(app, bare, { 'accept-encoding': ACCEPT_ENCODING }, 200);
    const revalidation = await compare(app, bare, revalidate, 304);
    const encoding = header(full, 'content-encoding') ?? 'identity';
    const clean = (c: Comparison) =>
      `${c.wrongStatus} other statuses, ${c.errors} errors (target 0: ${verdict(c.wrongStatus + c.errors === 0)})`;
    return [
      [
        `GET ${PATH}, full body (${encoding}, ${figure(full.body.length)} bytes), store ÷ bare node:http`,
        describe(body),
      ],
      [`GET ${PATH}, 304 revalidation (If-None-Match), store ÷ bare node:http`, describe(revalidation)],
      [
        `GET ${PATH}: answers other than 200 / 304, and errors`,
        `full body: ${clean(body)}; 304: ${clean(revalidation)}`,
      ],
    ];
  } finally {
    await bare.stop();
  }
};
