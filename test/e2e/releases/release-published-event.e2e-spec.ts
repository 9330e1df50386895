import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { EVENTS_QUEUE } from '../../../src/integrations/events/events';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { DomainEvents } from '../../../src/modules/events';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

/** A county file of two parcels. */
const countyFile = (fips: string) =>
  gzipSync(Buffer.from(`parcel_id,county_fips,owner_name\n001-01,${fips},Ada Lovelace\n001-02,${fips},Alan Turing\n`));

describe('release.published: raised with the change, relayed once, its listeners run', () => {
  const context = useTestApp({ listen: true, worker: true });
  const db = () => context.store.db;
  let token: string;

  beforeAll(async () => {
    const res = await request(context.store.server)
      .post('/api/admin/login')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    token = res.body.token;
  });

  it("tells a county's County Trackers at once when staff upload its file into a published month", async () => {
    const [county] = await db().query(`SELECT id, fips, name FROM counties WHERE fips = '10001'`);
    const orderId = await buy(context.store.server, 'upload-news@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    const [{ id: subscriptionId }] = await db().query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [orderId],
    );
    const month = releaseOf(new Date());
    await request(context.store.server)
      .post(`/api/admin/counties/${county.id}/datasets?release=${month}`)
      .set('Authorization', `Bearer ${token}`)
      .set('Content-Type', 'application/gzip')
      .send(countyFile(county.fips))
      .expect(201);

    const [event] = await db().query(
      `SELECT payload, relayed_at FROM domain_events WHERE name = 'release.published' AND payload->>'month' = $1`,
      [month],
    );
    expect(event.payload).toMatchObject({ month, countyIds: [county.id] });
    expect(event.relayed_at).not.toBeNull();
    const [mail] = await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `tracker-release-${subscriptionId}`);
    expect(mail.subject).toContain(`release ${month}`);
  });

  it('relays an event committed but never relayed (its process died) by the sweep, once, one job per listener', async () => {
    const events = context.store.app.get(DomainEvents);
    const releaseId = '00000000-0000-4000-8000-00000000e701';
    // Raised and committed, but the process "died" before its relay.
    await db().transaction((tx) =>
      events.raise(tx, 'release.published', { releaseId, month: '2020-01', countyIds: [] }),
    );
    const [pending] = await db().query(`SELECT id, relayed_at FROM domain_events WHERE payload->>'releaseId' = $1`, [
      releaseId,
    ]);
    expect(pending.relayed_at).toBeNull();

    expect(await context.worker!.get(DomainEvents).sweep()).toMatch(/^relayed 1 events/);
    expect(await events.relay()).toBe(0);
    const queue = context.store.app.get<Queue>(getQueueToken(EVENTS_QUEUE));
    for (const listener of ['conversions', 'tracker-emails']) {
      const job = await queue.getJob(`release.published-${listener}-${pending.id}`);
      expect(job?.name).toBe(`release.published:${listener}`);
      expect(job?.data).toEqual({ releaseId, month: '2020-01', countyIds: [] });
    }
  });

  it('never relays an event whose transaction rolled back', async () => {
    const events = context.store.app.get(DomainEvents);
    const releaseId = '00000000-0000-4000-8000-00000000e702';
    await expect(
      db().transaction(async (tx) => {
        await events.raise(tx, 'release.published', { releaseId, month: '2020-02', countyIds: [] });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db().query(`SELECT 1 FROM domain_events WHERE payload->>'releaseId' = $1`, [releaseId])).toEqual([]);
  });
});
