import { createHmac } from 'node:crypto';
import request from 'supertest';
import { cspRefusals, screenshot, useBrowser } from '../../support/browser';
import { buy } from '../../support/purchase';
import { authConfig } from '../../../src/config';
import { SignInState, SignInStateSeal } from '../../../src/integrations/oidc/signed-state-store';
import { finishSignIn, signIn, signOut, startSignIn } from '../../support/sign-in';
import { startTestApp, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

describe('Signing in with OpenID Connect, and the customer’s subscriptions', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  let counties: { id: string }[];
  const origin = () => process.env.PUBLIC_URL as string;
  const client = () => new WebClient(origin());
  let run = 0;
  const email = (name: string) => `${name}.${Date.now()}.${++run}@example.com`;

  beforeAll(async () => {
    counties = await context.store.db.query(`SELECT id FROM counties ORDER BY fips LIMIT 20`);
  });

  async function userOf(web: WebClient) {
    return web.request('/api/auth/user');
  }

  it('signs a person in through the provider and returns them to the page they came from', async () => {
    const web = client();
    const landed = await signIn(web, { email: email('ada'), firstName: 'Ada', lastName: 'Lovelace' }, '/dashboard');
    expect(landed).toBe('/dashboard');
    const me = await userOf(web);
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null });
    expect(JSON.parse(me.body).email).toMatch(/^ada\./);
  });

  it('keeps the session in an httpOnly, SameSite=Lax cookie that rolls for seven days, with a new id at sign-in', async () => {
    const web = client();
    await signIn(web, { email: email('grace') });
    const before = web.cookies.get('cds.sid');
    expect(before).toBeDefined();
    // Signing in again (the provider remembers the person): the session carried in is not the one kept.
    await web.request('/api/login');
    expect((await userOf(web)).status).toBe(200);
    const after = web.cookies.get('cds.sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const cookie = web.setCookies.filter((c) => c.startsWith('cds.sid=')).pop()!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const [row] = await context.store.db.query(`SELECT count(*)::int AS n FROM sessions`);
    expect(row.n).toBeGreaterThan(0);
  });

  describe('the state of a sign-in in progress', () => {
    const sessionRows = async () =>
      (await context.store.db.query(`SELECT count(*)::int AS n FROM sessions`))[0].n as number;
    const seal = () =>
      new SignInStateSeal(context.store.app.get<{ sessionSecret: string }>(authConfig.KEY).sessionSecret, 'customer');

    it('starts many anonymous sign-ins without writing a session row or a session cookie', async () => {
      const rows = await sessionRows();
      for (let i = 0; i < 25; i++) {
        const web = client();
        const start = await web.request(`/api/login?returnTo=/dashboard`, { follow: false });
        expect(start.status).toBe(302);
        expect(web.cookies.has('cds.sid')).toBe(false);
        expect(web.cookies.has('cds.signin')).toBe(true);
      }
      expect(await sessionRows()).toBe(rows);
    });

    it('keeps it in a signed, httpOnly, SameSite=Lax cookie for /api/login only, for ten minutes', async () => {
      const web = client();
      const start = await web.request('/api/login?returnTo=/dashboard', { follow: false });
      const cookie = web.setCookies.find((c) => c.startsWith('cds.signin='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\/api\/login(;|$)/);
      expect(cookie).toMatch(/Max-Age=600(;|$)/);
      const opened = seal().open(web.cookies.get('cds.signin'), Date.now());
      expect(opened).toEqual({ state: expect.objectContaining({ returnTo: '/dashboard' }) });
      const { state } = opened as { state: SignInState };
      expect(new URL(start.location!).searchParams.get('state')).toBe(state.handle);
      expect(new URL(start.location!).searchParams.get('nonce')).toBe(state.nonce);
    });

    it('signs in with it, back to the page it names, and then clears it', async () => {
      const web = client();
      const action = await startSignIn(web, '/dashboard');
      expect(await finishSignIn(web, action, { email: email('state') })).toBe('/dashboard');
      expect(web.cookies.has('cds.signin')).toBe(false);
      expect((await userOf(web)).status).toBe(200);
    });

    it.each([
      ['tampered with', (value: string) => value.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))],
      [
        'signed under another secret',
        (value: string) =>
          new SignInStateSeal('guess', 'customer').seal(
            JSON.parse(Buffer.from(value.split('.')[0], 'base64url').toString()) as SignInState,
          ),
      ],
      ['missing', () => undefined],
    ])('signs nobody in when the state cookie is %s', async (_how, change: (value: string) => string | undefined) => {
      const rows = await sessionRows();
      const web = client();
      const action = await startSignIn(web, '/dashboard');
      const changed = change(web.cookies.get('cds.signin')!);
      if (changed === undefined) web.cookies.delete('cds.signin');
      else web.cookies.set('cds.signin', changed);
      expect(await finishSignIn(web, action, { email: email('tampered') })).toBe('/');
      expect(web.cookies.has('cds.sid')).toBe(false);
      expect(web.cookies.has('cds.signin')).toBe(false);
      expect((await userOf(web)).status).toBe(401);
      expect(await sessionRows()).toBe(rows);
    });

    it('signs nobody in when the state has expired', async () => {
      const rows = await sessionRows();
      const web = client();
      const action = await startSignIn(web, '/dashboard');
      const opened = seal().open(web.cookies.get('cds.signin'), Date.now()) as { state: SignInState };
      web.cookies.set('cds.signin', seal().seal({ ...opened.state, expires: Date.now() - 1 }));
      expect(await finishSignIn(web, action, { email: email('expired') })).toBe('/');
      expect(web.cookies.has('cds.sid')).toBe(false);
      expect((await userOf(web)).status).toBe(401);
      expect(await sessionRows()).toBe(rows);
    });
  });

  it('answers 401 "Unauthorized" when signed out, and signs out of the provider too', async () => {
    const anonymous = await request(context.store.server).get('/api/auth/user').expect(401);
    expect(anonymous.body).toEqual({ statusCode: 401, message: 'Unauthorized', error: 'Unauthorized' });

    const web = client();
    await signIn(web, { email: email('alan') });
    expect(await signOut(web)).toBe('/');
    expect((await userOf(web)).status).toBe(401);
    // The provider forgot the person too: signing in again asks who they are.
    const again = await web.request('/api/login');
    expect(again.body).toContain('Development sign-in');
  });

  describe('signing out', () => {
    it('shows a page with a Sign out button at GET /api/logout, and signs nobody out', async () => {
      const web = client();
      await signIn(web, { email: email('stays') });
      const page = await web.request('/api/logout');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<form method="post" action="/api/logout"><button type="submit">Sign out</button>');
      expect(page.body).not.toContain('<script');
      expect((await userOf(web)).status).toBe(200);
      // Another site's link or image is a GET too: it lands on the same page.
      const planted = await web.request('/api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(planted.status).toBe(200);
      expect((await userOf(web)).status).toBe(200);
    });

    it('refuses a sign-out posted from another site, and the session stays', async () => {
      const web = client();
      await signIn(web, { email: email('forged.out') });
      const forgeries: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of forgeries) {
        const forged = await web.request('/api/logout', { method: 'POST', headers, follow: false });
        expect(forged.status).toBe(403);
        expect(JSON.parse(forged.body).message).toBe('Cross-site requests are not allowed');
      }
      expect((await userOf(web)).status).toBe(200);
    });

    it('signs out on a POST from the store, as the sign-out page and the store’s Logout link send it', async () => {
      const web = client();
      await signIn(web, { email: email('out') });
      const out = await web.request('/api/logout', { method: 'POST', headers: { origin: origin() }, follow: false });
      expect(out.status).toBe(303);
      expect(web.cookies.has('cds.sid')).toBe(false);
      expect((await userOf(web)).status).toBe(401);
    });
  });

  it('keeps a session across a restart of the API', async () => {
    const web = client();
    await signIn(web, { email: email('restart'), firstName: 'Rita' });
    const restarted = await startTestApp(context.environment);
    try {
      const me = await request(restarted.server).get('/api/auth/user').set('Cookie', web.cookieHeader()).expect(200);
      expect(me.body.firstName).toBe('Rita');
    } finally {
      await restarted.close();
    }
  });

  it('keeps sessions signed with the previous SESSION_SECRET after a rotation, and signs new cookies with the new one', async () => {
    const web = client();
    await signIn(web, { email: email('rotation'), firstName: 'Rosa' });
    const previous = context.store.app.get<{ sessionSecret: string }>(authConfig.KEY).sessionSecret;
    const current = `rotated-${'n'.repeat(40)}`;
    const rotation = { SESSION_SECRET: current, SESSION_SECRET_PREVIOUS: previous };
    const rotated = await startTestApp({ ...context.environment, env: { ...context.environment.env, ...rotation } });
    try {
      const me = await request(rotated.server).get('/api/auth/user').set('Cookie', web.cookieHeader()).expect(200);
      expect(me.body.firstName).toBe('Rosa');
      // The session rolls: the cookie sent back is signed with the new secret, not the previous one.
      const cookie = (me.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('cds.sid='))!;
      const [sid, signature] = /^s:(.+)$/
        .exec(decodeURIComponent(/^cds\.sid=([^;]+)/.exec(cookie)![1]))![1]
        .split(/\.(?=[^.]+$)/);
      const signedWith = (secret: string) =>
        createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
      expect(signature).toBe(signedWith(current));
      expect(signature).not.toBe(signedWith(previous));
      // Without the previous secret, the old cookie no longer opens the session.
      delete process.env.SESSION_SECRET_PREVIOUS;
      const withoutPrevious = await startTestApp({
        ...context.environment,
        env: { ...context.environment.env, SESSION_SECRET: current },
      });
      try {
        await request(withoutPrevious.server).get('/api/auth/user').set('Cookie', web.cookieHeader()).expect(401);
      } finally {
        await withoutPrevious.close();
      }
    } finally {
      await rotated.close();
      delete process.env.SESSION_SECRET;
      delete process.env.SESSION_SECRET_PREVIOUS;
    }
  });

  it('signs nobody in when the callback carries a state the store did not issue', async () => {
    const web = client();
    await web.request('/api/login', { follow: false });
    const forged = await web.request('/api/login/callback?code=stolen&state=forged', { follow: false });
    expect(forged.status).toBe(303);
    expect(forged.location).toBe('/');
    expect((await userOf(web)).status).toBe(401);
  });

  it('signs in and out in a real browser', async () => {
    const page = await browser.open();
    const refused = cspRefusals(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    await page.goto(`${origin()}/api/login?returnTo=/dashboard`);
    await page.getByLabel('Email', { exact: true }).fill(email('browser'));
    // The provider's page and what it asks for (its icon too) are all there.
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await page.getByLabel('First name').fill('Brook');
    await screenshot(page, 'dev-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin()}/dashboard`);
    const me = await page.evaluate(() =>
      fetch('/api/auth/user').then((r) => r.json() as Promise<{ firstName: string }>),
    );
    expect(me.firstName).toBe('Brook');
    await page.goto(`${origin()}/api/logout`);
    await screenshot(page, 'sign-out-page');
    const still = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status));
    expect(still).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin()}/`);
    const after = await page.evaluate(() => fetch('/api/auth/user').then((r) => r.status));
    expect(after).toBe(401);
    // The sign-out page and the provider's pages, its self-submitting sign-out included, work within the security policy.
    expect(refused).toEqual([]);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/..//evil.example',
    '/%2F%2Fevil.example',
  ])('lands an attempt to return to %s on /', async (target) => {
    expect(await signIn(client(), { email: email('redirect') }, target)).toBe('/');
  });

  describe('with purchases', () => {
    let buyer: string;
    let snapshotId: string;
    let trackerId: string;
    const buyerWeb = client;
    let buyerClient: WebClient;
    let otherClient: WebClient;

    beforeAll(async () => {
      buyer = email('buyer');
      await buy(context.store.server, buyer, [
        { countyId: counties[0].id, purchaseType: 'one-time' },
        { countyId: counties[1].id, purchaseType: 'annual' },
      ]);
      buyerClient = buyerWeb();
      await signIn(buyerClient, { email: buyer.toUpperCase(), firstName: 'Bea' });
      otherClient = client();
      await signIn(otherClient, { email: email('other') });
      const list = JSON.parse((await buyerClient.request('/api/subscriptions')).body);
      snapshotId = list.find((s: { purchaseType: string }) => s.purchaseType === 'one-time').id;
      trackerId = list.find((s: { purchaseType: string }) => s.purchaseType === 'annual').id;
    });

    it('shows a buyer who signs in with the verified email what they bought, newest first', async () => {
      const res = await buyerClient.request('/api/subscriptions');
      expect(res.status).toBe(200);
      const list = JSON.parse(res.body);
      expect(list).toHaveLength(2);
      const tracker = list.find((s: { id: string }) => s.id === trackerId);
      expect(tracker).toMatchObject({ purchaseType: 'annual', status: 'active', autoRenew: true, amount: 1200 });
      expect(tracker.county).toEqual({ name: expect.any(String), state: expect.any(String) });
      expect(Object.keys(tracker).sort()).toEqual(
        [
          'amount',
          'autoRenew',
          'county',
          'downloadableRelease',
          'downloadableReleases',
          'expirationDate',
          'id',
          'purchaseType',
          'startDate',
          'status',
        ].sort(),
      );
      expect(JSON.parse((await userOf(buyerClient)).body).email).toBe(buyer);
    });

    it('links no purchase to an email the provider has not verified', async () => {
      const stranger = client();
      await signIn(stranger, { email: buyer, verified: false });
      expect(JSON.parse((await stranger.request('/api/subscriptions')).body)).toEqual([]);
      expect(JSON.parse((await userOf(stranger)).body).email).toBeNull();
    });

    it('keeps one customer’s subscriptions from another', async () => {
      expect(JSON.parse((await otherClient.request('/api/subscriptions')).body)).toEqual([]);
      const res = await otherClient.request(`/api/subscriptions/${trackerId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        ...({} as object),
      });
      expect(res.status).toBe(400);
      const patch = await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', otherClient.cookieHeader())
        .send({ autoRenew: false })
        .expect(404);
      expect(patch.body.message).toBe('Subscription not found');
      const [row] = await context.store.db.query(`SELECT auto_renew FROM subscriptions WHERE id = $1`, [trackerId]);
      expect(row.auto_renew).toBe(true);
    });

    it('turns a County Tracker’s auto-renewal off and on', async () => {
      const off = await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', buyerClient.cookieHeader())
        .send({ autoRenew: false })
        .expect(200);
      expect(off.body).toMatchObject({ id: trackerId, autoRenew: false });
      const [row] = await context.store.db.query(`SELECT auto_renew FROM subscriptions WHERE id = $1`, [trackerId]);
      expect(row.auto_renew).toBe(false);
      await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', buyerClient.cookieHeader())
        .send({ autoRenew: true })
        .expect(200);
    });

    it('refuses auto-renewal on a one-time purchase, and bad input, with clear messages', async () => {
      const patch = (id: string, body: object) =>
        request(context.store.server)
          .patch(`/api/subscriptions/${id}`)
          .set('Cookie', buyerClient.cookieHeader())
          .send(body);
      expect((await patch(snapshotId, { autoRenew: true }).expect(409)).body.message).toMatch(/does not renew/);
      expect((await patch(trackerId, { autoRenew: 'yes' }).expect(400)).body.message).toBe(
        'autoRenew must be true or false',
      );
      expect((await patch(trackerId, { autoRenew: true, status: 'active' }).expect(400)).body.message).toBe(
        'property status should not exist',
      );
      expect((await patch('not-a-uuid', { autoRenew: true }).expect(400)).body.message).toBe(
        'The subscription id must be a UUID',
      );
    });

    it('refuses a change sent from another site, even with the customer’s cookie', async () => {
      const forged = await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', buyerClient.cookieHeader())
        .set('Origin', 'https://evil.example')
        .send({ autoRenew: false })
        .expect(403);
      expect(forged.body.message).toBe('Cross-site requests are not allowed');
      await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', buyerClient.cookieHeader())
        .set('Sec-Fetch-Site', 'cross-site')
        .send({ autoRenew: false })
        .expect(403);
      const [row] = await context.store.db.query(`SELECT auto_renew FROM subscriptions WHERE id = $1`, [trackerId]);
      expect(row.auto_renew).toBe(true);
      await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .set('Cookie', buyerClient.cookieHeader())
        .set('Origin', origin())
        .send({ autoRenew: true })
        .expect(200);
    });

    it('answers 401 to a signed-out customer', async () => {
      await request(context.store.server).get('/api/subscriptions').expect(401);
      await request(context.store.server)
        .patch(`/api/subscriptions/${trackerId}`)
        .send({ autoRenew: false })
        .expect(401);
    });
  });
});
