import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { RenewalRemindersService } from '../../../src/modules/subscriptions/renewal-reminders.service';
import { SubscriptionExpiryService } from '../../../src/modules/subscriptions/subscription-expiry.service';
import { deliveryJobId, WEBHOOKS_QUEUE } from '../../../src/modules/webhooks/webhooks.constants';
import { eventually } from '../../support/eventually';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo, type StoredRelease } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

const run = promisify(execFile);

/** One request the receiver got. */
interface Received {
  path: string;
  signature: string;
  body: string;
}

/** The verification snippets of docs/webhooks.md, as a customer would copy them. */
function documentedSnippet(language: 'js' | 'python' | 'sh'): string {
  const docs = readFileSync(join(__dirname, '../../../docs/webhooks.md'), 'utf8');
  const block = new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g');
  const blocks = [...docs.matchAll(block)].map((match) => match[1]);
  const snippet = blocks.find((code) => /verif/i.test(code));
  if (!snippet) throw new Error(`docs/webhooks.md has no ${language} verification snippet`);
  return snippet;
}

type Verify = (header: string, body: string, secret: string) => boolean;

/*
 * Issue 35, item 1: a customer's endpoints get signed events when a county they hold is refreshed,
 * retried until they answer, never another customer's.
 */
describe('Webhooks: signed events when a county a customer holds is refreshed', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const queue = () => context.worker!.get<Queue>(getQueueToken(WEBHOOKS_QUEUE), { strict: false });
  const [older, last] = [monthsAgo(2), monthsAgo(1)];
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  /** Statuses a path answers, in turn; 200 once they run out. */
  const answers: Record<string, number[]> = {};
  let counties: { id: string; fips: string }[];
  let aliceToken: string;
  let bobToken: string;
  let aliceSubs: Record<string, string>;
  let bobSub: string;
  let released: StoredRelease;
  let dir: string;
  /** The Node snippet, loaded as a customer's module would be. */
  let verifyWithNodeSnippet: Verify;

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const register = (token: string, body: object) => api().post('/api/v1/webhooks').set(bearer(token)).send(body);
  const deliveriesTo = (path: string) => received.filter((r) => r.path === path);
  const waitFor = (path: string, count = 1) =>
    eventually(async () => deliveriesTo(path).length >= count && deliveriesTo(path), 30_000);
  const log = async (token: string, endpointId: string) =>
    (await api().get(`/api/v1/webhooks/${endpointId}/deliveries`).set(bearer(token)).expect(200)).body as {
      id: string;
      eventId: string;
      state: string;
      attempts: number;
      lastStatus: number | null;
      lastError: string | null;
      lastLatencyMs: number | null;
      nextAttemptAt: string | null;
    }[];
  /** Waits until the endpoint's newest delivery is as asked (read in the database: polling the API would spend the token's rate). */
  const newestDelivery = (endpointId: string, ready: (row: { state: string; attempts: number }) => boolean) =>
    eventually(async () => {
      const [row] = await db().query(
        `SELECT id, state, attempts FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [endpointId],
      );
      return row && ready(row) && (row as { id: string; state: string; attempts: number });
    }, 30_000);
  /** Runs a delivery's next attempt now rather than at its scheduled time. */
  const promoteRetry = async (deliveryId: string, attempt: number) => {
    const job = await eventually(async () => queue().getJob(deliveryJobId(deliveryId, attempt)));
    await job.promote();
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cds-webhooks-e2e-'));
    const snippet = join(dir, 'verify.js');
    await writeFile(snippet, `${documentedSnippet('js')}\nmodule.exports = verifyCdsSignature;\n`);
    verifyWithNodeSnippet = createRequire(__filename)(snippet) as Verify;
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({
          path,
          signature: String(req.headers['cds-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.writeHead(answers[path]?.shift() ?? 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    counties = await db().query(
      `SELECT id, fips FROM counties WHERE deleted_at IS NULL ORDER BY population NULLS FIRST, fips LIMIT 3`,
    );
    await makeRelease(context.store.app, older, [{ countyId: counties[0].id }]);
    await buy(context.store.server, 'hooks-alice@example.com', [
      { countyId: counties[0].id, purchaseType: 'annual' },
      { countyId: counties[1].id, purchaseType: 'annual' },
    ]);
    await buy(context.store.server, 'hooks-bob@example.com', [{ countyId: counties[2].id, purchaseType: 'annual' }]);
    const subscriptions: { id: string; countyId: string }[] = await db().query(
      `SELECT id, county_id AS "countyId" FROM subscriptions`,
    );
    aliceSubs = Object.fromEntries(
      subscriptions.filter((s) => s.countyId !== counties[2].id).map((s) => [s.countyId, s.id]),
    );
    bobSub = subscriptions.find((s) => s.countyId === counties[2].id)!.id;
    // The Trackers began in the older release's month, so they include what is published since.
    await db().query(
      `UPDATE subscriptions SET start_date = $1, expiration_date = $1::timestamptz + interval '1 year'`,
      [`${older}-15T12:00:00Z`],
    );
    const tokenOf = async (email: string) => {
      const client = new WebClient(process.env.PUBLIC_URL as string);
      await signIn(client, { email });
      const res = await api().post('/api/tokens').set('Cookie', client.cookieHeader()).send({ name: 'hooks' });
      return res.body.token as string;
    };
    [aliceToken, bobToken] = [await tokenOf('hooks-alice@example.com'), await tokenOf('hooks-bob@example.com')];
  }, 120_000);

  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('registers an endpoint with its signing secret shown once and kept only sealed, refusing what cannot be one', async () => {
    const res = await register(aliceToken, { url: `${receiverUrl}/spare`, description: 'Spare' }).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({
      url: `${receiverUrl}/spare`,
      description: 'Spare',
      events: ['release.published', 'subscription.renewing', 'subscription.expired'],
      subscriptionIds: null,
      status: 'enabled',
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const [stored] = await db().query(`SELECT secret_sealed FROM webhook_endpoints WHERE id = $1`, [res.body.id]);
    expect(stored.secret_sealed).not.toContain(res.body.secret.slice(6));
    const listed = await api().get('/api/v1/webhooks').set(bearer(aliceToken)).expect(200);
    expect(listed.body.map((e: { id: string }) => e.id)).toEqual([res.body.id]);
    expect(JSON.stringify(listed.body)).not.toContain(res.body.secret);

    const refusal = async (body: object) => (await register(aliceToken, body).expect(400)).body.message as string;
    expect(await refusal({ url: 'ftp://example.com/hook' })).toBe('url must start with https://');
    expect(await refusal({ url: 'https://no-such-host.invalid/hook' })).toBe(
      'url refused: no-such-host.invalid does not resolve to an address',
    );
    expect(await refusal({ url: `${receiverUrl}/x`, events: ['county.sold'] })).toMatch(/^events must list some of/);
    expect(await refusal({ url: `${receiverUrl}/x`, subscriptionIds: [bobSub] })).toBe(
      `subscriptionIds names subscriptions you do not have: ${bobSub}`,
    );
    await api().delete(`/api/v1/webhooks/${res.body.id}`).set(bearer(bobToken)).expect(404);
    await api().delete(`/api/v1/webhooks/${res.body.id}`).set(bearer(aliceToken)).expect(204);
    expect((await api().get('/api/v1/webhooks').set(bearer(aliceToken)).expect(200)).body).toEqual([]);
    expect(await db().query(`SELECT 1 FROM webhook_endpoints`)).toEqual([]);
  });

  it("sends release.published to the customer's endpoints alone, signed as the documented snippets verify it", async () => {
    const all = (await register(aliceToken, { url: `${receiverUrl}/alice`, events: ['release.published'] }).expect(201))
      .body;
    const one = (
      await register(aliceToken, {
        url: `${receiverUrl}/alice-one`,
        subscriptionIds: [aliceSubs[counties[1].id]],
      }).expect(201)
    ).body;
    await register(bobToken, { url: `${receiverUrl}/bob` }).expect(201);

    released = await makeRelease(context.store.app, last, [
      { countyId: counties[0].id, changes: { previousRelease: older, added: 2, removed: 1, changed: 3 } },
      { countyId: counties[1].id },
    ]);
    const [delivery] = await waitFor('/alice');
    const [narrowed] = await waitFor('/alice-one');

    // The documented verifications, as a customer copies them: Node, Python, and the shell with openssl.
    expect(verifyWithNodeSnippet(delivery.signature, delivery.body, all.secret)).toBe(true);
    expect(verifyWithNodeSnippet(delivery.signature, delivery.body, one.secret)).toBe(false);
    expect(verifyWithNodeSnippet(delivery.signature, delivery.body.replace(last, older), all.secret)).toBe(false);
    const bodyFile = join(dir, 'body.json');
    await writeFile(bodyFile, delivery.body);
    const python = `${documentedSnippet('python')}
import sys
print(verify_cds_signature(sys.argv[1], open(sys.argv[2], "rb").read(), sys.argv[3]))`;
    const { stdout: pythonSays } = await run('python3', ['-c', python, delivery.signature, bodyFile, all.secret]);
    expect(pythonSays.trim()).toBe('True');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature)!;
    const { stdout: shellSays } = await run('sh', ['-c', documentedSnippet('sh')], {
      cwd: dir,
      env: { ...process.env, t, v1, CDS_WEBHOOK_SECRET: all.secret },
    });
    expect(shellSays.trim()).toBe('verified');

    const event = JSON.parse(delivery.body);
    expect(event).toMatchObject({ type: 'release.published', data: { release: last, schemaVersion: '1.1.0' } });
    expect(event.id).toMatch(/^evt_/);
    expect(event.data.manifest).toBe(`${process.env.PUBLIC_URL}/api/v1/releases/${last}/manifest.json`);
    const byFips = new Map(event.data.counties.map((c: { county: { fips: string } }) => [c.county.fips, c]));
    expect([...byFips.keys()].sort()).toEqual([counties[0].fips, counties[1].fips].sort());
    const refreshed = byFips.get(counties[0].fips) as {
      subscriptionId: string;
      records: number;
      changes: object;
      files: { kind: string; format: string; bytes: number; sha256: string }[];
      downloadLink: string;
    };
    expect(refreshed).toMatchObject({
      subscriptionId: aliceSubs[counties[0].id],
      records: released.files.get(counties[0].id)!.records,
      changes: { previousRelease: older, added: 2, removed: 1, changed: 3 },
      downloadLink: `${process.env.PUBLIC_URL}/api/v1/subscriptions/${aliceSubs[counties[0].id]}/download-link`,
    });
    const csv = refreshed.files.find((f) => f.kind === 'full' && f.format === 'csv')!;
    const stored = released.files.get(counties[0].id)!.full;
    expect(csv).toMatchObject({ bytes: stored.length, sha256: createHash('sha256').update(stored).digest('hex') });
    expect(refreshed.files.find((f) => f.kind === 'changes' && f.format === 'csv')).toBeDefined();
    // The endpoint for one subscription hears of that county alone; the event is the same one.
    const narrowedEvent = JSON.parse(narrowed.body);
    expect(narrowedEvent.id).toBe(event.id);
    expect(narrowedEvent.data.counties.map((c: { county: { fips: string } }) => c.county.fips)).toEqual([
      counties[1].fips,
    ]);
    // Bob holds no county of the release: nothing was raised for him.
    expect(deliveriesTo('/bob')).toEqual([]);
    expect(
      await db().query(`SELECT type FROM webhook_events v JOIN users u ON u.id = v.user_id WHERE u.email = $1`, [
        'hooks-bob@example.com',
      ]),
    ).toEqual([]);
    await newestDelivery(all.id, (row) => row.state === 'delivered');
    const [logged] = await log(aliceToken, all.id);
    expect(logged).toMatchObject({
      eventId: event.id,
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
    });
    expect(logged.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('tries again a receiver that answers 500, and gets each event to it once it recovers', async () => {
    const flaky = (await register(aliceToken, { url: `${receiverUrl}/flaky` }).expect(201)).body;
    answers['/flaky'] = [500, 503];
    const { eventId } = (await api().post(`/api/v1/webhooks/${flaky.id}/test`).set(bearer(aliceToken)).expect(202))
      .body;
    await newestDelivery(flaky.id, (row) => row.attempts === 1);
    const [failed] = await log(aliceToken, flaky.id);
    expect(failed).toMatchObject({ eventId, state: 'pending', lastStatus: 500, lastError: 'answered 500' });
    // About a minute after the first failure (a tenth either way).
    const wait = Date.parse(failed.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(45_000);
    expect(wait).toBeLessThan(67_000);
    await promoteRetry(failed.id, 2);
    await newestDelivery(flaky.id, (row) => row.attempts === 2);
    await promoteRetry(failed.id, 3);
    await newestDelivery(flaky.id, (row) => row.state === 'delivered');
    const [delivered] = await log(aliceToken, flaky.id);
    expect(delivered).toMatchObject({ attempts: 3, lastStatus: 200, nextAttemptAt: null });
    // Every attempt carried the same event; the receiver, dropping repeats by id, handled it once.
    const ids = deliveriesTo('/flaky').map((r) => JSON.parse(r.body).id);
    expect(new Set(ids)).toEqual(new Set([eventId]));
    expect(JSON.parse(deliveriesTo('/flaky')[0].body)).toMatchObject({ type: 'webhook.test' });
  });

  it('resends a delivery with the same event id, and signs with both secrets while a rolled one overlaps', async () => {
    const endpoint = (await register(aliceToken, { url: `${receiverUrl}/rolled` }).expect(201)).body;
    const rolled = await api()
      .post(`/api/v1/webhooks/${endpoint.id}/roll-secret`)
      .set(bearer(aliceToken))
      .send({ overlapHours: 2 })
      .expect(200);
    expect(rolled.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rolled.body.previousSecretUntil) - Date.now()).toBeGreaterThan(7_000_000);
    await api().post(`/api/v1/webhooks/${endpoint.id}/test`).set(bearer(aliceToken)).expect(202);
    const [first] = await waitFor('/rolled');
    expect(first.signature.match(/v1=/g)).toHaveLength(2);
    expect(verifyWithNodeSnippet(first.signature, first.body, rolled.body.secret)).toBe(true);
    expect(verifyWithNodeSnippet(first.signature, first.body, endpoint.secret)).toBe(true);

    const delivered = await newestDelivery(endpoint.id, (row) => row.state === 'delivered');
    await api()
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivered.id}/resend`)
      .set(bearer(aliceToken))
      .expect(202);
    const [, again] = await waitFor('/rolled', 2);
    expect(JSON.parse(again.body).id).toBe(JSON.parse(first.body).id);
    // Rolled again without overlap: the replaced secret stops signing at once.
    const now = await api()
      .post(`/api/v1/webhooks/${endpoint.id}/roll-secret`)
      .set(bearer(aliceToken))
      .send({ overlapHours: 0 })
      .expect(200);
    expect(now.body.previousSecretUntil).toBeNull();
    await api().post(`/api/v1/webhooks/${endpoint.id}/test`).set(bearer(aliceToken)).expect(202);
    const [, , third] = await waitFor('/rolled', 3);
    expect(third.signature.match(/v1=/g)).toHaveLength(1);
    expect(verifyWithNodeSnippet(third.signature, third.body, now.body.secret)).toBe(true);
    await api()
      .post(`/api/v1/webhooks/${endpoint.id}/deliveries/${delivered.id}/resend`)
      .set(bearer(bobToken))
      .expect(404);
  });

  it('disables an endpoint whose deliveries failed for three days, emails its owner, and enables it again', async () => {
    const down = (await register(aliceToken, { url: `${receiverUrl}/down` }).expect(201)).body;
    answers['/down'] = [500, 500, 500];
    await api().post(`/api/v1/webhooks/${down.id}/test`).set(bearer(aliceToken)).expect(202);
    const first = await newestDelivery(down.id, (row) => row.attempts === 1);
    // Three days pass without an answer.
    await db().query(`UPDATE webhook_deliveries SET first_attempt_at = now() - interval '3 days' WHERE id = $1`, [
      first.id,
    ]);
    await promoteRetry(first.id, 2);
    await newestDelivery(down.id, (row) => row.state === 'failed');
    const [failed] = await log(aliceToken, down.id);
    expect(failed).toMatchObject({ attempts: 2, lastStatus: 500, nextAttemptAt: null });
    const endpoint = (await api().get(`/api/v1/webhooks/${down.id}`).set(bearer(aliceToken)).expect(200)).body;
    expect(endpoint).toMatchObject({
      status: 'disabled',
      disabledReason: 'Deliveries failed for three days (last: answered 500).',
    });
    const [mail] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `webhook-disabled-${down.id}`);
    expect(mail.to).toMatchObject({ text: 'hooks-alice@example.com' });
    expect(mail.subject).toBe('Your webhook endpoint has been disabled');
    expect(mail.text).toContain(`${receiverUrl}/down`);

    const refused = await api().post(`/api/v1/webhooks/${down.id}/test`).set(bearer(aliceToken)).expect(409);
    expect(refused.body.message).toBe('This endpoint is disabled: enable it first.');
    // The receiver is back: enabled, the missed delivery is resent from the log.
    answers['/down'] = [];
    const enabled = await api().post(`/api/v1/webhooks/${down.id}/enable`).set(bearer(aliceToken)).expect(200);
    expect(enabled.body).toMatchObject({ status: 'enabled', disabledReason: null });
    await api().post(`/api/v1/webhooks/${down.id}/deliveries/${failed.id}/resend`).set(bearer(aliceToken)).expect(202);
    await newestDelivery(down.id, (row) => row.state === 'delivered');
  });

  it("tells a customer's endpoints a Tracker renews within a week, once, and that one has ended", async () => {
    const worker = context.worker!;
    await db().query(
      `UPDATE subscriptions SET auto_renew = true, expiration_date = now() + interval '5 days' WHERE id = $1`,
      [bobSub],
    );
    await worker.get(RenewalRemindersService, { strict: false }).run();
    const [renewing] = await waitFor('/bob');
    const notice = JSON.parse(renewing.body);
    expect(notice).toMatchObject({
      type: 'subscription.renewing',
      data: {
        subscription: {
          id: bobSub,
          plan: 'annual',
          status: 'active',
          autoRenew: true,
          county: { fips: counties[2].fips },
        },
      },
    });
    expect(Date.parse(notice.data.renewsAt) - Date.now()).toBeGreaterThan(4 * 86_400_000);
    // The next day's run finds it again: the same renewal is not announced twice.
    await worker.get(RenewalRemindersService, { strict: false }).run();
    await db().query(
      `UPDATE subscriptions SET auto_renew = false, expiration_date = now() - interval '1 day' WHERE id = $1`,
      [bobSub],
    );
    await worker.get(SubscriptionExpiryService, { strict: false }).run();
    const [, ended] = await waitFor('/bob', 2);
    expect(JSON.parse(ended.body)).toMatchObject({
      type: 'subscription.expired',
      data: { subscription: { id: bobSub, status: 'expired' } },
    });
    const events = await db().query(
      `SELECT v.type FROM webhook_events v JOIN users u ON u.id = v.user_id WHERE u.email = $1 ORDER BY v.created_at`,
      ['hooks-bob@example.com'],
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual(['subscription.renewing', 'subscription.expired']);
    // Alice's endpoints hear nothing of Bob's subscription.
    expect(received.filter((r) => r.path !== '/bob' && JSON.parse(r.body).data?.subscription)).toEqual([]);
  });
});
