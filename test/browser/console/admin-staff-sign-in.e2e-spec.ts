import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/** OIDC_STAFF_GROUP's local default: the development provider's staff test users list it in `groups`. */
const STAFF_GROUP = 'county-store-staff';
/** OIDC_ADMIN_GROUP's local default: its members sign in as admins, the staff group's others as support. */
const ADMIN_GROUP = 'county-store-admins';

interface Person {
  email: string;
  firstName: string;
  lastName: string;
  groups: string;
}

/** Starts staff sign-in from /api/admin/staff-login and fills in the development provider's form. Returns where it lands. */
async function staffSignIn(web: WebClient, person: Person): Promise<string> {
  const start = await web.request('/api/admin/staff-login');
  const action = /<form method="post" action="([^"]+)"/.exec(start.body)?.[1];
  if (!action) throw new Error(`No sign-in form at ${start.url} (${start.status})`);
  const landed = await web.request(action.replace(/&amp;/g, '&'), {
    form: {
      email: person.email,
      given_name: person.firstName,
      family_name: person.lastName,
      groups: person.groups,
      email_verified: 'true',
    },
  });
  return new URL(landed.url).pathname + new URL(landed.url).search;
}

/** Security audit finding 3: staff sign in as themselves, so the audit log names a person. */
describe('Named staff sign-in to the admin console through the OpenID provider', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  const origin = () => process.env.PUBLIC_URL as string;
  let run = 0;
  const person = (groups: string): Person => ({
    email: `staff.${Date.now()}.${++run}@example.com`,
    firstName: 'Jane',
    lastName: `Staff${run}`,
    groups,
  });

  const auditLog = async (web: WebClient) => {
    const res = await web.request('/api/admin/audit-log');
    expect(res.status).toBe(200);
    return JSON.parse(res.body) as Record<string, unknown>[];
  };

  it('signs a member of the staff group in, and the audit log names them for sign-in and for each change', async () => {
    const web = new WebClient(origin());
    const jane = person(`readers, ${STAFF_GROUP}, ${ADMIN_GROUP}`);
    expect(await staffSignIn(web, jane)).toBe('/admin/dashboard');
    // The console's session is the httpOnly, SameSite=Strict admin cookie; no token in the address.
    const cookie = web.setCookies.find((c) => c.startsWith('cds.admin='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect((await web.request('/api/admin/check-auth')).status).toBe(200);

    const [session] = await context.store.db.query(
      `SELECT id, sign_in_method, staff_email, staff_name, staff_subject FROM admin_sessions WHERE staff_email = $1`,
      [jane.email],
    );
    expect(session).toMatchObject({
      sign_in_method: 'staff-account',
      staff_name: `Jane ${jane.lastName}`,
      staff_subject: expect.stringContaining('/dev/oidc#'),
    });

    const [county] = await context.store.db.query(
      `SELECT id, name, state, state_code, population FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
    );
    const edit = await fetch(`${origin()}/api/admin/counties/${county.id}`, {
      method: 'PUT',
      headers: { cookie: web.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({
        name: county.name,
        state: county.state,
        stateCode: county.state_code,
        population: county.population,
      }),
    });
    expect(edit.status).toBe(200);

    const entries = await auditLog(web);
    const who = `Jane ${jane.lastName} <${jane.email}>`;
    expect(entries.find((e) => e.action === 'session.sign_in' && e.adminSessionId === session.id)).toMatchObject({
      actor: who,
      signInMethod: 'staff-account',
      ipAddress: expect.any(String),
      userAgent: expect.any(String),
    });
    expect(entries.find((e) => e.action === 'county.update' && e.adminSessionId === session.id)).toMatchObject({
      actor: who,
    });
  });

  it('refuses a person outside the staff group with a clear reason, and audits the refusal', async () => {
    const web = new WebClient(origin());
    const visitor = person('customers');
    expect(await staffSignIn(web, visitor)).toBe('/admin/login?error=not-staff');
    expect(web.cookies.has('cds.admin')).toBe(false);
    expect(
      await context.store.db.query(`SELECT id FROM admin_sessions WHERE staff_email = $1`, [visitor.email]),
    ).toEqual([]);
    const [refused] = await context.store.db.query(
      `SELECT admin_session_id, ip_address, user_agent, after FROM audit_log
        WHERE action = 'session.sign_in_refused' AND after->>'email' = $1`,
      [visitor.email],
    );
    expect(refused).toMatchObject({
      admin_session_id: null,
      ip_address: expect.any(String),
      after: expect.objectContaining({ signInMethod: 'staff-account', reason: expect.stringMatching(/staff group/) }),
    });
  });

  it('writes nothing for a return from the provider that this browser did not start, forged state or provider error alike', async () => {
    const web = new WebClient(origin());
    const before = (await context.store.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    const landed = await web.request('/api/admin/staff-login/callback?code=forged&state=forged', {
      headers: { 'user-agent': 'ForgedReturn/1.0', 'x-forwarded-for': '198.51.100.20' },
    });
    expect(new URL(landed.url).pathname + new URL(landed.url).search).toBe('/admin/login?error=staff-sign-in-failed');
    expect(web.cookies.has('cds.admin')).toBe(false);
    const error = await web.request(
      `/api/admin/staff-login/callback?error=x&error_description=${encodeURIComponent('Refunded by Jane')}`,
      { headers: { 'x-forwarded-for': '198.51.100.20' } },
    );
    expect(new URL(error.url).search).toBe('?error=staff-sign-in-failed');
    expect((await context.store.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before);
  });

  it('limits returns without a sign-in started here per address (an IPv6 /64 counts as one), answering 429', async () => {
    const web = new WebClient(origin());
    const before = (await context.store.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n;
    const send = (address: string) =>
      web.request('/api/admin/staff-login/callback?error=x&error_description=Refunded%20by%20Jane', {
        follow: false,
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 10; i++) expect((await send(`2001:db8:7:1::${i + 1}`)).status).toBe(303);
    const refused = await send('2001:db8:7:1:ffff::1');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      statusCode: 429,
      message: 'Too many failed staff sign-ins from this address. Please wait 15 minutes and try again.',
      error: 'Too Many Requests',
    });
    // Another line is not held back by this one.
    expect((await send('2001:db8:7:2::1')).status).toBe(303);
    expect((await context.store.db.query(`SELECT count(*)::int AS n FROM audit_log`))[0].n).toBe(before);
  });

  it("audits a provider's refusal of a sign-in begun here with only a short, marked excerpt of its words", async () => {
    const web = new WebClient(origin());
    const start = await web.request('/api/admin/staff-login', { follow: false });
    const state = new URL(start.location as string).searchParams.get('state') as string;
    expect(state).toBeTruthy();
    const words = `Refunded by Jane ${'x'.repeat(500)}`;
    const landed = await web.request(
      `/api/admin/staff-login/callback?error=access_denied&state=${state}&error_description=${encodeURIComponent(words)}`,
      { headers: { 'user-agent': 'ProviderRefusal/1.0' } },
    );
    expect(new URL(landed.url).search).toBe('?error=staff-sign-in-failed');
    const [refused] = await context.store.db.query(
      `SELECT after FROM audit_log WHERE action = 'session.sign_in_refused' AND user_agent = 'ProviderRefusal/1.0'`,
    );
    expect(refused.after).toEqual({
      signInMethod: 'staff-account',
      reason: 'The provider did not complete the sign-in',
      providerError: 'access_denied',
      providerSaid: `The provider said (excerpt): "${words.slice(0, 100)}…"`,
    });
    // The state was for one use: the same return again is one that was not started here.
    const again = await web.request(
      `/api/admin/staff-login/callback?error=access_denied&state=${state}&error_description=again`,
      { headers: { 'user-agent': 'ProviderRefusal/1.0' } },
    );
    expect(new URL(again.url).search).toBe('?error=staff-sign-in-failed');
    expect(
      await context.store.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'session.sign_in_refused' AND user_agent = 'ProviderRefusal/1.0'`,
      ),
    ).toHaveLength(1);
  });

  describe('the audit log, a page at a time', () => {
    const targetType = 'audit_probe';
    let web: WebClient;
    let jane: Person;
    const page = async (query: string) => {
      const res = await web.request(`/api/admin/audit-log?${query}`);
      expect(res.status).toBe(200);
      return JSON.parse(res.body) as {
        items: Record<string, unknown>[];
        total: number;
        page: number;
        pageSize: number;
      };
    };

    beforeAll(async () => {
      web = new WebClient(origin());
      jane = person(`${STAFF_GROUP}, ${ADMIN_GROUP}`);
      expect(await staffSignIn(web, jane)).toBe('/admin/dashboard');
      const [session] = await context.store.db.query(`SELECT id FROM admin_sessions WHERE staff_email = $1`, [
        jane.email,
      ]);
      // 30 entries on probe targets, one a day through November, as a burst of anything would sit among them.
      await context.store.db.query(
        `INSERT INTO audit_log (admin_session_id, action, target_type, target_id, occurred_at)
         SELECT $1, CASE WHEN d % 3 = 0 THEN 'probe.three' ELSE 'probe.other' END, $2, 'probe-' || (d % 2),
                timestamptz '2026-11-01 12:00:00+00' + (d - 1) * interval '1 day'
           FROM generate_series(1, 30) AS d`,
        [session.id, targetType],
      );
    });

    it('pages through every entry that matches, newest first, with the count of all', async () => {
      const first = await page(`targetType=${targetType}&page=1&pageSize=12`);
      expect(first).toMatchObject({ total: 30, page: 1, pageSize: 12 });
      expect(first.items).toHaveLength(12);
      const last = await page(`targetType=${targetType}&page=3&pageSize=12`);
      expect(last.items).toHaveLength(6);
      expect(last.items.at(-1)).toMatchObject({ occurredAt: '2026-11-01T12:00:00.000Z' });
      const seen = new Set(
        [first, await page(`targetType=${targetType}&page=2&pageSize=12`), last].flatMap((p) =>
          p.items.map((i) => i.id),
        ),
      );
      expect(seen.size).toBe(30);
    });

    it('filters by action, staff member, dates and target', async () => {
      expect((await page(`targetType=${targetType}&action=probe.three&page=1&pageSize=50`)).total).toBe(10);
      expect((await page(`targetId=probe-1&page=1&pageSize=50`)).total).toBe(15);
      expect((await page(`targetType=${targetType}&from=2026-11-10&to=2026-11-12&page=1&pageSize=50`)).total).toBe(3);
      expect(
        (await page(`targetType=${targetType}&from=2026-11-10T12:00:00Z&to=2026-11-10T12:00:00Z&page=1&pageSize=50`))
          .total,
      ).toBe(1);
      const mine = await page(`staff=${encodeURIComponent(jane.email.toUpperCase())}&page=1&pageSize=50`);
      expect(mine.total).toBe(31); // the 30 and Jane's sign-in
      expect(mine.items.every((i) => i.actor === `Jane ${jane.lastName} <${jane.email}>`)).toBe(true);
      expect((await page(`staff=break-glass&targetType=${targetType}&page=1&pageSize=50`)).total).toBe(0);
    });

    it('refuses a filter or page out of range with the one error contract', async () => {
      for (const query of [
        'page=1',
        'pageSize=101&page=1',
        'from=yesterday',
        'action=DROP%20TABLE',
        'targetId=' + 'x'.repeat(101),
        'staff=a%20b',
        'limit=5',
      ]) {
        const res = await web.request(`/api/admin/audit-log?${query}`);
        expect(res.status).toBe(400);
        expect(JSON.parse(res.body)).toEqual({ statusCode: 400, message: expect.any(String), error: 'Bad Request' });
      }
    });
  });

  describe('staff roles from the provider’s groups', () => {
    let orderId: string;
    let userId: string;
    let subscriptionId: string;
    let releaseId: string;
    const send = (web: WebClient, method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
      fetch(`${origin()}${path}`, {
        method,
        headers: {
          cookie: web.cookieHeader(),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const sessionOf = async (email: string) =>
      (
        await context.store.db.query(`SELECT id, role, revoked_at FROM admin_sessions WHERE staff_email = $1`, [email])
      )[0];
    const age = (email: string, minutes: number) =>
      context.store.db.query(
        `UPDATE admin_sessions SET groups_checked_at = now() - make_interval(mins => $2) WHERE staff_email = $1`,
        [email, minutes],
      );

    beforeAll(async () => {
      const [county] = await context.store.db.query(
        `SELECT id FROM counties WHERE deleted_at IS NULL AND population IS NOT NULL ORDER BY population DESC LIMIT 1`,
      );
      orderId = await buy(context.store.server, `roles-${Date.now()}@example.com`, [
        { countyId: county.id, purchaseType: 'annual' },
      ]);
      [{ user_id: userId }] = await context.store.db.query(`SELECT user_id FROM orders WHERE id = $1`, [orderId]);
      [{ id: subscriptionId }] = await context.store.db.query(
        `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
        [orderId],
      );
      [{ id: releaseId }] = await context.store.db.query(
        `INSERT INTO releases (month) VALUES ('2001-01') RETURNING id`,
      );
    });

    it('lets support read, resend emails and make order-page links, and answers 403 to refunds, extensions, uploads and publishing', async () => {
      const web = new WebClient(origin());
      const sam = person(STAFF_GROUP);
      expect(await staffSignIn(web, sam)).toBe('/admin/dashboard');
      expect((await sessionOf(sam.email)).role).toBe('support');
      expect(JSON.parse((await web.request('/api/admin/check-auth')).body)).toEqual({
        authenticated: true,
        role: 'support',
      });
      expect((await send(web, 'GET', `/api/admin/customers/${userId}`)).status).toBe(200);
      expect((await send(web, 'GET', '/api/admin/audit-log?page=1&pageSize=5')).status).toBe(200);
      const resend = await send(web, 'POST', `/api/admin/customers/${userId}/orders/${orderId}/resend-receipt`, {
        idempotencyKey: randomUUID(),
      });
      expect(resend.status).toBe(200);
      const link = await send(web, 'POST', `/api/admin/customers/${userId}/orders/${orderId}/page-link`);
      expect(link.status).toBe(200);

      const refused = [
        await send(web, 'POST', `/api/admin/customers/${userId}/orders/${orderId}/refund`, {
          amountCents: 100,
          idempotencyKey: randomUUID(),
        }),
        await send(web, 'POST', `/api/admin/customers/${userId}/subscriptions/${subscriptionId}/extend`, {
          count: 1,
          unit: 'days',
          idempotencyKey: randomUUID(),
        }),
        await send(web, 'POST', '/api/admin/uploads', undefined, { 'tus-resumable': '1.0.0', 'upload-length': '10' }),
        await send(web, 'POST', `/api/admin/releases/${releaseId}/publish`, {}),
        await send(web, 'POST', `/api/admin/subscriptions/${subscriptionId}/replace-order-link`),
      ];
      for (const res of refused) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({
          statusCode: 403,
          message:
            'This needs the admin role. Your staff role is support: you can read everything, resend emails and make ' +
            'order-page links. Ask an admin to do this.',
          error: 'Forbidden',
        });
      }
      expect(
        await context.store.db.query(
          `SELECT 1 FROM audit_log WHERE action IN ('order.refund', 'subscription.extend') AND target_id IN ($1, $2)`,
          [orderId, subscriptionId],
        ),
      ).toEqual([]);
    });

    it('lets a member of the admin group refund and extend', async () => {
      const web = new WebClient(origin());
      const ada = person(ADMIN_GROUP);
      expect(await staffSignIn(web, ada)).toBe('/admin/dashboard');
      expect((await sessionOf(ada.email)).role).toBe('admin');
      const refund = await send(web, 'POST', `/api/admin/customers/${userId}/orders/${orderId}/refund`, {
        amountCents: 100,
        idempotencyKey: randomUUID(),
      });
      expect(refund.status).toBe(200);
      const extend = await send(web, 'POST', `/api/admin/customers/${userId}/subscriptions/${subscriptionId}/extend`, {
        count: 1,
        unit: 'days',
        idempotencyKey: randomUUID(),
      });
      expect(extend.status).toBe(200);
      // Past the role check: what is left to say is about the release itself.
      const publish = await send(web, 'POST', `/api/admin/releases/${releaseId}/publish`, {});
      expect(publish.status).toBe(409);
      expect(((await publish.json()) as { message: string }).message).not.toContain('admin role');
      // Fifteen minutes on, the provider is asked again and still lists the admin group: nothing changes.
      await age(ada.email, 16);
      expect((await send(web, 'GET', '/api/admin/check-auth')).status).toBe(200);
      const [{ checked }] = await context.store.db.query(
        `SELECT groups_checked_at > now() - interval '1 minute' AS checked FROM admin_sessions WHERE staff_email = $1`,
        [ada.email],
      );
      expect(checked).toBe(true);
    });

    it('ends the session of a person taken out of the staff group at their first request after the 15-minute re-check', async () => {
      const web = new WebClient(origin());
      const lee = person(STAFF_GROUP);
      expect(await staffSignIn(web, lee)).toBe('/admin/dashboard');
      // Taken out of the group at the provider (the development provider keeps the groups last given for an email).
      expect(await staffSignIn(new WebClient(origin()), { ...lee, groups: 'customers' })).toBe(
        '/admin/login?error=not-staff',
      );
      // Within the 15 minutes, the groups confirmed at sign-in still stand.
      expect((await send(web, 'GET', '/api/admin/check-auth')).status).toBe(200);
      await age(lee.email, 15);
      const ended = await send(web, 'GET', '/api/admin/check-auth');
      expect(ended.status).toBe(401);
      expect(await ended.json()).toEqual({
        statusCode: 401,
        message: 'Your staff session has ended: your account is no longer in the staff group.',
        error: 'Unauthorized',
      });
      const session = await sessionOf(lee.email);
      expect(session.revoked_at).not.toBeNull();
      expect((await send(web, 'GET', '/api/admin/check-auth')).status).toBe(401);
      const [entry] = await context.store.db.query(
        `SELECT after FROM audit_log WHERE action = 'session.ended' AND admin_session_id = $1`,
        [session.id],
      );
      expect(entry.after).toEqual({ reason: 'No longer in the staff group' });
    });

    it('moves an admin to support when the provider no longer lists the admin group', async () => {
      const web = new WebClient(origin());
      const max = person(`${STAFF_GROUP},${ADMIN_GROUP}`);
      expect(await staffSignIn(web, max)).toBe('/admin/dashboard');
      await staffSignIn(new WebClient(origin()), { ...max, groups: STAFF_GROUP });
      await age(max.email, 20);
      expect(JSON.parse((await web.request('/api/admin/check-auth')).body)).toEqual({
        authenticated: true,
        role: 'support',
      });
      expect((await sessionOf(max.email)).role).toBe('support');
    });
  });

  describe('in a real browser', () => {
    let page: Page;
    let browserUrl: string;

    beforeAll(async () => {
      browserUrl = browserOrigin(await context.store.app.getUrl());
    });

    beforeEach(async () => {
      page = await browser.open();
    });

    async function signInWithButton(who: Person) {
      await page.goto(`${browserUrl}/admin/login`);
      await page.getByRole('link', { name: 'Sign in with your staff account' }).click();
      await page.getByLabel('Email', { exact: true }).fill(who.email);
      await page.getByLabel('First name').fill(who.firstName);
      await page.getByLabel('Last name').fill(who.lastName);
      await page.getByLabel(/Groups/).fill(who.groups);
      await page.getByRole('button', { name: 'Sign in' }).click();
    }

    it('offers "Sign in with your staff account" on /admin/login and opens the console as that person', async () => {
      const jane = person(STAFF_GROUP);
      await signInWithButton(jane);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(await page.evaluate<string | null>(`localStorage.getItem('adminToken')`)).toBe('cookie-session');
      await page.goto(`${browserUrl}/admin/audit-log`);
      await page
        .getByRole('cell', { name: `Jane ${jane.lastName} <${jane.email}>` })
        .first()
        .waitFor();
      await screenshot(page, 'admin-staff-sign-in-audit-log');
    });

    it('shows support staff their role without refunds, and pages and filters the audit log', async () => {
      const sam = person(STAFF_GROUP);
      await signInWithButton(sam);
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.getByLabel('Your staff role').getByText('Support (read, resend emails, order links)').waitFor();

      const [order] = await context.store.db.query(
        `SELECT id, user_id FROM orders WHERE paid_at IS NOT NULL AND user_id IS NOT NULL ORDER BY created_at LIMIT 1`,
      );
      await page.goto(`${browserUrl}/admin/customers/${order.user_id}`);
      await page.getByRole('button', { name: `Order page link of order ${order.id.slice(0, 8)}` }).waitFor();
      expect(await page.getByRole('button', { name: /^Refund order/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Extend / }).count()).toBe(0);
      await screenshot(page, 'admin-support-customer');

      await page.goto(`${browserUrl}/admin/audit-log`);
      const rows = page.locator('tbody tr.ant-table-row');
      await rows.first().waitFor();
      // The 30 probe entries of the paging tests above: 15 on target probe-1, a page of 10 and then 5.
      await page.getByLabel('Target id').fill('probe-1');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('15 entries').waitFor();
      expect(await rows.count()).toBe(15);
      await page.locator('.ant-pagination-options .ant-select').click();
      await page.getByRole('option', { name: '10 / page' }).click();
      await page.locator('.ant-pagination-item-2').click();
      await page.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();
      await eventually(async () => (await rows.count()) === 5);
      // Dates: probe-0 falls on even days; the 10th to the 12th holds two of them.
      await page.getByLabel('Target id').fill('probe-0');
      await page.getByLabel('From').fill('2026-11-10');
      await page.getByLabel('To').fill('2026-11-12');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('2 entries').waitFor();
      // Action and staff member: this person's own sign-in, once.
      await page.getByRole('button', { name: 'Clear' }).click();
      // The list is long: typing narrows it, as staff would.
      await page.getByLabel('Action').fill('Signed in');
      await page.locator('.ant-select-item-option[title="Signed in"]').click();
      await page.getByLabel('Staff member').fill(sam.email);
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.getByText('1 entry', { exact: true }).waitFor();
      await rows.first().getByText(`Jane ${sam.lastName} <${sam.email}>`).waitFor();
      await rows.first().getByText('Role: support').waitFor();
      await screenshot(page, 'admin-audit-log-filtered');
    });

    it('tells a person without the staff group why they cannot sign in', async () => {
      await signInWithButton(person(''));
      await page.waitForURL(`${browserUrl}/admin/login?error=not-staff`);
      await page.getByRole('alert').getByText('Your account is not in the staff group').waitFor();
      await screenshot(page, 'admin-staff-sign-in-refused');
    });
  });
});
