import { createHash } from 'node:crypto';
import request from 'supertest';
import { DownloadTokens } from '../../../src/modules/downloads/download-token';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { binaryBody } from '../../support/binary-body';
import { buy } from '../../support/purchase';
import { makeRelease, monthsAgo, StoredRelease } from '../../support/releases';
import { signIn } from '../../support/sign-in';
import { TEST_ADMIN_PASSWORD, useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

interface Subscription {
  id: string;
  purchaseType: string;
  downloadableRelease: string | null;
  downloadableReleases: { release: string; hasChangeFile: boolean; added: number | null }[];
}

/**
 * County Tracker subscribers download each release they are entitled to, full file and change
 * file; SnapShot buyers their one full file. Releases are made as ingest, comparison and publishing
 * make them; a draft release with newer files is there throughout, and no buyer-facing call shows it.
 */
describe('Release downloads: full and change files, by entitlement; drafts invisible', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  const [oldest, older, last, draftMonth] = [monthsAgo(3), monthsAgo(2), monthsAgo(1), monthsAgo(0)];
  let tracked: string; // Baltimore County: releases oldest (first), older and last, with change files
  let firstOnly: string; // Anne Arundel: its first release only (last), no change file
  let snapped: string; // Baltimore City: older (first) and last
  const made: Record<string, StoredRelease> = {};
  let draft: StoredRelease;
  let tracker: WebClient;
  let snapshot: WebClient;
  let trackerSub: string;
  let firstOnlySub: string;
  let snapshotSub: string;
  let trackerToken: string;

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const path = (url: string) => new URL(url).pathname;
  const fetchFile = (url: string) => api().get(path(url)).buffer(true).parse(binaryBody);
  const linkFor = (client: WebClient, id: string, choice?: object) =>
    api()
      .post(`/api/subscriptions/${id}/download-link`)
      .set('Cookie', client.cookieHeader())
      .send(choice ?? {});

  /** A link as the store signs them, for a file it would not link to. */
  const signedLink = (subscriptionId: string, datasetId: string) => {
    const secret = context.store.app.get<{ sessionSecret: string }>('CONFIGURATION(auth)').sessionSecret;
    return new DownloadTokens(secret).issue({ subscriptionId, datasetId }).token;
  };

  beforeAll(async () => {
    const ids = async (fips: string) =>
      (await context.store.db.query(`SELECT id FROM counties WHERE fips = $1`, [fips]))[0].id as string;
    [tracked, firstOnly, snapped] = await Promise.all([ids('24005'), ids('24003'), ids('24510')]);
    const app = context.store.app;
    made[oldest] = await makeRelease(app, oldest, [{ countyId: tracked }]);
    made[older] = await makeRelease(app, older, [
      { countyId: tracked, changes: { previousRelease: oldest, added: 4, removed: 2, changed: 7 } },
      { countyId: snapped },
    ]);
    made[last] = await makeRelease(app, last, [
      { countyId: tracked, changes: { previousRelease: older, added: 3, removed: 1, changed: 5 } },
      { countyId: firstOnly },
      { countyId: snapped, changes: { previousRelease: older, added: 1, removed: 0, changed: 2 } },
    ]);
    // This month's release, ingested and compared but not published: newer files for every county.
    draft = await makeRelease(
      app,
      draftMonth,
      [tracked, firstOnly, snapped].map((countyId) => ({
        countyId,
        changes: { previousRelease: last, added: 9, removed: 9, changed: 9 },
      })),
      { draft: true },
    );

    const trackerOrder = await buy(context.store.server, 'tracker-releases@example.com', [
      { countyId: tracked, purchaseType: 'annual' },
      { countyId: firstOnly, purchaseType: 'annual' },
    ]);
    await buy(context.store.server, 'snapshot-releases@example.com', [{ countyId: snapped, purchaseType: 'one-time' }]);
    tracker = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(tracker, { email: 'tracker-releases@example.com' });
    snapshot = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(snapshot, { email: 'snapshot-releases@example.com' });
    const subscriptionOf = async (countyId: string) =>
      (await context.store.db.query(`SELECT id FROM subscriptions WHERE county_id = $1`, [countyId]))[0].id as string;
    [trackerSub, firstOnlySub, snapshotSub] = await Promise.all([tracked, firstOnly, snapped].map(subscriptionOf));
    // The Tracker began in the middle of `older`'s month: `oldest` was current before it.
    await context.store.db.query(
      `UPDATE subscriptions SET start_date = $2, expiration_date = $2::timestamptz + interval '1 year' WHERE id = $1`,
      [trackerSub, `${older}-15T12:00:00Z`],
    );
    trackerToken = (await app.get(OrderPageLinks).forOrder(trackerOrder)).token;
  });

  it('gives a Tracker subscriber the change file of a release it includes, bytes as stored, named as a change file', async () => {
    const link = await linkFor(tracker, trackerSub, { release: last, kind: 'changes' }).expect(200);
    expect(link.body).toMatchObject({ release: last, records: 3 + 1 + 5 });
    const file = await fetchFile(link.body.url).expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-md-${last}-changes.csv.gz"`);
    expect(sha(file.body as Buffer)).toBe(sha(made[last].files.get(tracked)!.changes!));
  });

  it('gives a Tracker subscriber the full file of an earlier release it includes', async () => {
    const link = await linkFor(tracker, trackerSub, { release: older }).expect(200);
    const file = await fetchFile(link.body.url).expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-md-${older}.csv.gz"`);
    expect(sha(file.body as Buffer)).toBe(sha(made[older].files.get(tracked)!.full));
    // Also its change file, from the order page's call and through the lasting link.
    const fromOrder = await api()
      .post(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download-link`)
      .send({ release: older, kind: 'changes' })
      .expect(200);
    expect(sha((await fetchFile(fromOrder.body.url).expect(200)).body)).toBe(
      sha(made[older].files.get(tracked)!.changes!),
    );
    const lasting = await api()
      .get(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download`)
      .query({ release: older, kind: 'changes' })
      .expect(302);
    expect(sha((await fetchFile(lasting.headers.location).expect(200)).body)).toBe(
      sha(made[older].files.get(tracked)!.changes!),
    );
  });

  it('still follows the lasting links of emails sent before formats, which name the kind `file`', async () => {
    const lasting = await api()
      .get(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download`)
      .query({ release: older, file: 'changes' })
      .expect(302);
    expect(sha((await fetchFile(lasting.headers.location).expect(200)).body)).toBe(
      sha(made[older].files.get(tracked)!.changes!),
    );
  });

  it('refuses a release from before the Tracker began, and names what it includes', async () => {
    const refused = await linkFor(tracker, trackerSub, { release: oldest }).expect(403);
    expect(refused.body.message).toBe(
      `This subscription does not include the ${oldest} release: it includes releases ${older} through ${last}. ` +
        'Your dashboard shows what you can download.',
    );
    await api()
      .get(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download`)
      .query({ release: oldest, kind: 'full' })
      .expect(403);
  });

  it('answers 404 for the change file of a county’s first release, and 400 for a choice that is not one', async () => {
    const missing = await linkFor(tracker, firstOnlySub, { release: last, kind: 'changes' }).expect(404);
    expect(missing.body.message).toMatch(/has no change file: it is the county's first release/);
    await linkFor(tracker, firstOnlySub, { release: last, kind: 'full' }).expect(200);
    const bad = await linkFor(tracker, trackerSub, { release: '2026-13', kind: 'diff' }).expect(400);
    expect(bad.body.message).toMatch(/release must be a monthly release as YYYY-MM/);
    expect(bad.body.message).toMatch(/kind must be 'full' or 'changes'/);
  });

  it('gives a SnapShot buyer no change file, and its full file exactly as before', async () => {
    const refused = await linkFor(snapshot, snapshotSub, { kind: 'changes' }).expect(403);
    expect(refused.body.message).toMatch(/^Change files come with County Tracker/);
    await linkFor(snapshot, snapshotSub, { release: last, kind: 'changes' }).expect(403);
    // Nor through a link naming a change file, were one ever signed: the rule is checked again at use.
    const [changeFile] = await context.store.db.query(
      `SELECT id FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'changes' AND format = 'csv'`,
      [snapped, last],
    );
    const atUse = await api()
      .get(`/api/downloads/${signedLink(snapshotSub, changeFile.id)}`)
      .expect(403);
    expect(atUse.body.message).toMatch(/^Change files come with County Tracker/);
    const plain = await api()
      .post(`/api/subscriptions/${snapshotSub}/download-link`)
      .set('Cookie', snapshot.cookieHeader())
      .expect(200);
    expect(plain.body).toMatchObject({ release: last, records: made[last].files.get(snapped)!.records });
    const file = await fetchFile(plain.body.url).expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="baltimore-city-md-${last}.csv.gz"`);
    expect(sha(file.body as Buffer)).toBe(sha(made[last].files.get(snapped)!.full));
    // An earlier release than the one bought is not included either.
    await linkFor(snapshot, snapshotSub, { release: older }).expect(403);
    const { body: list } = await api().get('/api/subscriptions').set('Cookie', snapshot.cookieHeader()).expect(200);
    expect(list[0]).toMatchObject({ downloadableRelease: last, downloadableReleases: [] });
  });

  describe('drafts are invisible to every buyer-facing call', () => {
    it('summary, sample, release history and coverage give the published release only', async () => {
      const summary = await api().get(`/api/counties/${tracked}/dataset-summary`).expect(200);
      expect(summary.body).toMatchObject({ release: last, parcels: made[last].files.get(tracked)!.records });
      const sample = await api().get(`/api/counties/${tracked}/sample.csv`).expect(200);
      expect(sample.headers['content-disposition']).toContain(`-sample-${last}.csv`);
      expect(sample.headers.etag).toBe(`"sample-${sha(made[last].files.get(tracked)!.full)}"`);
      const history = await api().get(`/api/counties/${tracked}/releases`).expect(200);
      expect(history.body.map((r: { release: string }) => r.release)).toEqual([last, older, oldest]);
      const coverage = await api().get('/api/coverage.csv').expect(200);
      const row = coverage.text.split('\r\n').find((line) => line.startsWith('24005,'));
      expect(row?.split(',')[3]).toBe(last);
      const releases = coverage.text.split('\r\n').map((line) => line.split(',')[3]);
      expect(releases).not.toContain(draftMonth);
    });

    it('the dashboard list and the order page offer the published releases only', async () => {
      const expected = [
        { release: last, hasChangeFile: true, added: 3, removed: 1, changed: 5 },
        { release: older, hasChangeFile: true, added: 4, removed: 2, changed: 7 },
      ];
      const { body: list } = await api().get('/api/subscriptions').set('Cookie', tracker.cookieHeader()).expect(200);
      const fromDashboard = list.find((s: Subscription) => s.id === trackerSub);
      expect(fromDashboard).toMatchObject({ downloadableRelease: last, downloadableReleases: expected });
      expect(list.find((s: Subscription) => s.id === firstOnlySub)).toMatchObject({
        downloadableRelease: last,
        downloadableReleases: [{ release: last, hasChangeFile: false, added: null, removed: null, changed: null }],
      });
      const { body: order } = await api().get(`/api/orders/${trackerToken}`).expect(200);
      expect(order.subscriptions.find((s: Subscription) => s.id === trackerSub)).toMatchObject({
        downloadableRelease: last,
        downloadableReleases: expected,
      });
    });

    it('download links, the order page’s and the lasting link give the published file, and refuse the draft’s', async () => {
      const current = made[last].files.get(tracked)!.full;
      const plain = await linkFor(tracker, trackerSub).expect(200);
      expect(plain.body.release).toBe(last);
      expect(sha((await fetchFile(plain.body.url).expect(200)).body)).toBe(sha(current));
      const fromOrder = await api()
        .post(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download-link`)
        .expect(200);
      expect(fromOrder.body.release).toBe(last);
      const lasting = await api().get(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download`).expect(302);
      expect(sha((await fetchFile(lasting.headers.location).expect(200)).body)).toBe(sha(current));

      for (const kind of ['full', 'changes']) {
        await linkFor(tracker, trackerSub, { release: draftMonth, kind }).expect(403);
        await api()
          .post(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download-link`)
          .send({ release: draftMonth, kind })
          .expect(403);
        await api()
          .get(`/api/orders/${trackerToken}/subscriptions/${trackerSub}/download`)
          .query({ release: draftMonth, kind })
          .expect(403);
      }
      expect(draft.files.get(tracked)!.changes).not.toBeNull();
    });

    it('a link naming a draft file is refused when used, even signed by the store', async () => {
      const [draftFile] = await context.store.db.query(
        `SELECT id FROM county_datasets WHERE county_id = $1 AND release = $2 AND kind = 'full' AND format = 'csv'`,
        [tracked, draftMonth],
      );
      const refused = await api()
        .get(`/api/downloads/${signedLink(trackerSub, draftFile.id)}`)
        .expect(403);
      expect(refused.body.message).toMatch(/does not include this file/);
    });
  });

  // Last: it publishes the draft the tests above keep unpublished.
  it('shows this month’s release to buyers the moment staff publish it: history, coverage, console and downloads', async () => {
    const admin = (await api().post('/api/admin/login').send({ password: TEST_ADMIN_PASSWORD }).expect(200)).body.token;
    await api()
      .post(`/api/admin/releases/${draft.releaseId}/publish`)
      .set('Authorization', `Bearer ${admin}`)
      .send({})
      .expect(200);

    const history = await api().get(`/api/counties/${tracked}/releases`).expect(200);
    expect(history.body.map((r: { release: string }) => r.release)).toEqual([draftMonth, last, older, oldest]);
    const coverage = await api().get('/api/coverage.csv').expect(200);
    expect(
      coverage.text
        .split('\r\n')
        .find((line) => line.startsWith('24005,'))
        ?.split(',')[3],
    ).toBe(draftMonth);
    const consoleCoverage = await api().get('/api/admin/coverage').set('Authorization', `Bearer ${admin}`).expect(200);
    expect(consoleCoverage.body.counties.find((row: { countyId: string }) => row.countyId === tracked)).toMatchObject({
      currentRelease: draftMonth,
      records: draft.files.get(tracked)!.records,
    });
    const link = await linkFor(tracker, trackerSub).expect(200);
    expect(link.body.release).toBe(draftMonth);
    expect(sha((await fetchFile(link.body.url).expect(200)).body)).toBe(sha(draft.files.get(tracked)!.full));
  });
});
