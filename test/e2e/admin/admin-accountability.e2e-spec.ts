import request from 'supertest';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

/** Security audit finding 3: every staff session and sign-in event can be traced to where it came from. */
describe('Staff accountability: kept sessions and an audited sign-in', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  let addressCounter = 0;
  const address = () => `10.9.0.${++addressCounter}`;
  const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) StaffBrowser/1.0';

  async function login(from: string): Promise<string> {
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', from)
      .set('User-Agent', BROWSER)
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    return res.body.token;
  }

  const entriesOf = async (token: string) =>
    (await api().get('/api/admin/audit-log').set('Authorization', `Bearer ${token}`).expect(200)).body as Record<
      string,
      unknown
    >[];

  it('keeps a logged-out session revoked, not deleted, so its audit entries still name it', async () => {
    const token = await login(address());
    const [county] = await context.store.db.query(
      `SELECT id, name, state, state_code, population FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 1`,
    );
    await api()
      .put(`/api/admin/counties/${county.id}`)
      .set('Authorization', `Bearer ${token}`)
      .send({ name: county.name, state: county.state, stateCode: county.state_code, population: county.population })
      .expect(200);
    const [edit] = await context.store.db.query(
      `SELECT admin_session_id FROM audit_log WHERE action = 'county.update' AND target_id = $1`,
      [county.id],
    );
    expect(edit.admin_session_id).toEqual(expect.any(String));

    await api().post('/api/admin/logout').set('Authorization', `Bearer ${token}`).expect(200);

    const [after] = await context.store.db.query(
      `SELECT admin_session_id FROM audit_log WHERE action = 'county.update' AND target_id = $1`,
      [county.id],
    );
    expect(after.admin_session_id).toBe(edit.admin_session_id);
    const sessions = await context.store.db.query(`SELECT revoked_at FROM admin_sessions WHERE id = $1`, [
      edit.admin_session_id,
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0].revoked_at).toBeInstanceOf(Date);
    // Revoked on the server: the token opens nothing any more, by header or by cookie.
    await api().get('/api/admin/check-auth').set('Authorization', `Bearer ${token}`).expect(401);
    await api().get('/api/admin/check-auth').set('Cookie', `cds.admin=${token}`).expect(401);
    // A session cannot be deleted from under its audit entries.
    await expect(
      context.store.db.query(`DELETE FROM admin_sessions WHERE id = $1`, [edit.admin_session_id]),
    ).rejects.toThrow(/foreign key/);
  });

  it('audits a password sign-in as break-glass, and sign-out, each with time, address and browser', async () => {
    const from = address();
    const token = await login(from);
    const [session] = await context.store.db.query(
      `SELECT id, sign_in_method, ip_address, user_agent FROM admin_sessions ORDER BY created_at DESC LIMIT 1`,
    );
    expect(session).toMatchObject({ sign_in_method: 'password', ip_address: from, user_agent: BROWSER });
    await api()
      .post('/api/admin/logout')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Forwarded-For', from)
      .set('User-Agent', BROWSER)
      .expect(200);

    const reader = await login(address());
    const entries = await entriesOf(reader);
    const signIn = entries.find((e) => e.action === 'session.sign_in' && e.adminSessionId === session.id);
    expect(signIn).toMatchObject({
      actor: 'Shared admin password (break-glass)',
      signInMethod: 'password',
      ipAddress: from,
      userAgent: BROWSER,
      after: expect.objectContaining({ signInMethod: 'password', breakGlass: true }),
    });
    expect(Date.parse(signIn!.occurredAt as string)).not.toBeNaN();
    const signOut = entries.find((e) => e.action === 'session.sign_out' && e.adminSessionId === session.id);
    expect(signOut).toMatchObject({
      actor: 'Shared admin password (break-glass)',
      ipAddress: from,
      userAgent: BROWSER,
    });
  });

  it('audits a refused password with its address and browser, and never the password tried', async () => {
    const from = address();
    await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', from)
      .set('User-Agent', BROWSER)
      .send({ password: 'a wrong guess at the password' })
      .expect(401);
    const entries = await entriesOf(await login(address()));
    const refused = entries.find((e) => e.action === 'session.sign_in_refused' && e.ipAddress === from);
    expect(refused).toMatchObject({
      adminSessionId: null,
      userAgent: BROWSER,
      after: { signInMethod: 'password', reason: 'Invalid password' },
    });
    const stored = await context.store.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE after::text LIKE $1`, [
      '%wrong guess%',
    ]);
    expect(stored[0].n).toBe(0);
  });
});
