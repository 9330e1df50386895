import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { ReleasesRepository } from '../../../src/modules/releases/releases.repository';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import {
  customers,
  everyone,
  Expected,
  formatMatrix,
  inBatches,
  Method,
  Outcome,
  Role,
  ROLE_LABELS,
  ROLES,
  staff,
  adminOnly,
  tokenHolders,
} from '../../support/access-control';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe } from '../../support/stripe';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import type { CatalogCountyDto as County } from '../../../src/modules/counties/dto/catalog-county.dto';

interface Row {
  /** A key for the checks that read a cell's answer after the run. */
  key: string;
  method: Method;
  /** The path as /api/docs-json names it. */
  route: string;
  /** What is special about this row's request (whose id, which token). */
  what?: string;
  /** The request path with ids filled in; a cell that changes something gets its own row to change. */
  path: (role: Role) => string;
  send?: (role: Role) => { headers?: Record<string, string>; body?: string | object | Buffer };
  expect: Expected;
  /** The call ends or changes the caller's session: each cell gets credentials of its own, and runs last. */
  fresh?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A small county file the upload accepts: the two identifiers and an owner. */
const countyFile = (fips: string) =>
  gzipSync(`parcel_id,county_fips,owner_name\n001-01,${fips},Ada Lovelace\n001-02,${fips},Grace Hopper\n`);

/** Prometheus's token for GET /metrics: set for this run, so that no caller's own credentials open it. */
const METRICS_TOKEN = `metrics-${'m'.repeat(40)}`;

/** Routes served outside the API document, each with why; classified here all the same. */
const OUTSIDE_THE_DOCUMENT: Record<string, string> = {
  'GET /metrics': "Prometheus's, not the API's: served on the API's port, only with METRICS_TOKEN (docs/metrics.md)",
};

/** The roles that send an Authorization header of their own, which takes the place of any other. */
const BEARER_ROLES: Role[] = ['adminBearer', 'expiredAdminBearer', 'tokenA', 'tokenB', 'revokedTokenA'];

const byRole = <T>(items: T[]): Record<Role, T> =>
  Object.fromEntries(ROLES.map((role, i) => [role, items[i]])) as Record<Role, T>;

describe('Access control: every API route × every kind of caller', () => {
  const context = useTestApp({ listen: true, env: { METRICS_TOKEN } });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const stamp = Date.now();
  let addressCounter = 0;
  // Each request comes from its own private address, so no per-address limit of one cell touches another.
  const address = () => {
    const n = ++addressCounter;
    return `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  };

  const emailA = `access-a.${stamp}@example.com`;
  const emailB = `access-b.${stamp}@example.com`;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let counties: County[];
  let subsA: { snapshot: string; tracker: string; cancelled: string };
  let trackerFipsA: string;
  let subsB: { snapshot: string; tracker: string };
  let orderA: string;
  let userA: string;
  let orderTokenA: string;
  let expiredStaffTokenA: string;
  let invoiceA: string;
  let invoiceB: string;
  let paymentIntentA: string;
  let downloadPathA: string;
  let adminToken: string;
  let expiredToken: string;
  /** API tokens: A's, B's, and one of A's revoked. */
  const apiTokens = {} as { a: string; b: string; revokedA: string };
  const base = {} as Record<Role, Record<string, string>>;
  /** Rows a cell changes for good, one per role: subscriptions to cancel, counties to edit, remove or upload to. */
  const toCancel = {} as Record<Role, string>;
  const toEdit = {} as Record<Role, County>;
  const toRemove = {} as Record<Role, County>;
  const toUpload = {} as Record<Role, County>;
  /** An empty draft: publishing it is refused, so every caller finds it as it was. */
  let draftRelease: string;
  const releaseMonths = byRole(ROLES.map((_, i) => `2040-${String(i + 1).padStart(2, '0')}`));
  const absent = randomUUID();
  /** A batch append of A's (queued: no worker runs here). */
  let batchA: string;
  /** A token of A's that only A's session may revoke. */
  let spareTokenIdA: string;
  /** A webhook endpoint of A's (nothing is delivered: no worker runs here). */
  let webhookA: string;
  let webhookEvents = 0;
  let checkouts = 0;

  async function adminLogin(): Promise<string> {
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', address())
      .send({ password: TEST_ADMIN_PASSWORD });
    if (res.status !== 200) throw new Error(`Admin sign-in answered ${res.status}: ${res.text}`);
    return res.body.token;
  }

  /** A second admin sign-in whose session has run out (its expiry set in the past in admin_sessions). */
  async function expiredAdminToken(): Promise<string> {
    const token = await adminLogin();
    const [, updated] = await db().query(
      `UPDATE admin_sessions SET expires_at = now() - interval '1 minute' WHERE token = $1`,
      [sha256(token)],
    );
    if (updated !== 1) throw new Error('The admin session to expire was not found');
    return token;
  }

  /** A staff session with the support role (a password session made support: the guard reads only the role). */
  async function supportLogin(): Promise<string> {
    const token = await adminLogin();
    await db().query(`UPDATE admin_sessions SET role = 'support' WHERE token = $1`, [sha256(token)]);
    return token;
  }

  async function customerSession(email: string): Promise<WebClient> {
    const client = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(client, { email });
    return client;
  }

  async function credentials(role: Role): Promise<Record<string, string>> {
    switch (role) {
      case 'anonymous':
        return {};
      case 'customerA':
        return { Cookie: (await customerSession(emailA)).cookieHeader() };
      case 'customerB':
        return { Cookie: (await customerSession(emailB)).cookieHeader() };
      case 'adminBearer':
        return { Authorization: `Bearer ${await adminLogin()}` };
      case 'adminCookie':
        return { Cookie: `cds.admin=${await adminLogin()}` };
      case 'expiredAdminBearer':
        return { Authorization: `Bearer ${await expiredAdminToken()}` };
      case 'expiredAdminCookie':
        return { Cookie: `cds.admin=${await expiredAdminToken()}` };
      case 'supportCookie':
        return { Cookie: `cds.admin=${await supportLogin()}` };
      case 'tokenA':
        return { Authorization: `Bearer ${apiTokens.a}` };
      case 'tokenB':
        return { Authorization: `Bearer ${apiTokens.b}` };
      case 'revokedTokenA':
        return { Authorization: `Bearer ${apiTokens.revokedA}` };
    }
  }

  /** The subscriptions an order made, in the order of the counties given. */
  async function subscriptionsOf(orderId: string, bought: County[]): Promise<string[]> {
    const rows: { id: string; county_id: string }[] = await db().query(
      `SELECT s.id, s.county_id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [orderId],
    );
    return bought.map((county) => rows.find((row) => row.county_id === county.id)!.id);
  }

  beforeAll(async () => {
    stripe = await testStripe();
    // The least populous counties have the smallest generated files.
    counties = await db().query(
      `SELECT id, fips, name, state, state_code AS "stateCode", population
       FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT $1`,
      // A's three and B's two, and four throwaway counties per caller.
      [5 + ROLES.length * 4],
    );
    let next = 0;
    const take = (n: number) => counties.slice(next, (next += n));

    // A: a SnapShot, a Tracker, and a Tracker that staff cancel; B: a SnapShot and a Tracker.
    const boughtA = take(3);
    orderA = await buy(context.store.server, emailA, [
      { countyId: boughtA[0].id, purchaseType: 'one-time' },
      { countyId: boughtA[1].id, purchaseType: 'annual' },
      { countyId: boughtA[2].id, purchaseType: 'annual' },
    ]);
    const boughtB = take(2);
    const orderB = await buy(context.store.server, emailB, [
      { countyId: boughtB[0].id, purchaseType: 'one-time' },
      { countyId: boughtB[1].id, purchaseType: 'annual' },
    ]);
    const [snapshotA, trackerA, cancelledA] = await subscriptionsOf(orderA, boughtA);
    subsA = { snapshot: snapshotA, tracker: trackerA, cancelled: cancelledA };
    trackerFipsA = boughtA[1].fips;
    const [snapshotB, trackerB] = await subscriptionsOf(orderB, boughtB);
    subsB = { snapshot: snapshotB, tracker: trackerB };

    const throwaway = take(ROLES.length);
    const throwawayOrder = await buy(
      context.store.server,
      `access-throwaway.${stamp}@example.com`,
      throwaway.map((county) => ({ countyId: county.id, purchaseType: 'one-time' as const })),
    );
    Object.assign(toCancel, byRole(await subscriptionsOf(throwawayOrder, throwaway)));
    Object.assign(toEdit, byRole(take(ROLES.length)));
    Object.assign(toRemove, byRole(take(ROLES.length)));
    Object.assign(toUpload, byRole(take(ROLES.length)));
    draftRelease = (await context.store.app.get(ReleasesRepository).create('2039-01'))!.id;

    adminToken = await adminLogin();
    await api()
      .post(`/api/admin/subscriptions/${subsA.cancelled}/cancel`)
      .set('Authorization', `Bearer ${adminToken}`)
      .expect(200);
    const [clientA, clientB] = await Promise.all([customerSession(emailA), customerSession(emailB)]);
    [{ stripe_payment_intent_id: paymentIntentA }] = await db().query(
      `SELECT stripe_payment_intent_id FROM orders WHERE id = $1`,
      [orderA],
    );
    orderTokenA = (await context.store.app.get(OrderPageLinks).forOrder(orderA)).token;
    expiredStaffTokenA = (await context.store.app.get(OrderPageLinks).forStaff(db().manager, orderA)).token;
    await db().query(`UPDATE order_page_tokens SET expires_at = now() - interval '1 day' WHERE token_hash = $1`, [
      sha256(expiredStaffTokenA),
    ]);
    [{ user_id: userA }] = await db().query(`SELECT user_id FROM orders WHERE id = $1`, [orderA]);
    const invoiceOf = async (orderId: string) =>
      (await db().query<{ id: string }[]>(`SELECT id FROM invoices WHERE order_id = $1`, [orderId]))[0].id;
    [invoiceA, invoiceB] = [await invoiceOf(orderA), await invoiceOf(orderB)];
    const link = await api()
      .post(`/api/subscriptions/${subsA.snapshot}/download-link`)
      .set('Cookie', clientA.cookieHeader())
      .expect(200);
    downloadPathA = new URL(link.body.url).pathname;

    const tokenOf = async (client: WebClient, name: string) =>
      (await api().post('/api/tokens').set('Cookie', client.cookieHeader()).send({ name }).expect(201)).body as {
        id: string;
        token: string;
      };
    const revokedA = await tokenOf(clientA, 'Revoked before the run');
    await api().delete(`/api/tokens/${revokedA.id}`).set('Cookie', clientA.cookieHeader()).expect(200);
    const spareA = await tokenOf(clientA, 'Spare, revoked by the run');
    spareTokenIdA = spareA.id;
    Object.assign(apiTokens, {
      a: (await tokenOf(clientA, 'A in the matrix')).token,
      b: (await tokenOf(clientB, 'B in the matrix')).token,
      revokedA: revokedA.token,
    });
    batchA = (
      await api()
        .post('/api/v1/batches')
        .set({ Authorization: `Bearer ${apiTokens.a}`, 'Content-Type': 'text/csv' })
        .send('id,address\n1,1 Main St\n')
        .expect(202)
    ).body.id;

    webhookA = (
      await api()
        .post('/api/v1/webhooks')
        .set({ Authorization: `Bearer ${apiTokens.a}` })
        .send({ url: 'http://127.0.0.1:9/hooks' })
        .expect(201)
    ).body.id;

    expiredToken = await expiredAdminToken();
    Object.assign(base, {
      anonymous: {},
      customerA: { Cookie: clientA.cookieHeader() },
      customerB: { Cookie: clientB.cookieHeader() },
      adminBearer: { Authorization: `Bearer ${adminToken}` },
      adminCookie: { Cookie: `cds.admin=${adminToken}` },
      expiredAdminBearer: { Authorization: `Bearer ${expiredToken}` },
      expiredAdminCookie: { Cookie: `cds.admin=${expiredToken}` },
      supportCookie: { Cookie: `cds.admin=${await supportLogin()}` },
      tokenA: { Authorization: `Bearer ${apiTokens.a}` },
      tokenB: { Authorization: `Bearer ${apiTokens.b}` },
      revokedTokenA: { Authorization: `Bearer ${apiTokens.revokedA}` },
    });
  }, 120_000);

  const json = (body: object) => () => ({ body });
  const signedWebhook = (): { headers: Record<string, string>; body: string } => {
    const payload = JSON.stringify({
      id: `evt_access_${stamp}_${++webhookEvents}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_access', object: 'customer' } },
    });
    return {
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripe.simulator.signature(payload) },
      body: payload,
    };
  };
  const checkoutBody = () => ({
    email: `access-checkout.${stamp}.${++checkouts}@example.com`,
    items: [{ countyId: counties[0].id, purchaseType: 'one-time' }],
    acceptedLicense: true,
  });
  const countyFields = (county: County) => ({
    name: county.name,
    state: county.state,
    stateCode: county.stateCode,
    population: county.population,
  });

  // prettier-ignore
  const rows: Row[] = [
    // Public reads and the public write paths of a visitor.
    { key: 'health', method: 'GET', route: '/api/health', path: () => '/api/health', expect: everyone(200) },
    { key: 'counties', method: 'GET', route: '/api/counties', path: () => '/api/counties', expect: everyone(200) },
    { key: 'plans', method: 'GET', route: '/api/plans', path: () => '/api/plans', expect: everyone(200) },
    { key: 'formats', method: 'GET', route: '/api/formats', path: () => '/api/formats', expect: everyone(200) },
    { key: 'schema', method: 'GET', route: '/api/schema', path: () => '/api/schema', expect: everyone(200) },
    { key: 'checkout-config', method: 'GET', route: '/api/checkout/config', path: () => '/api/checkout/config', expect: everyone(200) },
    { key: 'schema-pdf', method: 'GET', route: '/data-schema.pdf', path: () => '/data-schema.pdf', expect: everyone(200) },
    { key: 'sign-out-css', method: 'GET', route: '/api/logout/page.css', path: () => '/api/logout/page.css', expect: everyone(200) },
    // Metrics: only Prometheus's token opens them; no session, admin token or API token does.
    { key: 'metrics', method: 'GET', route: '/metrics', path: () => '/metrics', expect: everyone(401) },
    { key: 'metrics-token', method: 'GET', route: '/metrics', what: "Prometheus's token (a bearer role's own replaces it)",
      path: () => '/metrics', send: () => ({ headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }),
      expect: { ...everyone(200), ...Object.fromEntries(BEARER_ROLES.map((role) => [role, 401])) } },
    { key: 'dataset-summary', method: 'GET', route: '/api/counties/{id}/dataset-summary', what: 'a county on sale',
      path: () => `/api/counties/${counties[0].id}/dataset-summary`, expect: everyone(200) },
    { key: 'sample', method: 'GET', route: '/api/counties/{id}/sample.csv', what: 'a county on sale',
      path: () => `/api/counties/${counties[0].id}/sample.csv`, expect: everyone(200) },
    { key: 'county-releases', method: 'GET', route: '/api/counties/{id}/releases', what: 'a county on sale',
      path: () => `/api/counties/${counties[0].id}/releases`, expect: everyone(200) },
    { key: 'coverage', method: 'GET', route: '/api/coverage.csv', path: () => '/api/coverage.csv', expect: everyone(200) },
    { key: 'journey', method: 'POST', route: '/api/journey-events', path: () => '/api/journey-events',
      send: () => ({ body: { visitorId: randomUUID(), event: 'landing_view', metadata: { source: 'access-control' } } }),
      expect: everyone(202) },
    { key: 'payment-intent', method: 'POST', route: '/api/create-payment-intent', path: () => '/api/create-payment-intent',
      send: () => ({ body: checkoutBody() }), expect: everyone(200) },
    { key: 'payment-success', method: 'POST', route: '/api/payment-success', what: "A's paid intent, again",
      path: () => '/api/payment-success', send: () => ({ body: { paymentIntentId: paymentIntentA, email: emailA } }),
      expect: everyone(200) },
    { key: 'webhook-unsigned', method: 'POST', route: '/api/stripe/webhook', what: 'unsigned', path: () => '/api/stripe/webhook',
      send: () => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'evt_unsigned', type: 'customer.created' }) }),
      expect: everyone(400) },
    { key: 'webhook-signed', method: 'POST', route: '/api/stripe/webhook', what: 'signed', path: () => '/api/stripe/webhook',
      send: signedWebhook, expect: everyone(200) },

    // The customer's own things.
    { key: 'me', method: 'GET', route: '/api/auth/user', path: () => '/api/auth/user', expect: customers({ a: 200, b: 200 }) },
    { key: 'list', method: 'GET', route: '/api/subscriptions', path: () => '/api/subscriptions', expect: customers({ a: 200, b: 200 }) },
    { key: 'patch-a', method: 'PATCH', route: '/api/subscriptions/{id}', what: "A's tracker",
      path: () => `/api/subscriptions/${subsA.tracker}`, send: json({ autoRenew: true }), expect: customers({ a: 200, b: 404 }) },
    { key: 'patch-b', method: 'PATCH', route: '/api/subscriptions/{id}', what: "B's tracker",
      path: () => `/api/subscriptions/${subsB.tracker}`, send: json({ autoRenew: true }), expect: customers({ a: 404, b: 200 }) },
    { key: 'patch-a-snapshot', method: 'PATCH', route: '/api/subscriptions/{id}', what: "A's snapshot (never renews)",
      path: () => `/api/subscriptions/${subsA.snapshot}`, send: json({ autoRenew: true }), expect: customers({ a: 409, b: 404 }) },
    { key: 'patch-a-cancelled', method: 'PATCH', route: '/api/subscriptions/{id}', what: "A's cancelled tracker",
      path: () => `/api/subscriptions/${subsA.cancelled}`, send: json({ autoRenew: true }), expect: customers({ a: 409, b: 404 }) },
    { key: 'patch-absent', method: 'PATCH', route: '/api/subscriptions/{id}', what: 'no such id',
      path: () => `/api/subscriptions/${absent}`, send: json({ autoRenew: true }), expect: customers({ a: 404, b: 404 }) },
    { key: 'link-a', method: 'POST', route: '/api/subscriptions/{id}/download-link', what: "A's snapshot",
      path: () => `/api/subscriptions/${subsA.snapshot}/download-link`, expect: customers({ a: 200, b: 404 }) },
    { key: 'link-a-tracker', method: 'POST', route: '/api/subscriptions/{id}/download-link', what: "A's tracker",
      path: () => `/api/subscriptions/${subsA.tracker}/download-link`, expect: customers({ a: 200, b: 404 }) },
    { key: 'link-a-cancelled', method: 'POST', route: '/api/subscriptions/{id}/download-link', what: "A's cancelled tracker",
      path: () => `/api/subscriptions/${subsA.cancelled}/download-link`, expect: customers({ a: 403, b: 404 }) },
    { key: 'link-b', method: 'POST', route: '/api/subscriptions/{id}/download-link', what: "B's snapshot",
      path: () => `/api/subscriptions/${subsB.snapshot}/download-link`, expect: customers({ a: 404, b: 200 }) },
    { key: 'link-absent', method: 'POST', route: '/api/subscriptions/{id}/download-link', what: 'no such id',
      path: () => `/api/subscriptions/${absent}/download-link`, expect: customers({ a: 404, b: 404 }) },
    { key: 'invoices', method: 'GET', route: '/api/invoices', path: () => '/api/invoices', expect: customers({ a: 200, b: 200 }) },
    { key: 'invoice-a', method: 'GET', route: '/api/invoices/{id}/pdf', what: "A's invoice",
      path: () => `/api/invoices/${invoiceA}/pdf`, expect: customers({ a: 200, b: 404 }) },
    { key: 'invoice-b', method: 'GET', route: '/api/invoices/{id}/pdf', what: "B's invoice",
      path: () => `/api/invoices/${invoiceB}/pdf`, expect: customers({ a: 404, b: 200 }) },
    { key: 'invoice-absent', method: 'GET', route: '/api/invoices/{id}/pdf', what: 'no such id',
      path: () => `/api/invoices/${absent}/pdf`, expect: customers({ a: 404, b: 404 }) },

    // Batch append: a County Tracker subscriber's batches (A and B both have one), with a token or the session.
    { key: 'v1-batch-send', method: 'POST', route: '/api/v1/batches', what: 'a CSV of one address',
      path: () => '/api/v1/batches', send: () => ({ headers: { 'Content-Type': 'text/csv' }, body: 'id,address\n1,1 Main St\n' }),
      expect: tokenHolders({ a: 202, b: 202 }) },
    { key: 'v1-batches', method: 'GET', route: '/api/v1/batches', path: () => '/api/v1/batches', expect: tokenHolders({ a: 200, b: 200 }) },
    { key: 'v1-batch-a', method: 'GET', route: '/api/v1/batches/{id}', what: "A's batch",
      path: () => `/api/v1/batches/${batchA}`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-batch-absent', method: 'GET', route: '/api/v1/batches/{id}', what: 'no such id',
      path: () => `/api/v1/batches/${absent}`, expect: tokenHolders({ a: 404, b: 404 }) },
    { key: 'v1-batch-result', method: 'GET', route: '/api/v1/batches/{id}/result', what: "A's batch, not done",
      path: () => `/api/v1/batches/${batchA}/result`, expect: tokenHolders({ a: 409, b: 404 }) },
    { key: 'batch-send', method: 'POST', route: '/api/parcel-batches', what: 'a CSV of one address',
      path: () => '/api/parcel-batches', send: () => ({ headers: { 'Content-Type': 'text/csv' }, body: 'id,address\n1,1 Main St\n' }),
      expect: customers({ a: 202, b: 202 }) },
    { key: 'batches', method: 'GET', route: '/api/parcel-batches', path: () => '/api/parcel-batches', expect: customers({ a: 200, b: 200 }) },
    { key: 'batch-a', method: 'GET', route: '/api/parcel-batches/{id}', what: "A's batch",
      path: () => `/api/parcel-batches/${batchA}`, expect: customers({ a: 200, b: 404 }) },
    { key: 'batch-absent', method: 'GET', route: '/api/parcel-batches/{id}', what: 'no such id',
      path: () => `/api/parcel-batches/${absent}`, expect: customers({ a: 404, b: 404 }) },
    { key: 'batch-result', method: 'GET', route: '/api/parcel-batches/{id}/result', what: "A's batch, not done",
      path: () => `/api/parcel-batches/${batchA}/result`, expect: customers({ a: 409, b: 404 }) },

    // API tokens: managed with the session only, never with a token.
    { key: 'tokens', method: 'GET', route: '/api/tokens', path: () => '/api/tokens', expect: customers({ a: 200, b: 200 }) },
    { key: 'token-create', method: 'POST', route: '/api/tokens', path: () => '/api/tokens',
      send: (role) => ({ body: { name: `Made by ${role}` } }), expect: customers({ a: 201, b: 201 }) },
    { key: 'token-revoke', method: 'DELETE', route: '/api/tokens/{id}', what: "A's spare token",
      path: () => `/api/tokens/${spareTokenIdA}`, expect: customers({ a: 200, b: 404 }) },
    { key: 'token-revoke-absent', method: 'DELETE', route: '/api/tokens/{id}', what: 'no such id',
      path: () => `/api/tokens/${absent}`, expect: customers({ a: 404, b: 404 }) },

    // The data API: a live API token only, and its owner's subscriptions only.
    { key: 'v1-list', method: 'GET', route: '/api/v1/subscriptions', path: () => '/api/v1/subscriptions',
      expect: tokenHolders({ a: 200, b: 200 }) },
    { key: 'v1-manifest', method: 'GET', route: '/api/v1/releases/{month}/manifest.json',
      path: () => '/api/v1/releases/2026-01/manifest.json', expect: tokenHolders({ a: 200, b: 200 }) },
    // Changes since a release: A's Tracker's county since this month (no published release here), which B holds nothing of.
    { key: 'v1-changes', method: 'GET', route: '/api/v1/changes', what: "A's Tracker's county",
      path: () => `/api/v1/changes?county=${trackerFipsA}&since=${new Date().toISOString().slice(0, 7)}`, expect: tokenHolders({ a: 404, b: 403 }) },
    { key: 'v1-link-a', method: 'POST', route: '/api/v1/subscriptions/{id}/download-link', what: "A's snapshot",
      path: () => `/api/v1/subscriptions/${subsA.snapshot}/download-link`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-link-a-tracker', method: 'POST', route: '/api/v1/subscriptions/{id}/download-link', what: "A's tracker",
      path: () => `/api/v1/subscriptions/${subsA.tracker}/download-link`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-link-a-cancelled', method: 'POST', route: '/api/v1/subscriptions/{id}/download-link', what: "A's cancelled tracker",
      path: () => `/api/v1/subscriptions/${subsA.cancelled}/download-link`, expect: tokenHolders({ a: 403, b: 404 }) },
    { key: 'v1-link-b', method: 'POST', route: '/api/v1/subscriptions/{id}/download-link', what: "B's snapshot",
      path: () => `/api/v1/subscriptions/${subsB.snapshot}/download-link`, expect: tokenHolders({ a: 404, b: 200 }) },
    { key: 'v1-link-absent', method: 'POST', route: '/api/v1/subscriptions/{id}/download-link', what: 'no such id',
      path: () => `/api/v1/subscriptions/${absent}/download-link`, expect: tokenHolders({ a: 404, b: 404 }) },

    // Webhook endpoints: a live API token, and its owner's endpoints only.
    { key: 'v1-webhooks', method: 'GET', route: '/api/v1/webhooks', path: () => '/api/v1/webhooks',
      expect: tokenHolders({ a: 200, b: 200 }) },
    { key: 'v1-webhook-create', method: 'POST', route: '/api/v1/webhooks', path: () => '/api/v1/webhooks',
      send: () => ({ body: { url: 'http://127.0.0.1:9/more' } }), expect: tokenHolders({ a: 201, b: 201 }) },
    { key: 'v1-webhook', method: 'GET', route: '/api/v1/webhooks/{id}', what: "A's endpoint",
      path: () => `/api/v1/webhooks/${webhookA}`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-webhook-delete', method: 'DELETE', route: '/api/v1/webhooks/{id}', what: 'no such id',
      path: () => `/api/v1/webhooks/${absent}`, expect: tokenHolders({ a: 404, b: 404 }) },
    { key: 'v1-webhook-roll', method: 'POST', route: '/api/v1/webhooks/{id}/roll-secret', what: "A's endpoint",
      path: () => `/api/v1/webhooks/${webhookA}/roll-secret`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-webhook-enable', method: 'POST', route: '/api/v1/webhooks/{id}/enable', what: "A's endpoint",
      path: () => `/api/v1/webhooks/${webhookA}/enable`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-webhook-test', method: 'POST', route: '/api/v1/webhooks/{id}/test', what: "A's endpoint",
      path: () => `/api/v1/webhooks/${webhookA}/test`, expect: tokenHolders({ a: 202, b: 404 }) },
    { key: 'v1-webhook-log', method: 'GET', route: '/api/v1/webhooks/{id}/deliveries', what: "A's endpoint",
      path: () => `/api/v1/webhooks/${webhookA}/deliveries`, expect: tokenHolders({ a: 200, b: 404 }) },
    { key: 'v1-webhook-resend', method: 'POST', route: '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
      what: 'no such delivery', path: () => `/api/v1/webhooks/${webhookA}/deliveries/${absent}/resend`,
      expect: tokenHolders({ a: 404, b: 404 }) },

    // The same endpoints on the dashboard: the session only.
    { key: 'webhooks', method: 'GET', route: '/api/webhooks', path: () => '/api/webhooks',
      expect: customers({ a: 200, b: 200 }) },
    { key: 'webhook-create', method: 'POST', route: '/api/webhooks', path: () => '/api/webhooks',
      send: () => ({ body: { url: 'http://127.0.0.1:9/dashboard' } }), expect: customers({ a: 201, b: 201 }) },
    { key: 'webhook', method: 'GET', route: '/api/webhooks/{id}', what: "A's endpoint",
      path: () => `/api/webhooks/${webhookA}`, expect: customers({ a: 200, b: 404 }) },
    { key: 'webhook-delete', method: 'DELETE', route: '/api/webhooks/{id}', what: 'no such id',
      path: () => `/api/webhooks/${absent}`, expect: customers({ a: 404, b: 404 }) },
    { key: 'webhook-roll', method: 'POST', route: '/api/webhooks/{id}/roll-secret', what: "A's endpoint",
      path: () => `/api/webhooks/${webhookA}/roll-secret`, expect: customers({ a: 200, b: 404 }) },
    { key: 'webhook-enable', method: 'POST', route: '/api/webhooks/{id}/enable', what: "A's endpoint",
      path: () => `/api/webhooks/${webhookA}/enable`, expect: customers({ a: 200, b: 404 }) },
    { key: 'webhook-test', method: 'POST', route: '/api/webhooks/{id}/test', what: "A's endpoint",
      path: () => `/api/webhooks/${webhookA}/test`, expect: customers({ a: 202, b: 404 }) },
    { key: 'webhook-log', method: 'GET', route: '/api/webhooks/{id}/deliveries', what: "A's endpoint",
      path: () => `/api/webhooks/${webhookA}/deliveries`, expect: customers({ a: 200, b: 404 }) },
    { key: 'webhook-resend', method: 'POST', route: '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
      what: 'no such delivery', path: () => `/api/webhooks/${webhookA}/deliveries/${absent}/resend`,
      expect: customers({ a: 404, b: 404 }) },

    // Parcel lookups: a live API token whose owner has an active County Tracker (both A and B have one).
    { key: 'v1-parcels', method: 'GET', route: '/api/v1/parcels', what: 'an address search',
      path: () => '/api/v1/parcels?address=1%20Main%20St', expect: tokenHolders({ a: 200, b: 200 }) },
    { key: 'v1-parcel', method: 'GET', route: '/api/v1/parcels/{parcelKey}', what: 'no such parcel',
      path: () => '/api/v1/parcels/24510A1', expect: tokenHolders({ a: 404, b: 404 }) },

    // Owner portfolios: the same County Tracker subscribers, with a token or (the store's pages) the session.
    { key: 'v1-owners', method: 'GET', route: '/api/v1/owners', what: 'a name search',
      path: () => '/api/v1/owners?name=Smith', expect: tokenHolders({ a: 200, b: 200 }) },
    { key: 'v1-owner', method: 'GET', route: '/api/v1/owners/{ownerId}', what: 'no such owner',
      path: () => `/api/v1/owners/${absent}`, expect: tokenHolders({ a: 404, b: 404 }) },
    { key: 'v1-owner-export', method: 'GET', route: '/api/v1/owners/{ownerId}/export', what: 'no such owner',
      path: () => `/api/v1/owners/${absent}/export?format=csv`, expect: tokenHolders({ a: 404, b: 404 }) },
    { key: 'session-owners', method: 'GET', route: '/api/owners', what: 'a name search',
      path: () => '/api/owners?name=Smith', expect: customers({ a: 200, b: 200 }) },
    { key: 'session-owner', method: 'GET', route: '/api/owners/{ownerId}', what: 'no such owner',
      path: () => `/api/owners/${absent}`, expect: customers({ a: 404, b: 404 }) },
    { key: 'session-owner-export', method: 'GET', route: '/api/owners/{ownerId}/export', what: 'no such owner',
      path: () => `/api/owners/${absent}/export?format=geojson`, expect: customers({ a: 404, b: 404 }) },
    // Staff audit owners; only admins split or merge them.
    { key: 'admin-owners', method: 'GET', route: '/api/admin/owners', what: 'a name search',
      path: () => '/api/admin/owners?name=Smith', expect: staff(200) },
    { key: 'admin-owner', method: 'GET', route: '/api/admin/owners/{id}', what: 'no such owner',
      path: () => `/api/admin/owners/${absent}`, expect: staff(404) },
    { key: 'admin-owner-split', method: 'POST', route: '/api/admin/owners/{id}/split', what: 'no such owner',
      path: () => `/api/admin/owners/${absent}/split`,
      send: json({ mentions: [{ nameKey: 'SMITH JOHN', mailKey: '' }], reason: 'Two people' }), expect: adminOnly(404) },
    { key: 'admin-owner-merge', method: 'POST', route: '/api/admin/owners/{id}/merge', what: 'no such owner',
      path: () => `/api/admin/owners/${absent}/merge`,
      send: json({ intoOwnerId: absent, reason: 'One company' }), expect: adminOnly(404) },

    { key: 'v1-tile', method: 'GET', route: '/api/v1/tiles/{z}/{x}/{y}.mvt', what: 'a tile of Baltimore',
      path: () => '/api/v1/tiles/16/18337/25077.mvt', expect: tokenHolders({ a: 200, b: 200 }) },
    // Staff look up any parcel.
    { key: 'admin-parcels', method: 'GET', route: '/api/admin/parcels', what: 'an address search',
      path: () => '/api/admin/parcels?address=1%20Main%20St', expect: staff(200) },
    { key: 'admin-parcel', method: 'GET', route: '/api/admin/parcels/{parcelKey}', what: 'no such parcel',
      path: () => '/api/admin/parcels/24510A1', expect: staff(404) },
    { key: 'admin-parcel-fields', method: 'GET', route: '/api/admin/parcel-fields',
      path: () => '/api/admin/parcel-fields', expect: staff(200) },
    // The parcel preview: outlines and parcel numbers, for anyone.
    { key: 'preview-tile', method: 'GET', route: '/api/tiles/preview/{z}/{x}/{y}.mvt', what: 'a tile of Baltimore',
      path: () => '/api/tiles/preview/16/18337/25077.mvt', expect: everyone(200) },
    { key: 'parcel-preview-place', method: 'GET', route: '/api/counties/{id}/parcel-preview', what: 'a county on sale, no parcels loaded',
      path: () => `/api/counties/${counties[0].id}/parcel-preview`, expect: everyone(404) },
    // The store's parcel map: the session of a customer with an active County Tracker (A and B), never a token.
    { key: 'session-parcels', method: 'GET', route: '/api/parcels', what: 'an address search',
      path: () => '/api/parcels?address=1%20Main%20St', expect: customers({ a: 200, b: 200 }) },
    { key: 'session-parcel', method: 'GET', route: '/api/parcels/{parcelKey}', what: 'no such parcel',
      path: () => '/api/parcels/24510A1', expect: customers({ a: 404, b: 404 }) },
    { key: 'session-tile', method: 'GET', route: '/api/tiles/{z}/{x}/{y}.mvt', what: 'a tile of Baltimore',
      path: () => '/api/tiles/16/18337/25077.mvt', expect: customers({ a: 200, b: 200 }) },
    { key: 'parcel-map', method: 'GET', route: '/api/parcel-map', path: () => '/api/parcel-map',
      expect: customers({ a: 200, b: 200 }) },
    // The console's parcel map: staff of either role.
    { key: 'admin-tile', method: 'GET', route: '/api/admin/tiles/{z}/{x}/{y}.mvt', what: 'a tile of Baltimore',
      path: () => '/api/admin/tiles/16/18337/25077.mvt', expect: staff(200) },

    // Capability links: whoever holds the token, signed in or not.
    { key: 'download', method: 'GET', route: '/api/downloads/{token}', what: "A's link",
      path: () => downloadPathA, expect: everyone(200) },
    { key: 'download-tampered', method: 'GET', route: '/api/downloads/{token}', what: "A's link, altered",
      path: () => `${downloadPathA.slice(0, -2)}${downloadPathA.endsWith('AA') ? 'BB' : 'AA'}`, expect: everyone(404) },
    { key: 'order', method: 'GET', route: '/api/orders/{token}', what: "A's order token",
      path: () => `/api/orders/${orderTokenA}`, expect: everyone(200) },
    { key: 'order-forged', method: 'GET', route: '/api/orders/{token}', what: 'order id without its MAC',
      path: () => `/api/orders/${orderA}`, expect: everyone(404) },
    { key: 'order-staff-expired', method: 'GET', route: '/api/orders/{token}', what: 'a staff link past its 30 days',
      path: () => `/api/orders/${expiredStaffTokenA}`, expect: everyone(410) },
    { key: 'order-link', method: 'POST', route: '/api/orders/{token}/subscriptions/{id}/download-link', what: "A's token, A's snapshot",
      path: () => `/api/orders/${orderTokenA}/subscriptions/${subsA.snapshot}/download-link`, expect: everyone(200) },
    { key: 'order-link-b', method: 'POST', route: '/api/orders/{token}/subscriptions/{id}/download-link', what: "A's token, B's snapshot",
      path: () => `/api/orders/${orderTokenA}/subscriptions/${subsB.snapshot}/download-link`, expect: everyone(404) },
    { key: 'order-download', method: 'GET', route: '/api/orders/{token}/subscriptions/{id}/download', what: "A's token, A's snapshot",
      path: () => `/api/orders/${orderTokenA}/subscriptions/${subsA.snapshot}/download`, expect: everyone(302) },
    { key: 'order-download-b', method: 'GET', route: '/api/orders/{token}/subscriptions/{id}/download', what: "A's token, B's snapshot",
      path: () => `/api/orders/${orderTokenA}/subscriptions/${subsB.snapshot}/download`, expect: everyone(404) },
    { key: 'order-invoice', method: 'GET', route: '/api/orders/{token}/invoices/{invoiceId}/pdf', what: "A's token, A's invoice",
      path: () => `/api/orders/${orderTokenA}/invoices/${invoiceA}/pdf`, expect: everyone(200) },
    { key: 'order-invoice-b', method: 'GET', route: '/api/orders/{token}/invoices/{invoiceId}/pdf', what: "A's token, B's invoice",
      path: () => `/api/orders/${orderTokenA}/invoices/${invoiceB}/pdf`, expect: everyone(404) },
    { key: 'order-invoice-forged', method: 'GET', route: '/api/orders/{token}/invoices/{invoiceId}/pdf', what: "A's order id without its MAC",
      path: () => `/api/orders/${orderA}/invoices/${invoiceA}/pdf`, expect: everyone(404) },

    // Staff.
    { key: 'admin-login', method: 'POST', route: '/api/admin/login', path: () => '/api/admin/login',
      send: json({ password: TEST_ADMIN_PASSWORD }), expect: everyone(200) },
    { key: 'check-auth', method: 'GET', route: '/api/admin/check-auth', path: () => '/api/admin/check-auth', expect: staff(200) },
    { key: 'summary', method: 'GET', route: '/api/admin/summary', path: () => '/api/admin/summary', expect: staff(200) },
    { key: 'analytics', method: 'GET', route: '/api/admin/analytics', path: () => '/api/admin/analytics', expect: staff(200) },
    { key: 'admin-subscriptions', method: 'GET', route: '/api/admin/subscriptions', path: () => '/api/admin/subscriptions', expect: staff(200) },
    { key: 'users', method: 'GET', route: '/api/admin/users', path: () => '/api/admin/users', expect: staff(200) },
    { key: 'audit-log', method: 'GET', route: '/api/admin/audit-log', path: () => '/api/admin/audit-log', expect: staff(200) },
    { key: 'customers', method: 'GET', route: '/api/admin/customers', path: () => '/api/admin/customers?q=access', expect: staff(200) },
    { key: 'customer', method: 'GET', route: '/api/admin/customers/{id}', what: "A's account",
      path: () => `/api/admin/customers/${userA}`, expect: staff(200) },
    { key: 'customer-absent', method: 'GET', route: '/api/admin/customers/{id}', what: 'no such id',
      path: () => `/api/admin/customers/${absent}`, expect: staff(404) },
    // More than the order's total: staff are told so (400) and nothing is refunded; everyone else never gets that far.
    { key: 'customer-refund', method: 'POST', route: '/api/admin/customers/{id}/orders/{orderId}/refund', what: "A's order, too much",
      path: () => `/api/admin/customers/${userA}/orders/${orderA}/refund`,
      send: json({ amountCents: 99_999_999, idempotencyKey: '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e71' }), expect: adminOnly(400) },
    { key: 'customer-resend-absent', method: 'POST', route: '/api/admin/customers/{id}/orders/{orderId}/resend-receipt', what: 'no such order of A',
      path: () => `/api/admin/customers/${userA}/orders/${absent}/resend-receipt`,
      send: json({ idempotencyKey: '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e72' }), expect: staff(404) },
    { key: 'customer-invoice', method: 'GET', route: '/api/admin/customers/{id}/invoices/{invoiceId}/pdf', what: "A's invoice",
      path: () => `/api/admin/customers/${userA}/invoices/${invoiceA}/pdf`, expect: staff(200) },
    { key: 'customer-invoice-b', method: 'GET', route: '/api/admin/customers/{id}/invoices/{invoiceId}/pdf', what: "B's invoice through A",
      path: () => `/api/admin/customers/${userA}/invoices/${invoiceB}/pdf`, expect: staff(404) },
    { key: 'customer-page-link-absent', method: 'POST', route: '/api/admin/customers/{id}/orders/{orderId}/page-link', what: 'no such order of A',
      path: () => `/api/admin/customers/${userA}/orders/${absent}/page-link`, expect: staff(404) },
    // A one-time purchase has no Tracker email and no end to move: staff are told so (409), nothing changes.
    { key: 'customer-page-link', method: 'POST', route: '/api/admin/customers/{id}/orders/{orderId}/page-link', what: "A's order",
      path: () => `/api/admin/customers/${userA}/orders/${orderA}/page-link`, expect: staff(200) },
    { key: 'audit-log-filtered', method: 'GET', route: '/api/admin/audit-log', what: 'a page, filtered',
      path: () => `/api/admin/audit-log?action=subscription.cancel&from=2020-01-01&page=1&pageSize=10`, expect: staff(200) },
    { key: 'customer-resend-tracker', method: 'POST', route: '/api/admin/customers/{id}/subscriptions/{subscriptionId}/resend-tracker-email',
      what: "A's one-time purchase", path: () => `/api/admin/customers/${userA}/subscriptions/${subsA.snapshot}/resend-tracker-email`,
      send: json({ idempotencyKey: '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e73' }), expect: staff(409) },
    { key: 'customer-extend', method: 'POST', route: '/api/admin/customers/{id}/subscriptions/{subscriptionId}/extend',
      what: "A's one-time purchase", path: () => `/api/admin/customers/${userA}/subscriptions/${subsA.snapshot}/extend`,
      send: json({ unit: 'months', count: 1, idempotencyKey: '0b0e7a52-4f4c-4d7e-9a63-2f0d3c1b5e74' }), expect: adminOnly(409) },
    { key: 'cancel', method: 'POST', route: '/api/admin/subscriptions/{id}/cancel', what: 'an active subscription each',
      path: (role) => `/api/admin/subscriptions/${toCancel[role]}/cancel`, expect: adminOnly(200) },
    { key: 'cancel-absent', method: 'POST', route: '/api/admin/subscriptions/{id}/cancel', what: 'no such id',
      path: () => `/api/admin/subscriptions/${absent}/cancel`, expect: adminOnly(404) },
    { key: 'replace-order-link', method: 'POST', route: '/api/admin/subscriptions/{id}/replace-order-link', what: 'a throwaway order’s subscription',
      path: (role) => `/api/admin/subscriptions/${toCancel[role]}/replace-order-link`, expect: adminOnly(200) },
    { key: 'replace-order-link-absent', method: 'POST', route: '/api/admin/subscriptions/{id}/replace-order-link', what: 'no such id',
      path: () => `/api/admin/subscriptions/${absent}/replace-order-link`, expect: adminOnly(404) },
    { key: 'edit-county', method: 'PUT', route: '/api/admin/counties/{id}', what: 'a county each',
      path: (role) => `/api/admin/counties/${toEdit[role].id}`, send: (role) => ({ body: countyFields(toEdit[role]) }),
      expect: adminOnly(200) },
    { key: 'remove-county', method: 'DELETE', route: '/api/admin/counties/{id}', what: 'a county each',
      path: (role) => `/api/admin/counties/${toRemove[role].id}`, expect: adminOnly(200) },
    { key: 'upload', method: 'POST', route: '/api/admin/counties/{id}/datasets', what: 'a county each',
      path: (role) => `/api/admin/counties/${toUpload[role].id}/datasets?release=${releaseOf(new Date())}`,
      send: (role) => ({ headers: { 'Content-Type': 'application/gzip' }, body: countyFile(toUpload[role].fips) }),
      expect: adminOnly(201) },

    { key: 'releases', method: 'GET', route: '/api/admin/releases', path: () => '/api/admin/releases', expect: staff(200) },
    { key: 'release-create', method: 'POST', route: '/api/admin/releases', what: 'a month each',
      path: () => '/api/admin/releases', send: (role) => ({ body: { month: releaseMonths[role] } }), expect: adminOnly(201) },
    { key: 'release', method: 'GET', route: '/api/admin/releases/{id}', what: 'an empty draft',
      path: () => `/api/admin/releases/${draftRelease}`, expect: staff(200) },
    { key: 'release-preview', method: 'GET', route: '/api/admin/releases/{id}/counties/{countyId}/preview',
      what: 'a county with no file in an empty draft',
      path: () => `/api/admin/releases/${draftRelease}/counties/${absent}/preview`, expect: staff(404) },
    { key: 'admin-coverage', method: 'GET', route: '/api/admin/coverage', path: () => '/api/admin/coverage', expect: staff(200) },
    { key: 'release-publish', method: 'POST', route: '/api/admin/releases/{id}/publish', what: 'an empty draft: refused',
      path: () => `/api/admin/releases/${draftRelease}/publish`, expect: adminOnly(409) },
    { key: 'release-files', method: 'POST', route: '/api/admin/releases/{id}/files', what: 'an empty file: refused',
      path: () => `/api/admin/releases/${draftRelease}/files`, send: () => ({ headers: { 'Content-Type': 'text/csv' }, body: '' }),
      expect: adminOnly(400) },
    { key: 'ingest-job', method: 'GET', route: '/api/admin/jobs/{id}', what: 'no such job',
      path: () => `/api/admin/jobs/${absent}`, expect: staff(404) },
    { key: 'queues', method: 'GET', route: '/api/admin/queues', path: () => '/api/admin/queues', expect: staff(200) },
    { key: 'queue-failed', method: 'GET', route: '/api/admin/queues/{name}/failed', what: 'the mail queue',
      path: () => '/api/admin/queues/mail/failed', expect: staff(200) },
    { key: 'queue-retry', method: 'POST', route: '/api/admin/queues/{name}/jobs/{jobId}/retry', what: 'no such job',
      path: () => '/api/admin/queues/mail/jobs/absent-job/retry', expect: adminOnly(404) },
    { key: 'queue-remove', method: 'DELETE', route: '/api/admin/queues/{name}/jobs/{jobId}', what: 'no such job',
      path: () => '/api/admin/queues/mail/jobs/absent-job', expect: adminOnly(404) },
    { key: 'tus-create', method: 'POST', route: '/api/admin/uploads', what: 'a resumable upload to no release: refused',
      path: () => '/api/admin/uploads',
      send: () => ({ headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', 'Upload-Metadata': `releaseId ${Buffer.from(absent).toString('base64')}` } }),
      expect: adminOnly(404) },
    { key: 'tus-send', method: 'PATCH', route: '/api/admin/uploads/{uploadId}', what: 'no such upload',
      path: () => `/api/admin/uploads/${'0'.repeat(32)}`,
      send: () => ({ headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body: 'x' }),
      expect: adminOnly(404) },
    { key: 'tus-cancel', method: 'DELETE', route: '/api/admin/uploads/{uploadId}', what: 'no such upload',
      path: () => `/api/admin/uploads/${'0'.repeat(32)}`, send: () => ({ headers: { 'Tus-Resumable': '1.0.0' } }),
      expect: adminOnly(404) },
    { key: 'tus-cancel-query', method: 'DELETE', route: '/api/admin/uploads/{uploadId}', what: 'a query string naming a file: no such upload',
      path: () => `/api/admin/uploads/${'0'.repeat(32)}?x/..%2Fvictim.txt`, send: () => ({ headers: { 'Tus-Resumable': '1.0.0' } }),
      expect: adminOnly(404) },
    { key: 'tus-override', method: 'POST', route: '/api/admin/uploads', what: 'X-HTTP-Method-Override: refused',
      path: () => '/api/admin/uploads?x/..%2Fvictim.txt',
      send: () => ({ headers: { 'Tus-Resumable': '1.0.0', 'X-HTTP-Method-Override': 'DELETE' } }),
      expect: adminOnly(400) },

    // Calls that end or change the caller's session: each cell signs in afresh.
    { key: 'login', method: 'GET', route: '/api/login', path: () => '/api/login', expect: everyone(302), fresh: true },
    { key: 'callback', method: 'GET', route: '/api/login/callback', what: 'no code: starts sign-in over',
      path: () => '/api/login/callback', expect: everyone(302), fresh: true },
    { key: 'callback-forged', method: 'GET', route: '/api/login/callback', what: 'a code and state not issued',
      path: () => '/api/login/callback?code=stolen&state=forged', expect: everyone(303), fresh: true },
    { key: 'logout-page', method: 'GET', route: '/api/logout', what: 'a page with a Sign out button, signs nobody out',
      path: () => '/api/logout', expect: everyone(200), fresh: true },
    { key: 'logout', method: 'POST', route: '/api/logout', path: () => '/api/logout', expect: everyone(303), fresh: true },
    { key: 'admin-logout', method: 'POST', route: '/api/admin/logout', path: () => '/api/admin/logout', expect: staff(200), fresh: true },
    { key: 'staff-login', method: 'GET', route: '/api/admin/staff-login', path: () => '/api/admin/staff-login',
      expect: everyone(302), fresh: true },
    { key: 'staff-callback', method: 'GET', route: '/api/admin/staff-login/callback', what: 'no code: starts sign-in over',
      path: () => '/api/admin/staff-login/callback', expect: everyone(302), fresh: true },
    { key: 'staff-callback-forged', method: 'GET', route: '/api/admin/staff-login/callback', what: 'a code and state not issued',
      path: () => '/api/admin/staff-login/callback?code=stolen&state=forged', expect: everyone(303), fresh: true },
    { key: 'staff-callback-error', method: 'GET', route: '/api/admin/staff-login/callback', what: 'a provider error, no sign-in begun',
      path: () => '/api/admin/staff-login/callback?error=x&error_description=Refunded%20by%20Jane', expect: everyone(303), fresh: true },
  ];

  const label = (row: Row) => `${row.method} ${row.route}${row.what ? ` [${row.what}]` : ''}`;
  const outcomes = new Map<string, Outcome>();
  const outcome = (key: string, role: Role) => outcomes.get(`${key}|${role}`);
  let runSeconds = 0;

  async function runCell(row: Row, role: Role): Promise<Outcome> {
    try {
      const headers = { ...(row.fresh ? await credentials(role) : base[role]) };
      const { headers: extra = {}, body } = row.send?.(role) ?? {};
      const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      let call = api()[method](row.path(role)).set('X-Forwarded-For', address());
      for (const [name, value] of Object.entries({ ...extra, ...headers })) call = call.set(name, value);
      const res = await (body === undefined ? call : call.send(body));
      return { status: res.status, body: res.body, location: res.headers.location };
    } catch (error) {
      return { status: `error: ${(error as Error).message}`, body: null };
    }
  }

  describe('run in full', () => {
    beforeAll(async () => {
      const started = Date.now();
      const cells = (fresh: boolean) =>
        rows
          .filter((row) => !!row.fresh === fresh)
          .flatMap((row) =>
            ROLES.map((role) => async () => outcomes.set(`${row.key}|${role}`, await runCell(row, role))),
          );
      // Calls that change a session go last, though each has a session of its own.
      await inBatches(cells(false), 20);
      await inBatches(cells(true), 10);
      runSeconds = (Date.now() - started) / 1000;
    }, 120_000);

    afterAll(() => {
      console.log(
        `Access-control matrix: ${rows.length} cases × ${ROLES.length} callers = ${rows.length * ROLES.length} cells, ` +
          `run in ${runSeconds.toFixed(1)} s\n` +
          formatMatrix(
            rows.map((row) => ({ label: label(row), expect: row.expect })),
            (i, role) => outcome(rows[i].key, role),
          ),
      );
    });

    it('classifies every route the API documents, and no route it does not', async () => {
      const { body: spec } = await api().get('/api/docs-json').expect(200);
      const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
      );
      const classified = new Set(rows.map((row) => `${row.method} ${row.route}`));
      expect({
        unclassified: documented.filter((route) => !classified.has(route)),
        undocumented: [...classified].filter(
          (route) => !documented.includes(route) && !(route in OUTSIDE_THE_DOCUMENT),
        ),
      }).toEqual({ unclassified: [], undocumented: [] });
      expect(documented.length).toBeGreaterThan(30);
    });

    it('answers every route × caller with the expected status', () => {
      const misses = rows.flatMap((row) =>
        ROLES.flatMap((role) => {
          const got = outcome(row.key, role);
          return got?.status === row.expect[role]
            ? []
            : [
                {
                  route: label(row),
                  role: ROLE_LABELS[role],
                  expected: row.expect[role],
                  got: got?.status ?? 'not run',
                },
              ];
        }),
      );
      expect(misses).toEqual([]);
    });

    it("answers a customer acting on another's subscription exactly as on one that does not exist", () => {
      const pairs: [string, Role, string][] = [
        ['patch-a', 'customerB', 'patch-absent'],
        ['patch-a-snapshot', 'customerB', 'patch-absent'],
        ['patch-a-cancelled', 'customerB', 'patch-absent'],
        ['patch-b', 'customerA', 'patch-absent'],
        ['link-a', 'customerB', 'link-absent'],
        ['link-a-tracker', 'customerB', 'link-absent'],
        ['link-a-cancelled', 'customerB', 'link-absent'],
        ['link-b', 'customerA', 'link-absent'],
        ['invoice-a', 'customerB', 'invoice-absent'],
        ['invoice-b', 'customerA', 'invoice-absent'],
        ['v1-link-a', 'tokenB', 'v1-link-absent'],
        ['v1-link-a-tracker', 'tokenB', 'v1-link-absent'],
        ['v1-link-a-cancelled', 'tokenB', 'v1-link-absent'],
        ['v1-link-b', 'tokenA', 'v1-link-absent'],
        ['token-revoke', 'customerB', 'token-revoke-absent'],
        ['v1-batch-a', 'tokenB', 'v1-batch-absent'],
        ['batch-a', 'customerB', 'batch-absent'],
      ];
      for (const [key, role, absentKey] of pairs) {
        expect({ case: `${key} by ${role}`, ...outcome(key, role) }).toEqual({
          case: `${key} by ${role}`,
          ...outcome(absentKey, role),
        });
      }
      expect(outcome('patch-absent', 'customerB')?.body).toEqual({
        statusCode: 404,
        message: 'Subscription not found',
        error: 'Not Found',
      });
    });

    it('shows each customer only their own account and subscriptions', () => {
      const ids = (role: Role) => ((outcome('list', role)?.body ?? []) as { id: string }[]).map((s) => s.id).sort();
      expect(ids('customerA')).toEqual([subsA.snapshot, subsA.tracker, subsA.cancelled].sort());
      expect(ids('customerB')).toEqual([subsB.snapshot, subsB.tracker].sort());
      const invoices = (role: Role) => ((outcome('invoices', role)?.body ?? []) as { id: string }[]).map((i) => i.id);
      expect(invoices('customerA')).toEqual([invoiceA]);
      expect(invoices('customerB')).toEqual([invoiceB]);
      // A token sees what its owner's session sees, no more.
      const v1 = (role: Role) => ((outcome('v1-list', role)?.body ?? []) as { id: string }[]).map((s) => s.id).sort();
      expect(v1('tokenA')).toEqual(ids('customerA'));
      expect(v1('tokenB')).toEqual(ids('customerB'));
      expect((outcome('me', 'customerA')?.body as { email: string }).email).toBe(emailA);
      expect((outcome('me', 'customerB')?.body as { email: string }).email).toBe(emailB);
    });

    it('sends sign-in to the provider, and a callback it did not start back home', () => {
      for (const role of ROLES) {
        const login = new URL(outcome('login', role)?.location ?? 'missing:');
        expect({ role, responseType: login.searchParams.get('response_type') }).toEqual({ role, responseType: 'code' });
        const restart = new URL(outcome('callback', role)?.location ?? 'missing:');
        expect({ role, restart: restart.origin + restart.pathname }).toEqual({
          role,
          restart: login.origin + login.pathname,
        });
        expect({ role, forged: outcome('callback-forged', role)?.location }).toEqual({ role, forged: '/' });
      }
    });

    it('changes nothing for a caller it refuses', async () => {
      const [tracker] = await db().query(`SELECT auto_renew, status FROM subscriptions WHERE id = $1`, [subsA.tracker]);
      expect(tracker).toEqual({ auto_renew: true, status: 'active' });
      const cancelled: { id: string; status: string }[] = await db().query(
        `SELECT id, status FROM subscriptions WHERE id = ANY($1)`,
        [Object.values(toCancel)],
      );
      const statusOf = (role: Role) => cancelled.find((s) => s.id === toCancel[role])?.status;
      const removed: { id: string; deleted: boolean }[] = await db().query(
        `SELECT id, deleted_at IS NOT NULL AS deleted FROM counties WHERE id = ANY($1)`,
        [Object.values(toRemove).map((c) => c.id)],
      );
      const uploads: { county_id: string }[] = await db().query(
        `SELECT DISTINCT county_id FROM county_datasets WHERE county_id = ANY($1) AND source = 'uploaded'`,
        [Object.values(toUpload).map((c) => c.id)],
      );
      const changed = (role: Role) => ({
        cancelled: statusOf(role) === 'cancelled',
        removed: removed.find((c) => c.id === toRemove[role].id)?.deleted,
        uploaded: uploads.some((u) => u.county_id === toUpload[role].id),
      });
      // Only A's session revokes A's spare token, and a token makes no tokens.
      const tokens: { name: string; revoked: boolean }[] = await db().query(
        `SELECT name, revoked_at IS NOT NULL AS revoked FROM api_tokens WHERE id = $1 OR name LIKE 'Made by %'`,
        [spareTokenIdA],
      );
      expect(tokens.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
        { name: 'Made by customerA', revoked: false },
        { name: 'Made by customerB', revoked: false },
        { name: 'Spare, revoked by the run', revoked: true },
      ]);
      const allowed = (role: Role) => role === 'adminBearer' || role === 'adminCookie';
      for (const role of ROLES) {
        expect({ role, ...changed(role) }).toEqual({
          role,
          cancelled: allowed(role),
          removed: allowed(role),
          uploaded: allowed(role),
        });
      }
    });
  });
});
