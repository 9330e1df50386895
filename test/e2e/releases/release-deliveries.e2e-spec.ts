import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { CONVERTED_FORMATS, formatInfo } from '../../../src/contracts/dataset-formats';
import { EVENTS_QUEUE } from '../../../src/integrations/events/events';
import { DatasetStorage } from '../../../src/integrations/storage/dataset-storage';
import { CountyDatasetsRepository } from '../../../src/modules/releases/files/county-datasets.repository';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { ReleasesRepository } from '../../../src/modules/releases/releases.repository';
import { ReleasesService } from '../../../src/modules/releases/releases.service';
import { generateCountyDataset } from '../../../src/dev/synthetic-data/synthetic-dataset';
import { DomainEvents } from '../../../src/modules/events';
import { ReleaseDeliveriesService } from '../../../src/modules/subscriptions/release-deliveries.service';
import { TrackerDeliveriesService } from '../../../src/modules/subscriptions/tracker-deliveries.service';
import { awaitMessages, outboxMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';

interface County {
  id: string;
  fips: string;
  name: string;
  state: string;
  stateCode: string;
  population: number | null;
}

/** What the comparison with the previous release found, as the compare job would record it. */
interface Comparison {
  previousRelease: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
  /** Whether a change file is written for the county. */
  changeFile: boolean;
}

const FIRST_RELEASE: Comparison = {
  previousRelease: null,
  added: null,
  removed: null,
  changed: null,
  changeFile: false,
};

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The month `back` months before now, YYYY-MM. */
function monthsAgo(back: number): string {
  const now = new Date();
  return releaseOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15)));
}

describe('County Tracker emails when a release is published', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const outbox = () => context.environment.env.MAIL_OUTBOX_DIR;
  let token: string;
  let counties: County[];

  /** Nothing queued may still be on its way: let the worker finish before counting. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  /** Buys one county on an order of its own and answers the subscription id. */
  async function subscribe(county: County, purchaseType: 'annual' | 'one-time', email: string): Promise<string> {
    const orderId = await buy(context.store.server, email, [{ countyId: county.id, purchaseType }]);
    const [row] = await db().query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [orderId],
    );
    return row.id;
  }

  /** As if bought 40 days ago, so the monthly run counts them as due. */
  async function boughtLastMonth(ids: string[]): Promise<void> {
    await db().query(
      `UPDATE subscriptions SET start_date = start_date - interval '40 days',
         expiration_date = expiration_date - interval '40 days' WHERE id = ANY($1)`,
      [ids],
    );
  }

  async function createRelease(month: string): Promise<string> {
    const res = await api().post('/api/admin/releases').set('Authorization', `Bearer ${token}`).send({ month });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  /**
   * A county's file in a draft, checked and compared as ingest and the compare job leave it:
   * the full file (and a change file) in storage and recorded, its QA row ready to publish.
   */
  async function draftCounty(releaseId: string, month: string, county: County, comparison: Comparison): Promise<void> {
    const storage = context.store.app.get(DatasetStorage);
    const datasets = context.store.app.get(CountyDatasetsRepository);
    const releases = context.store.app.get(ReleasesRepository);
    const { bytes, records, keyFieldCounts } = generateCountyDataset(county, month);
    const storageKey = `counties/${county.fips}/${month}.csv.gz`;
    await storage.put(storageKey, bytes);
    const changes = gzipSync(`change,parcel_id,county_fips\nadded,${county.fips}-new-1,${county.fips}\n`);
    const changesKey = `counties/${county.fips}/${month}.changes.csv.gz`;
    if (comparison.changeFile) await storage.put(changesKey, changes);
    await db().transaction(async (manager) => {
      const file = { countyId: county.id, release: month, records, keyFieldCounts, releaseId };
      const full = await datasets.recordDraftFile(manager, {
        ...file,
        storageKey,
        bytes: bytes.length,
        sha256: sha256(bytes),
        kind: 'full',
      });
      const changeFile = comparison.changeFile
        ? await datasets.recordDraftFile(manager, {
            ...file,
            storageKey: changesKey,
            bytes: changes.length,
            sha256: sha256(changes),
            records: 1,
            kind: 'changes',
          })
        : null;
      await releases.recordChecked(manager, {
        releaseId,
        countyId: county.id,
        datasetId: full.id,
        records,
        keyFieldCounts,
        invalidValues: {},
        invalidValueCount: 0,
        foreignFipsRows: 0,
      });
      const compared = await releases.recordCompared(manager, {
        releaseId,
        countyId: county.id,
        datasetId: full.id,
        changeDatasetId: changeFile?.id ?? null,
        duplicateParcelIds: 0,
        previousRelease: comparison.previousRelease,
        added: comparison.added,
        removed: comparison.removed,
        changed: comparison.changed,
        changedFields: comparison.changed ? { owner_name: comparison.changed } : null,
        flags: [],
      });
      expect(compared).toBe(true);
    });
  }

  async function publish(releaseId: string, exclude: string[] = []): Promise<void> {
    await api()
      .post(`/api/admin/releases/${releaseId}/publish`)
      .set('Authorization', `Bearer ${token}`)
      .send({ exclude })
      .expect(200);
  }

  beforeAll(async () => {
    const res = await api()
      .post('/api/admin/login')
      .set('X-Forwarded-For', '10.9.1.1')
      .send({ password: TEST_ADMIN_PASSWORD })
      .expect(200);
    token = res.body.token;
    counties = await db().query(
      `SELECT id, fips, name, state, state_code AS "stateCode", population FROM counties
       WHERE deleted_at IS NULL AND population BETWEEN 5000 AND 15000 ORDER BY fips LIMIT 5`,
    );
  });

  // The county tracked, its buyers, and the release they are told of, shared by the tests below in order.
  let tracker: string;
  let snapshot: string;
  let cancelled: string;
  let excludedTracker: string;
  let laterTracker: string;
  let newReleaseId: string;
  const previous = monthsAgo(2);
  const current = monthsAgo(1);

  it('emails each County Tracker of a published county at once: what changed, and links to the full and change files', async () => {
    const [tracked, excluded, later] = counties;
    // The county's previous release, published before anyone bought it: nobody to tell.
    const previousId = await createRelease(previous);
    await draftCounty(previousId, previous, tracked, FIRST_RELEASE);
    await publish(previousId);

    tracker = await subscribe(tracked, 'annual', 'tracker@example.com');
    snapshot = await subscribe(tracked, 'one-time', 'snapshot@example.com');
    cancelled = await subscribe(tracked, 'annual', 'cancelled@example.com');
    excludedTracker = await subscribe(excluded, 'annual', 'excluded@example.com');
    laterTracker = await subscribe(later, 'annual', 'later@example.com');
    await boughtLastMonth([tracker, snapshot, cancelled, excludedTracker, laterTracker]);
    await db().query(`UPDATE subscriptions SET status = 'cancelled' WHERE id = $1`, [cancelled]);

    newReleaseId = await createRelease(current);
    await draftCounty(newReleaseId, current, tracked, {
      previousRelease: previous,
      added: 1204,
      removed: 3,
      changed: 45,
      changeFile: true,
    });
    await draftCounty(newReleaseId, current, excluded, { ...FIRST_RELEASE });
    await publish(newReleaseId, [excluded.id]);

    const [mail] = await awaitMessages(outbox(), `tracker-release-${tracker}`);
    expect(mail.to).toMatchObject({ text: 'tracker@example.com' });
    expect(mail.subject).toBe(`New County Tracker data for ${tracked.name}, ${tracked.state}: release ${current}`);
    expect(mail.text).toContain(`Fresh data for ${tracked.name}, ${tracked.state} is ready: release ${current}`);
    expect(mail.text).toContain(`What changed since release ${previous}: parcels added 1,204, removed 3, changed 45.`);
    const links = [...(mail.text as string).matchAll(/http:\/\/\S+/g)].map(([url]) => new URL(url));
    const downloads = links.filter((url) => url.pathname.endsWith(`/subscriptions/${tracker}/download`));
    expect(downloads.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { release: current, kind: 'full' },
      { release: current, kind: 'changes' },
      ...(['full', 'changes'] as const).flatMap((kind) =>
        CONVERTED_FORMATS.map((format) => ({ release: current, kind, format })),
      ),
    ]);
    expect(links.some((url) => /^\/orders\/[^/]+$/.test(url.pathname))).toBe(true);
    expect(mail.html).toContain(`release=${current}&amp;kind=changes`);
    // The formats are named, each with its file extension, for the full and the change file.
    for (const format of CONVERTED_FORMATS) {
      const { name, extension } = formatInfo(format);
      expect(mail.text).toContain(`Full file, release ${current}, as ${name} (${extension})`);
      expect(mail.text).toContain(`Change file, release ${current}, as ${name} (${extension})`);
    }
  });

  it('gives email links that work in every format: a file when ready, else the order page that waits for it', async () => {
    const [mail] = await awaitMessages(outbox(), `tracker-release-${tracker}`);
    const links = [...(mail.text as string).matchAll(/http:\/\/\S+/g)].map(([url]) => new URL(url));
    const inFormat = (format: string, kind: string) =>
      links.find((url) => url.searchParams.get('format') === format && url.searchParams.get('kind') === kind)!;

    // The CSV link goes straight to a fresh short-lived link to the file.
    const csv = links.find((url) => url.pathname.endsWith('/download') && !url.searchParams.has('format'))!;
    const direct = await api().get(`${csv.pathname}${csv.search}`).expect(302);
    expect(direct.headers.location).toContain('/api/downloads/');

    for (const format of CONVERTED_FORMATS) {
      const link = inFormat(format, 'full');
      const path = `${link.pathname}${link.search}`;
      // A browser: the file, or (still being prepared) the order page naming the file it waits for.
      const browser = await api().get(path).set('Accept', 'text/html,application/xhtml+xml').expect(302);
      const location = new URL(browser.headers.location, 'http://store.test');
      if (location.pathname.startsWith('/orders/')) {
        expect(Object.fromEntries(location.searchParams)).toEqual({
          subscription: tracker,
          release: current,
          kind: 'full',
          format,
        });
      } else {
        expect(location.pathname).toMatch(/^\/api\/downloads\//);
      }
      // A script: the file, or 409 with Retry-After while it is prepared.
      const script = await api().get(path).set('Accept', 'application/json');
      expect([302, 409]).toContain(script.status);
      if (script.status === 409) expect(Number(script.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('tells nobody else of it: not a SnapShot buyer, a cancelled County Tracker, or one of a county excluded at publication', async () => {
    await settle();
    for (const id of [snapshot, cancelled, excludedTracker, laterTracker]) {
      expect(await outboxMessages(outbox(), `tracker-release-${id}`)).toHaveLength(0);
    }
    const [{ count }] = await db().query(
      `SELECT count(*)::int AS count FROM tracker_deliveries WHERE subscription_id = ANY($1)`,
      [[snapshot, cancelled, excludedTracker]],
    );
    expect(count).toBe(0);
  });

  it('never sends a release twice (its job again, the monthly run, another release published) nor to a County Tracker bought since', async () => {
    const later = counties[2];
    // Bought after the publication: the file came with the purchase, it is no news.
    const boughtSince = await subscribe(counties[0], 'annual', 'since@example.com');
    const deliveries = context.worker!.get(ReleaseDeliveriesService);
    await Promise.all([deliveries.deliver(newReleaseId), deliveries.deliver(newReleaseId)]);
    // Its event relayed again (as a sweep racing the API's relay might): its listener jobs exist, none is added.
    await db().query(`UPDATE domain_events SET relayed_at = NULL WHERE payload->>'releaseId' = $1`, [newReleaseId]);
    expect(await context.store.app.get(DomainEvents).relay()).toBe(1);
    // The monthly run (with its catch-up of recent releases): the release email was this month's delivery.
    await context.worker!.get(TrackerDeliveriesService).run();

    // Another county's release, published after its subscriber's monthly email: told at once all the same.
    const laterId = await createRelease(monthsAgo(0));
    await draftCounty(laterId, monthsAgo(0), later, FIRST_RELEASE);
    await publish(laterId);
    await awaitMessages(outbox(), `tracker-delivery-${laterTracker}`);
    const [news] = await awaitMessages(outbox(), `tracker-release-${laterTracker}`);
    expect(news.text).toContain('first release');
    expect(news.text).not.toContain('kind=changes');

    await settle();
    expect(await outboxMessages(outbox(), `tracker-release-${tracker}`)).toHaveLength(1);
    expect(await outboxMessages(outbox(), `tracker-delivery-${tracker}`)).toHaveLength(0);
    expect(await outboxMessages(outbox(), `tracker-release-${laterTracker}`)).toHaveLength(1);
    for (const id of [snapshot, cancelled, boughtSince]) {
      expect(await outboxMessages(outbox(), `tracker-release-${id}`)).toHaveLength(0);
      expect(await outboxMessages(outbox(), `tracker-delivery-${id}`)).toHaveLength(0);
    }
  });

  it('keeps the monthly email going the month after: the data has not changed since the release emailed', async () => {
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 15));
    await context.worker!.get(TrackerDeliveriesService).run(nextMonth);

    const [mail] = await awaitMessages(outbox(), `tracker-delivery-${tracker}-${releaseOf(nextMonth)}`);
    const [tracked] = counties;
    expect(mail.text).toContain(
      `The source data for ${tracked.name}, ${tracked.state} has not changed since release ${current}`,
    );
    await settle();
    expect(await outboxMessages(outbox(), `tracker-release-${tracker}`)).toHaveLength(1);
  });

  it('tells the subscribers of a release published by any caller of the service, and the daily run adds no second email', async () => {
    const county = counties[3];
    const subscriber = await subscribe(county, 'annual', 'missed@example.com');
    await boughtLastMonth([subscriber]);
    const month = monthsAgo(3);
    const releaseId = await createRelease(month);
    await draftCounty(releaseId, month, county, FIRST_RELEASE);
    // Published without the admin API: its release.published event tells the Trackers all the same.
    await context.store.app.get(ReleasesService).publish(releaseId, {}, async () => undefined);

    await context.worker!.get(TrackerDeliveriesService).run();

    const [mail] = await awaitMessages(outbox(), `tracker-release-${subscriber}`);
    expect(mail.subject).toBe(`New County Tracker data for ${county.name}, ${county.state}: release ${month}`);
    await settle();
    // The release email is the month's delivery: no second one from the monthly run.
    expect(await outboxMessages(outbox(), `tracker-delivery-${subscriber}`)).toHaveLength(0);
  });

  it('says what changed in the monthly email that brings a release its subscriber was never told of', async () => {
    const county = counties[4];
    const subscriber = await subscribe(county, 'annual', 'long-ago@example.com');
    const [first, second] = [monthsAgo(5), monthsAgo(4)];
    // Subscribed in the first release's month, whatever today's date: the second is news to them.
    await db().query(
      `UPDATE subscriptions SET start_date = $2::timestamptz,
         expiration_date = $2::timestamptz + interval '1 year' WHERE id = $1`,
      [subscriber, `${first}-01T00:00:00Z`],
    );
    const releases = context.store.app.get(ReleasesService);
    // Their listeners never run (Redis lost its jobs): the release emails are never sent.
    const events = context.store.app.get<Queue>(getQueueToken(EVENTS_QUEUE));
    await events.pause();
    const firstId = await createRelease(first);
    await draftCounty(firstId, first, county, FIRST_RELEASE);
    await releases.publish(firstId, {}, async () => undefined);
    const secondId = await createRelease(second);
    await draftCounty(secondId, second, county, {
      previousRelease: first,
      added: 7,
      removed: 0,
      changed: 2,
      changeFile: true,
    });
    await releases.publish(secondId, {}, async () => undefined);
    await events.drain();
    await events.resume();
    // Published too long ago for the daily catch-up of release emails.
    await db().query(`UPDATE releases SET published_at = published_at - interval '60 days' WHERE id = ANY($1)`, [
      [firstId, secondId],
    ]);
    await db().query(
      `UPDATE county_datasets SET published_at = published_at - interval '60 days' WHERE release_id = ANY($1)`,
      [[firstId, secondId]],
    );

    await context.worker!.get(TrackerDeliveriesService).run();

    const [mail] = await awaitMessages(outbox(), `tracker-delivery-${subscriber}-${releaseOf(new Date())}`);
    expect(mail.text).toContain(`Fresh data for ${county.name}, ${county.state} is ready: release ${second}`);
    expect(mail.text).toContain(`What changed since release ${first}: parcels added 7, removed 0, changed 2.`);
    expect(mail.text).toContain(`/subscriptions/${subscriber}/download?release=${second}&kind=changes`);
    await settle();
    expect(await outboxMessages(outbox(), `tracker-release-${subscriber}`)).toHaveLength(0);
  });
});
