import { createHash } from 'node:crypto';
import request from 'supertest';
import { CountyDatasetsService } from '../../../src/modules/releases/files/county-datasets.service';
import { DownloadTokens } from '../../../src/modules/downloads/download-token';
import { DownloadsService } from '../../../src/modules/downloads/downloads.service';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { buy } from '../../support/purchase';
import { binaryBody } from '../../support/binary-body';
import { signIn } from '../../support/sign-in';
import { testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

describe('Downloads', () => {
  const context = useTestApp({ listen: true });
  const api = () => request(context.store.server);
  let buyer: WebClient;
  let other: WebClient;
  let subscriptionId: string;
  let orderId: string;

  const linkPath = (url: string) => new URL(url).pathname;

  function linkFor(client: WebClient, id: string) {
    return api().post(`/api/subscriptions/${id}/download-link`).set('Cookie', client.cookieHeader());
  }

  beforeAll(async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '24510'`);
    orderId = await buy(context.store.server, 'downloader@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    buyer = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(buyer, { email: 'downloader@example.com' });
    other = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(other, { email: 'someone-else@example.com' });
    [{ id: subscriptionId }] = JSON.parse((await buyer.request('/api/subscriptions')).body);
  });

  it('lets a one-time buyer download the county file, bytes and checksum as recorded', async () => {
    const link = await linkFor(buyer, subscriptionId).expect(200);
    expect(link.body).toMatchObject({ release: expect.stringMatching(/^\d{4}-\d{2}$/) });
    const file = await api().get(linkPath(link.body.url)).buffer(true).parse(binaryBody).expect(200);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="baltimore-city-md-${link.body.release}.csv.gz"`,
    );
    const [dataset] = await context.store.db.query(`SELECT bytes::int AS bytes, sha256, records FROM county_datasets`);
    // The generated file's parcels: about one per 1,000 residents, a few slots empty in any month.
    expect(link.body.records).toBe(dataset.records);
    expect(dataset.records).toBeGreaterThan(593 * 0.97);
    expect((file.body as Buffer).length).toBe(dataset.bytes);
    expect(
      createHash('sha256')
        .update(file.body as Buffer)
        .digest('hex'),
    ).toBe(dataset.sha256);
  });

  it('resumes with a Range request', async () => {
    const { body } = await linkFor(buyer, subscriptionId).expect(200);
    const whole = (await api().get(linkPath(body.url)).buffer(true).parse(binaryBody)).body as Buffer;
    const tail = await api()
      .get(linkPath(body.url))
      .set('Range', 'bytes=100-')
      .buffer(true)
      .parse(binaryBody)
      .expect(206);
    expect(tail.headers['content-range']).toBe(`bytes 100-${whole.length - 1}/${whole.length}`);
    expect((tail.body as Buffer).equals(whole.subarray(100))).toBe(true);
    await api()
      .get(linkPath(body.url))
      .set('Range', `bytes=${whole.length + 10}-`)
      .expect(416);
  });

  it('gives no link for another customer’s subscription, and refuses a tampered or expired link', async () => {
    await linkFor(other, subscriptionId).expect(404);
    await api().post(`/api/subscriptions/${subscriptionId}/download-link`).expect(401);
    const { body } = await linkFor(buyer, subscriptionId).expect(200);
    const token = linkPath(body.url).split('/').pop()!;
    await api()
      .get(`/api/downloads/${token.slice(0, -2)}xx`)
      .expect(404);
    const [dataset] = await context.store.db.query(`SELECT id FROM county_datasets`);
    const secret = context.store.app.get<{ sessionSecret: string }>('CONFIGURATION(auth)').sessionSecret;
    const stale = new DownloadTokens(secret).issue(
      { subscriptionId, datasetId: dataset.id },
      Date.now() - 16 * 60 * 1000,
    );
    const expired = await api().get(`/api/downloads/${stale.token}`).expect(410);
    expect(expired.body.message).toMatch(/expired\. Get a fresh one/);
  });

  it('refuses a link, even one issued earlier, once the purchase is refunded', async () => {
    const { body } = await linkFor(buyer, subscriptionId).expect(200);
    const stripe = await testStripe();
    const [order] = await context.store.db.query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [
      orderId,
    ]);
    await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
    await stripe.simulator.flushWebhooks();
    const refused = await api().get(linkPath(body.url)).expect(403);
    expect(refused.body.message).toMatch(/does not include this file any more/);
    await linkFor(buyer, subscriptionId).expect(403);
  });

  it('lets an annual subscriber download every release from its start through now, and none from before it', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '24005'`);
    const annualOrder = await buy(context.store.server, 'tracker-downloads@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    const [{ id: tracker }] = await context.store.db.query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [annualOrder],
    );
    const now = new Date();
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
    await context.store.db.query(
      `UPDATE subscriptions SET start_date = $2, expiration_date = $2::timestamptz + interval '1 year' WHERE id = $1`,
      [tracker, month(1)],
    );
    const datasets = context.store.app.get(CountyDatasetsService);
    const [beforeStart, atStart] = await Promise.all([
      datasets.ensureRelease(county.id, releaseOf(month(2))),
      datasets.ensureRelease(county.id, releaseOf(month(1))),
    ]);
    const link = await context.store.app.get(DownloadsService).linkFor(tracker, { orderId: annualOrder });
    expect(link.release).toBe(releaseOf(now));
    await api().get(linkPath(link.url)).expect(200);

    const secret = context.store.app.get<{ sessionSecret: string }>('CONFIGURATION(auth)').sessionSecret;
    const linkTo = (datasetId: string) =>
      `/api/downloads/${new DownloadTokens(secret).issue({ subscriptionId: tracker, datasetId }).token}`;
    await api().get(linkTo(atStart.id)).expect(200);
    await api().get(linkTo(beforeStart.id)).expect(403);
  });

  it('gives an annual subscription past its expiration no link, though not yet marked expired', async () => {
    const [county] = await context.store.db.query(`SELECT id FROM counties WHERE fips = '24003'`);
    const order = await buy(context.store.server, 'lapsing@example.com', [
      { countyId: county.id, purchaseType: 'annual' },
    ]);
    await context.store.db.query(
      `UPDATE subscriptions SET expiration_date = now() - interval '1 hour'
       WHERE order_item_id IN (SELECT id FROM order_items WHERE order_id = $1)`,
      [order],
    );
    const [{ id }] = await context.store.db.query(
      `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
      [order],
    );
    await expect(context.store.app.get(DownloadsService).linkFor(id, { orderId: order })).rejects.toMatchObject({
      status: 403,
    });
  });
});
