import { createHash } from 'node:crypto';
import request from 'supertest';
import {
  API_TOKEN_RATE_LIMIT,
  MAX_LIVE_TOKENS,
  REFUSED_TOKEN_LIMIT,
  TOKEN_REFUSALS,
  TOO_MANY_REFUSED_TOKENS,
} from '../../../src/modules/api-tokens';
import { inBatches } from '../../support/access-control';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/*
 * Issue 21, item 5: a signed-in customer makes personal access tokens on the dashboard, and their
 * scripts use them on /api/v1 for the same subscriptions and download links the dashboard gives,
 * never another customer's.
 */
describe('Customer data API: personal access tokens and /api/v1', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const [older, last] = [monthsAgo(2), monthsAgo(1)];
  let alice: WebClient;
  let bob: WebClient;
  let aliceSubs: { snapshot: string; tracker: string };
  let bobSnapshot: string;
  let trackedFips: string;

  const cookie = (client: WebClient) => ({ Cookie: client.cookieHeader() });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const createToken = (client: WebClient, name: string) => api().post('/api/tokens').set(cookie(client)).send({ name });
  const newToken = async (client: WebClient, name: string): Promise<{ id: string; token: string }> =>
    (await createToken(client, name).expect(201)).body;
  const v1List = (token: string) => api().get('/api/v1/subscriptions').set(bearer(token));
  const v1Link = (token: string, id: string, choice?: object) =>
    api()
      .post(`/api/v1/subscriptions/${id}/download-link`)
      .set(bearer(token))
      .send(choice ?? {});

  beforeAll(async () => {
    // Small counties: small generated files. The tracked one has two published releases, with a change file.
    const counties: { id: string; fips: string }[] = await db().query(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT 3`,
    );
    trackedFips = counties[1].fips;
    await makeRelease(context.store.app, older, [{ countyId: counties[1].id }]);
    await makeRelease(context.store.app, last, [
      { countyId: counties[1].id, changes: { previousRelease: older, added: 2, removed: 1, changed: 3 } },
    ]);
    await buy(context.store.server, 'api-alice@example.com', [
      { countyId: counties[0].id, purchaseType: 'one-time' },
      { countyId: counties[1].id, purchaseType: 'annual' },
    ]);
    await buy(context.store.server, 'api-bob@example.com', [{ countyId: counties[2].id, purchaseType: 'one-time' }]);
    alice = new WebClient(process.env.PUBLIC_URL as string);
    bob = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(alice, { email: 'api-alice@example.com' });
    await signIn(bob, { email: 'api-bob@example.com' });
    const listed = async (client: WebClient) =>
      (await api().get('/api/subscriptions').set(cookie(client)).expect(200)).body as {
        id: string;
        purchaseType: string;
      }[];
    const mine = await listed(alice);
    aliceSubs = {
      snapshot: mine.find((s) => s.purchaseType === 'one-time')!.id,
      tracker: mine.find((s) => s.purchaseType === 'annual')!.id,
    };
    [{ id: bobSnapshot }] = await listed(bob);
    // The Tracker began in the older release's month, so it includes both.
    await db().query(
      `UPDATE subscriptions SET start_date = $2, expiration_date = $2::timestamptz + interval '1 year' WHERE id = $1`,
      [aliceSubs.tracker, `${older}-15T12:00:00Z`],
    );
  }, 120_000);

  describe('tokens on the dashboard', () => {
    it('creates a named token, shows its secret once and keeps only its hash', async () => {
      const res = await createToken(alice, '  Nightly pull  ').expect(201);
      const { id, token, prefix, name, createdAt, lastUsedAt } = res.body;
      expect(res.headers['cache-control']).toBe('no-store');
      expect(token).toMatch(/^cds_[0-9A-Za-z]{40}$/);
      expect({ name, prefix, lastUsedAt }).toEqual({
        name: 'Nightly pull',
        prefix: token.slice(0, 8),
        lastUsedAt: null,
      });
      expect(Date.parse(createdAt)).toBeGreaterThan(Date.now() - 60_000);

      const list = await api().get('/api/tokens').set(cookie(alice)).expect(200);
      expect(list.body).toContainEqual({ id, name: 'Nightly pull', prefix, createdAt, lastUsedAt: null });
      expect(list.text).not.toContain(token.slice(8));

      const [row] = await db().query(`SELECT * FROM api_tokens WHERE id = $1`, [id]);
      expect(row.token_hash).toBe(sha256(token));
      expect(JSON.stringify(row)).not.toContain(token.slice(8));
    });

    it("lists each customer's own live tokens only, newest first", async () => {
      const first = await newToken(bob, 'Bob one');
      const second = await newToken(bob, 'Bob two');
      const bobs = (await api().get('/api/tokens').set(cookie(bob)).expect(200)).body as { id: string }[];
      expect(bobs.map((t) => t.id)).toEqual([second.id, first.id]);
      const alices = (await api().get('/api/tokens').set(cookie(alice)).expect(200)).body as { id: string }[];
      expect(alices.map((t) => t.id)).not.toContain(first.id);
    });

    it('refuses a blank, overlong or control-character name with a clear 400, creating nothing', async () => {
      const before = (await db().query(`SELECT count(*)::int AS n FROM api_tokens`))[0].n;
      for (const name of ['', '   ', 'x'.repeat(101), 'two\nlines', 'bell\u0007', 42, null]) {
        const res = await createToken(alice, name as string).expect(400);
        expect(res.body).toEqual({
          statusCode: 400,
          message: expect.stringMatching(/name must be/),
          error: 'Bad Request',
        });
      }
      await api().post('/api/tokens').set(cookie(alice)).send({ name: 'ok', scope: 'admin' }).expect(400);
      expect((await db().query(`SELECT count(*)::int AS n FROM api_tokens`))[0].n).toBe(before);
    });

    it(`refuses a second live token of the same name, and more than ${MAX_LIVE_TOKENS} live tokens`, async () => {
      const carol = new WebClient(process.env.PUBLIC_URL as string);
      await signIn(carol, { email: 'api-carol@example.com' });
      await newToken(carol, 'Laptop');
      const same = await createToken(carol, 'LAPTOP').expect(409);
      expect(same.body.message).toBe('You already have an API token named "LAPTOP". Give this one another name.');
      // Created all at once: the limit holds however they race.
      const answers = await Promise.all(
        Array.from({ length: MAX_LIVE_TOKENS + 2 }, (_, i) => createToken(carol, `Server ${i}`)),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_LIVE_TOKENS - 1);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => a.status)).toEqual([409, 409, 409]);
      expect(refused[0].body.message).toBe(
        `You have ${MAX_LIVE_TOKENS} API tokens, the most one account can have. Revoke one you no longer use, then create this one.`,
      );
      // Revoking one makes room, and frees its name.
      const [oldest] = ((await api().get('/api/tokens').set(cookie(carol)).expect(200)).body as { id: string }[]).slice(
        -1,
      );
      await api().delete(`/api/tokens/${oldest.id}`).set(cookie(carol)).expect(200);
      await createToken(carol, 'Laptop').expect(201);
    });

    it("revokes a token: it stops working at once and leaves the list; another customer's token is not found", async () => {
      const { id, token } = await newToken(alice, 'Short-lived');
      await v1List(token).expect(200);
      await api().delete(`/api/tokens/${id}`).set(cookie(bob)).expect(404);
      await v1List(token).expect(200);
      const revoked = await api().delete(`/api/tokens/${id}`).set(cookie(alice)).expect(200);
      expect(revoked.body).toMatchObject({ id, name: 'Short-lived', revokedAt: expect.any(String) });
      expect(revoked.body.token).toBeUndefined();
      const refused = await v1List(token).expect(401);
      expect(refused.body).toEqual({ statusCode: 401, message: TOKEN_REFUSALS.revoked, error: 'Unauthorized' });
      const list = (await api().get('/api/tokens').set(cookie(alice)).expect(200)).body as { id: string }[];
      expect(list.map((t) => t.id)).not.toContain(id);
      const again = await api().delete(`/api/tokens/${id}`).set(cookie(alice)).expect(404);
      expect(again.body.message).toBe('API token not found');
      await api().delete('/api/tokens/not-an-id').set(cookie(alice)).expect(400);
    });

    it('takes only the session cookie: a bearer token cannot list, make or revoke tokens', async () => {
      const { id, token } = await newToken(alice, 'Cannot mint');
      await api().get('/api/tokens').set(bearer(token)).expect(401);
      await api().post('/api/tokens').set(bearer(token)).send({ name: 'Minted by a token' }).expect(401);
      await api().delete(`/api/tokens/${id}`).set(bearer(token)).expect(401);
      await api().get('/api/subscriptions').set(bearer(token)).expect(401);
      await api().post(`/api/subscriptions/${aliceSubs.snapshot}/download-link`).set(bearer(token)).expect(401);
      await v1List(token).expect(200);
    });

    it('refuses a token made from another site (cross-site write)', async () => {
      const res = await createToken(alice, 'Forged').set('Origin', 'https://evil.example').expect(403);
      expect(res.body.message).toBe('Cross-site requests are not allowed');
      const [row] = await db().query(`SELECT count(*)::int AS n FROM api_tokens WHERE name = 'Forged'`);
      expect(row.n).toBe(0);
    });
  });

  describe('/api/v1 with a token', () => {
    let token: string;
    let tokenId: string;

    beforeAll(async () => {
      ({ token, id: tokenId } = await newToken(alice, 'Data team'));
    });

    it("lists the token owner's subscriptions as the dashboard does, with county FIPS and downloadable releases", async () => {
      const res = await v1List(token).expect(200);
      const dashboard = (await api().get('/api/subscriptions').set(cookie(alice)).expect(200)).body as {
        id: string;
        downloadableRelease: string | null;
        downloadableReleases: unknown[];
        status: string;
      }[];
      expect(res.body.map((s: { id: string }) => s.id)).toEqual(dashboard.map((s) => s.id));
      const tracker = res.body.find((s: { id: string }) => s.id === aliceSubs.tracker);
      const [county] = await db().query(
        `SELECT id, name, state, state_code AS "stateCode", fips FROM counties WHERE fips = $1`,
        [trackedFips],
      );
      const fromDashboard = dashboard.find((s) => s.id === aliceSubs.tracker)!;
      expect(tracker).toMatchObject({
        county,
        plan: 'annual',
        planName: 'County Tracker',
        status: 'active',
        startDate: `${older}-15T12:00:00.000Z`,
        downloadableRelease: last,
        downloadableReleases: fromDashboard.downloadableReleases,
      });
      expect(tracker.downloadableReleases.map((r: { release: string }) => r.release)).toEqual([last, older]);
      expect(tracker.downloadableReleases[0]).toMatchObject({ hasChangeFile: true, added: 2, removed: 1, changed: 3 });
      const snapshot = res.body.find((s: { id: string }) => s.id === aliceSubs.snapshot);
      expect(snapshot).toMatchObject({ plan: 'one-time', planName: 'County SnapShot', expirationDate: null });
      expect(snapshot.county.fips).toMatch(/^\d{5}$/);
    });

    it('gives the same download link as the dashboard call, and the file downloads', async () => {
      const viaToken = await v1Link(token, aliceSubs.snapshot).expect(200);
      const viaCookie = await api()
        .post(`/api/subscriptions/${aliceSubs.snapshot}/download-link`)
        .set(cookie(alice))
        .expect(200);
      const { url, expiresAt, ...facts } = viaToken.body;
      const { url: _url, expiresAt: _expiresAt, ...dashboardFacts } = viaCookie.body;
      expect(facts).toEqual(dashboardFacts);
      expect(facts).toMatchObject({ kind: 'full', format: 'csv' });
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      // Any client follows the link as curl -L would, without the token.
      const file = await fetch(url, { redirect: 'follow' });
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBe(facts.bytes);
    });

    it("gives a chosen release's change file of the owner's Tracker, and refuses a release it does not include", async () => {
      const changes = await v1Link(token, aliceSubs.tracker, { release: last, kind: 'changes' }).expect(200);
      expect(changes.body).toMatchObject({ release: last, records: 2 + 1 + 3 });
      const earlier = await v1Link(token, aliceSubs.tracker, { release: older }).expect(200);
      expect(earlier.body.release).toBe(older);
      const outside = await v1Link(token, aliceSubs.tracker, { release: '2001-01' }).expect(403);
      expect(outside.body.message).toMatch(/does not include the 2001-01 release/);
      const malformed = await v1Link(token, aliceSubs.tracker, { release: 'last month' }).expect(400);
      expect(malformed.body.message).toBe('release must be a monthly release as YYYY-MM, for example 2026-11');
      await v1Link(token, aliceSubs.tracker, { release: last, admin: true }).expect(400);
      // curl -d sends a form: refused, not read as "no choice" and answered with another file.
      const form = await api()
        .post(`/api/v1/subscriptions/${aliceSubs.tracker}/download-link`)
        .set(bearer(token))
        .type('form')
        .send(`release=${older}`)
        .expect(415);
      expect(form.body.message).toBe('Send the request body as JSON (Content-Type: application/json), or none');
    });

    it("answers another customer's subscription exactly as one that does not exist", async () => {
      const others = await v1Link(token, bobSnapshot).expect(404);
      const nothing = await v1Link(token, '00000000-0000-4000-8000-000000000000').expect(404);
      expect(others.body).toEqual(nothing.body);
      expect(others.body).toEqual({ statusCode: 404, message: 'Subscription not found', error: 'Not Found' });
      const bobs = await newToken(bob, 'Bob data');
      const list = (await v1List(bobs.token).expect(200)).body as { id: string }[];
      expect(list.map((s) => s.id)).toEqual([bobSnapshot]);
      await v1Link(bobs.token, aliceSubs.snapshot).expect(404);
    });

    it('refuses a missing, malformed or unknown token, and a session cookie alone, with 401 and WWW-Authenticate: Bearer', async () => {
      const cases: [string, Record<string, string>, string][] = [
        ['no credentials', {}, TOKEN_REFUSALS.missing],
        ['a session cookie alone', cookie(alice), TOKEN_REFUSALS.missing],
        ['Basic credentials', { Authorization: 'Basic YWxpY2U6c2VjcmV0' }, TOKEN_REFUSALS.missing],
        ['an empty bearer token', { Authorization: 'Bearer ' }, TOKEN_REFUSALS.malformed],
        ['a token cut short', bearer(token.slice(0, -1)), TOKEN_REFUSALS.malformed],
        ['an admin-style token', bearer('not-a-real-token'), TOKEN_REFUSALS.malformed],
        ['a well-formed token no one has', bearer(`cds_${'A'.repeat(40)}`), TOKEN_REFUSALS.unknown],
        [
          'the token with its last letter changed',
          bearer(token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a')),
          TOKEN_REFUSALS.unknown,
        ],
        ['the token’s hash', bearer(sha256(token)), TOKEN_REFUSALS.malformed],
      ];
      for (const [label, headers, message] of cases) {
        for (const call of [
          api().get('/api/v1/subscriptions'),
          api().post(`/api/v1/subscriptions/${aliceSubs.snapshot}/download-link`),
        ]) {
          const res = await call.set(headers);
          expect({ label, status: res.status, body: res.body }).toEqual({
            label,
            status: 401,
            body: { statusCode: 401, message, error: 'Unauthorized' },
          });
          expect({ label, challenge: res.headers['www-authenticate'] }).toEqual({
            label,
            challenge: expect.stringMatching(/^Bearer realm="County Data Store API"/),
          });
        }
      }
      // The scheme's name is not case-sensitive (RFC 7235).
      await api().get('/api/v1/subscriptions').set('Authorization', `bearer ${token}`).expect(200);
    });

    it(`limits refused tokens to ${REFUSED_TOKEN_LIMIT.max} per address, leaving good tokens and other addresses alone`, async () => {
      const from = (address: string, presented: string) => v1List(presented).set('X-Forwarded-For', address);
      const guesses = await inBatches(
        Array.from(
          { length: REFUSED_TOKEN_LIMIT.max },
          (_, i) => () => from('10.21.0.1', `cds_${String(i).padStart(40, '0')}`),
        ),
        10,
      );
      expect(new Set(guesses.map((g) => g.status))).toEqual(new Set([401]));
      const limited = await from('10.21.0.1', `cds_${'9'.repeat(40)}`).expect(429);
      expect(limited.body.message).toBe(TOO_MANY_REFUSED_TOKENS);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await from('10.21.0.1', token).expect(200);
      await from('10.21.0.2', `cds_${'9'.repeat(40)}`).expect(401);
    });

    it('records when a token was last used, writing at most once a minute', async () => {
      const lastUsed = async () =>
        (await db().query(`SELECT last_used_at FROM api_tokens WHERE id = $1`, [tokenId]))[0].last_used_at as Date;
      await v1List(token).expect(200);
      const first = await lastUsed();
      expect(first).toBeInstanceOf(Date);
      await v1List(token).expect(200);
      expect(await lastUsed()).toEqual(first);
      const listed = (await api().get('/api/tokens').set(cookie(alice)).expect(200)).body as {
        id: string;
        lastUsedAt: string;
      }[];
      expect(listed.find((t) => t.id === tokenId)?.lastUsedAt).toBe(first.toISOString());
      // A minute on, the next use is recorded again.
      await db().query(`UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1`, [tokenId]);
      const wound = await lastUsed();
      await v1List(token).expect(200);
      expect((await lastUsed()).getTime()).toBeGreaterThan(wound.getTime());
    });

    it(`limits each token to ${API_TOKEN_RATE_LIMIT.max} requests a minute with a 429 and Retry-After, other tokens unaffected`, async () => {
      const busy = await newToken(alice, 'Busy script');
      const absent = '00000000-0000-4000-8000-000000000000';
      const answers = await inBatches(
        Array.from({ length: API_TOKEN_RATE_LIMIT.max }, () => () => v1Link(busy.token, absent)),
        10,
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([404]));
      const limited = await v1List(busy.token).expect(429);
      expect(limited.body).toEqual({
        statusCode: 429,
        message: `Too many requests with this API token: at most ${API_TOKEN_RATE_LIMIT.max} a minute. Wait the seconds that Retry-After gives, then go on.`,
        error: 'Too Many Requests',
      });
      const wait = Number(limited.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(API_TOKEN_RATE_LIMIT.windowSeconds);
      await v1List(token).expect(200);
      // The dashboard, on the session, is not counted against the token.
      await api().get('/api/subscriptions').set(cookie(alice)).expect(200);
    });
  });
});
