import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { CountyDatasetsService } from '../../../src/modules/releases/files/county-datasets.service';
import { DownloadsService } from '../../../src/modules/downloads/downloads.service';
import { MailQueue } from '../../../src/modules/mail/mail-queue.service';
import { releaseOf } from '../../../src/modules/releases/files/entitlement';
import { RenewalRemindersService } from '../../../src/modules/subscriptions/renewal-reminders.service';
import { SUBSCRIPTION_JOBS_QUEUE } from '../../../src/modules/subscriptions/subscription-jobs.constants';
import { SubscriptionExpiryService } from '../../../src/modules/subscriptions/subscription-expiry.service';
import { TrackerDeliveriesService } from '../../../src/modules/subscriptions/tracker-deliveries.service';
import { awaitMessages, outboxMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { useTestApp } from '../../support/test-app';

const DAY = 24 * 3600 * 1000;

describe('Scheduled subscription work: monthly deliveries, renewal reminders, expiry', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const outbox = () => context.environment.env.MAIL_OUTBOX_DIR;
  const db = () => context.store.db;
  let counties: { id: string; name: string; state: string }[];

  /** Buys each county on its own order and answers the subscription ids, in the same order. */
  async function subscribe(purchaseType: 'annual' | 'one-time', picks: number[], email: string): Promise<string[]> {
    const ids: string[] = [];
    for (const pick of picks) {
      const orderId = await buy(context.store.server, email, [{ countyId: counties[pick].id, purchaseType }]);
      const [row] = await db().query(
        `SELECT s.id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
        [orderId],
      );
      ids.push(row.id);
    }
    return ids;
  }

  /** As if bought `days` ago: the start (and a year's expiration) move back. */
  async function boughtDaysAgo(ids: string[], days: number): Promise<void> {
    await db().query(
      `UPDATE subscriptions SET start_date = start_date - make_interval(days => $2),
         expiration_date = expiration_date - make_interval(days => $2) WHERE id = ANY($1)`,
      [ids, days],
    );
  }

  beforeAll(async () => {
    counties = await db().query(
      `SELECT id, name, state FROM counties WHERE population BETWEEN 20000 AND 40000 ORDER BY fips LIMIT 12`,
    );
  });

  it('keeps one schedule per job in Redis', async () => {
    const queue = context.worker!.get<Queue>(getQueueToken(SUBSCRIPTION_JOBS_QUEUE));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual(['expiry', 'renewal-reminders', 'tracker-deliveries']);
  });

  it('emails each County Tracker once a month, however often and however concurrently the job runs', async () => {
    const trackers = await subscribe('annual', [0, 1], 'tracker@example.com');
    const [snapshot] = await subscribe('one-time', [2], 'tracker@example.com');
    const fresh = await subscribe('annual', [3], 'tracker@example.com');
    await boughtDaysAgo([...trackers, snapshot], 40);
    const deliveries = context.worker!.get(TrackerDeliveriesService);

    await Promise.all([deliveries.run(), deliveries.run()]);
    await deliveries.run();

    const month = releaseOf(new Date());
    for (const [i, id] of trackers.entries()) {
      const [mail] = await awaitMessages(outbox(), `tracker-delivery-${id}-${month}`);
      expect(mail.to).toMatchObject({ text: 'tracker@example.com' });
      expect(mail.subject).toContain(`County Tracker data: ${counties[i].name}, ${counties[i].state}`);
      expect(mail.text).toContain(
        `Fresh data for ${counties[i].name}, ${counties[i].state} is ready: release ${month}`,
      );
      expect(mail.html).toContain('Download');
    }
    // Let every queued job finish before counting: nothing more may arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const id of trackers) expect(await outboxMessages(outbox(), `tracker-delivery-${id}`)).toHaveLength(1);
    // A SnapShot is not delivered monthly; a Tracker bought this month got its file at purchase.
    expect(await outboxMessages(outbox(), `tracker-delivery-${snapshot}`)).toHaveLength(0);
    expect(await outboxMessages(outbox(), `tracker-delivery-${fresh[0]}`)).toHaveLength(0);
  });

  it('gives a download link in the delivery email that keeps working', async () => {
    const [id] = await subscribe('annual', [4], 'linked@example.com');
    await boughtDaysAgo([id], 35);
    await context.worker!.get(TrackerDeliveriesService).run();
    const [mail] = await awaitMessages(outbox(), `tracker-delivery-${id}`);
    const link = /(http:\/\/\S+\/download)\b/.exec(mail.text as string)![1];
    for (let use = 0; use < 2; use++) {
      const redirect = await api().get(new URL(link).pathname).expect(302);
      await api().get(new URL(redirect.headers.location).pathname).expect(200);
    }
  });

  it('says plainly when the county’s data has not changed since the last delivery', async () => {
    const [id] = await subscribe('annual', [5], 'unchanged@example.com');
    await boughtDaysAgo([id], 70);
    const current = await context.worker!.get(CountyDatasetsService).currentDataset(counties[5].id, new Date());
    const lastMonth = releaseOf(new Date(Date.now() - 31 * DAY));
    await db().query(
      `INSERT INTO tracker_deliveries (subscription_id, month, dataset_id, data_changed, mail_queued_at)
       VALUES ($1, $2, $3, true, now())`,
      [id, lastMonth, current!.id],
    );
    await context.worker!.get(TrackerDeliveriesService).run();
    const [mail] = await awaitMessages(outbox(), `tracker-delivery-${id}-${releaseOf(new Date())}`);
    expect(mail.text).toContain(`The source data for ${counties[5].name}, ${counties[5].state} has not changed`);
  });

  it('reminds once, 30 days ahead, of a renewal that is on: amount, date and how to turn it off', async () => {
    const [renewing, notRenewing] = await subscribe('annual', [6, 7], 'renewal@example.com');
    await db().query(`UPDATE subscriptions SET auto_renew = false WHERE id = $1`, [notRenewing]);
    await boughtDaysAgo([renewing, notRenewing], 345);
    const reminders = context.worker!.get(RenewalRemindersService);
    await reminders.run();
    await reminders.run();

    const [mail] = await awaitMessages(outbox(), `renewal-reminder-${renewing}`);
    const [{ expiration_date: expiresAt }] = await db().query(
      `SELECT expiration_date FROM subscriptions WHERE id = $1`,
      [renewing],
    );
    const date = new Date(expiresAt).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail.subject).toBe(`Your County Tracker for ${counties[6].name}, ${counties[6].state} renews on ${date}`);
    expect(mail.text).toContain('$1,200.00');
    expect(mail.text).toContain('turn auto-renewal off on your dashboard');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboxMessages(outbox(), `renewal-reminder-${renewing}`)).toHaveLength(1);
    expect(await outboxMessages(outbox(), `renewal-reminder-${notRenewing}`)).toHaveLength(0);
  });

  it('expires an unrenewed County Tracker once past its date, tells the customer once, and stops its downloads', async () => {
    const [lapsed, renewingInStripe] = await subscribe('annual', [8, 9], 'expiry@example.com');
    await boughtDaysAgo([lapsed], 366);
    // A renewal under way in Stripe gets a day's grace before it counts as failed.
    await boughtDaysAgo([renewingInStripe], 365);
    await db().query(`UPDATE subscriptions SET stripe_subscription_id = 'sub_in_progress' WHERE id = $1`, [
      renewingInStripe,
    ]);
    const expiry = context.worker!.get(SubscriptionExpiryService);
    await expiry.run(new Date(Date.now() + 3600 * 1000));
    await expiry.run(new Date(Date.now() + 3600 * 1000));

    const statuses = await db().query(`SELECT id, status FROM subscriptions WHERE id = ANY($1)`, [
      [lapsed, renewingInStripe],
    ]);
    expect(Object.fromEntries(statuses.map((s: { id: string; status: string }) => [s.id, s.status]))).toEqual({
      [lapsed]: 'expired',
      [renewingInStripe]: 'active',
    });
    const [mail] = await awaitMessages(outbox(), `subscription-expired-${lapsed}`);
    expect(mail.subject).toBe(`Your County Tracker for ${counties[8].name}, ${counties[8].state} has expired`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboxMessages(outbox(), `subscription-expired-${lapsed}`)).toHaveLength(1);
    const [order] = await db().query(
      `SELECT i.order_id FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE s.id = $1`,
      [lapsed],
    );
    await expect(
      context.store.app.get(DownloadsService).linkFor(lapsed, { orderId: order.order_id }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('still tells the customer when the worker takes the notice before the expiry has committed', async () => {
    const [lapsed] = await subscribe('annual', [10], 'early-notice@example.com');
    const expiring = db().createQueryRunner();
    await expiring.connect();
    try {
      await expiring.startTransaction();
      const [[row]] = await expiring.query(
        `UPDATE subscriptions SET status = 'expired' WHERE id = $1 RETURNING expiration_date AS "expiresAt"`,
        [lapsed],
      );
      // As the expiry job does: queued inside its transaction, and taken by the worker at once.
      await context.store.app
        .get(MailQueue)
        .queueExpiryNotice({ subscriptionId: lapsed, expiresAt: row.expiresAt.toISOString() });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await expiring.commitTransaction();
    } finally {
      await expiring.release();
    }
    await awaitMessages(outbox(), `subscription-expired-${lapsed}`);
  });
});
