import type { Page } from 'playwright-core';
import { browserOrigin, screenshot, useBrowser } from '../../support/browser';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/** OIDC_STAFF_GROUP's local default: the development provider's staff test users list it in `groups`. */
const STAFF_GROUP = 'county-store-staff';

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
    const jane = person(`readers, ${STAFF_GROUP}`);
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

  it('refuses a return from the provider that this browser did not start, and audits it', async () => {
    const web = new WebClient(origin());
    const landed = await web.request('/api/admin/staff-login/callback?code=forged&state=forged', {
      headers: { 'user-agent': 'ForgedReturn/1.0' },
    });
    expect(new URL(landed.url).pathname + new URL(landed.url).search).toBe('/admin/login?error=staff-sign-in-failed');
    expect(web.cookies.has('cds.admin')).toBe(false);
    const [refused] = await context.store.db.query(
      `SELECT after FROM audit_log WHERE action = 'session.sign_in_refused' AND user_agent = 'ForgedReturn/1.0'`,
    );
    expect(refused.after).toMatchObject({ signInMethod: 'staff-account', reason: expect.any(String) });
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

    it('tells a person without the staff group why they cannot sign in', async () => {
      await signInWithButton(person(''));
      await page.waitForURL(`${browserUrl}/admin/login?error=not-staff`);
      await page.getByRole('alert').getByText('Your account is not in the staff group').waitFor();
      await screenshot(page, 'admin-staff-sign-in-refused');
    });
  });
});
