import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { MailTransport } from '../../../src/integrations/mail/mail-transport';
import { EmailDeliveriesRepository } from '../../../src/modules/mail/email-deliveries.repository';
import { MAIL_QUEUE } from '../../../src/modules/mail/mail.constants';
import { MailQueue } from '../../../src/modules/mail/mail-queue.service';
import { eventually } from '../../support/eventually';
import { buy } from '../../support/purchase';
import { SmtpSink } from '../../support/smtp-sink';
import { testStripe } from '../../support/stripe';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestApp,
  TestApp,
  TestEnvironment,
} from '../../support/test-app';
import { expireJobLocks, killAllWorkers, WorkerProcess } from '../../support/worker-process';

interface PaidOrder {
  id: string;
  email: string;
}

/**
 * The workers here are real `node dist/src/worker.js` processes, killed with
 * SIGKILL. They send through an SMTP stand-in rather than the .eml outbox: the
 * server decides when a message counts as delivered (its 250 answer), and by
 * holding that answer the test kills a worker exactly between claiming a
 * message and sending it, the moment a lost or doubled email comes from.
 */
describe('Mail when workers die mid-send or send the same message at once', () => {
  let environment: TestEnvironment;
  let store: TestApp;
  let sink: SmtpSink;
  let queue: Queue;
  let deliveries: EmailDeliveriesRepository;
  let templateOrderId: string;

  const workerEnv = () => ({ ...environment.env, SMTP_URL: sink.url, LOG_LEVEL: 'warn' });
  const receiptKey = (orderId: string) => `receipt-${orderId}`;

  /**
   * Paid orders, cloned in one statement from an order bought through the real
   * checkout, so each is what checkout leaves behind. Marked as having their
   * receipt queued, as checkout does, so the worker's receipt sweep leaves them
   * to the jobs the tests queue.
   */
  async function paidOrders(count: number): Promise<PaidOrder[]> {
    const label = randomUUID().slice(0, 8);
    return store.db.query(
      `WITH made AS (
         INSERT INTO orders (email, status, amount_cents, currency, paid_at, receipt_queued_at)
         SELECT 'buyer-' || $3 || '-' || n || '@example.com', o.status, o.amount_cents, o.currency, o.paid_at, now()
         FROM orders o CROSS JOIN generate_series(1, $2::int) AS n
         WHERE o.id = $1
         RETURNING id, email),
       items AS (
         INSERT INTO order_items (order_id, county_id, purchase_type, amount_cents)
         SELECT made.id, i.county_id, i.purchase_type, i.amount_cents FROM made JOIN order_items i ON i.order_id = $1)
       SELECT id, email FROM made`,
      [templateOrderId, count, label],
    );
  }

  async function queueReceipts(orders: PaidOrder[]): Promise<void> {
    const mail = store.app.get(MailQueue);
    await Promise.all(orders.map((order) => mail.queueReceipt(order.id)));
  }

  async function claimOf(messageKey: string): Promise<{ claimant: string; sent: boolean } | undefined> {
    const [row] = await store.db.query(
      `SELECT claimant, sent_at IS NOT NULL AS sent FROM email_deliveries WHERE message_key = $1`,
      [messageKey],
    );
    return row;
  }

  beforeAll(async () => {
    sink = await SmtpSink.start();
    environment = await createTestEnvironment();
    store = await startTestApp(environment, { listen: true });
    queue = store.app.get<Queue>(getQueueToken(MAIL_QUEUE), { strict: false });
    deliveries = new EmailDeliveriesRepository(store.db);
    const [county] = await store.db.query(`SELECT id FROM counties WHERE fips = '06037'`);
    templateOrderId = await buy(store.server, 'template-buyer@example.com', [
      { countyId: county.id, purchaseType: 'one-time' },
    ]);
    await (await testStripe()).simulator.flushWebhooks();
  });

  afterAll(async () => {
    // First: no worker may still use the database and Redis keys dropped below.
    await killAllWorkers();
    await store?.close();
    await sink?.close();
    if (environment) await destroyTestEnvironment(environment);
  });

  describe('a message claim', () => {
    const key = () => `claim-test-${randomUUID()}`;
    const claim = (messageKey: string, claimant: string) =>
      deliveries.claim(messageKey, 'someone@example.com', 'A subject', claimant);

    it('is taken back at once by the same job re-run after a crash, but not by another job within the lease', async () => {
      const message = key();
      expect(await claim(message, 'job-1')).toBe('claimed');
      // job-1's worker died mid-send; BullMQ re-runs job-1 only once that run is over.
      expect(await claim(message, 'job-1')).toBe('claimed');
      expect(await claim(message, 'job-2')).toBe('in-flight');
      // job-2 cannot release what it does not hold.
      await deliveries.release(message, 'job-2');
      expect(await claimOf(message)).toEqual({ claimant: 'job-1', sent: false });
    });

    it('passes to another job once its lease is over, and its first holder then waits in turn', async () => {
      const message = key();
      expect(await claim(message, 'job-1')).toBe('claimed');
      await store.db.query(
        `UPDATE email_deliveries SET claimed_at = now() - interval '10 minutes 1 second' WHERE message_key = $1`,
        [message],
      );
      expect(await claim(message, 'job-2')).toBe('claimed');
      expect(await claimOf(message)).toEqual({ claimant: 'job-2', sent: false });
      expect(await claim(message, 'job-1')).toBe('in-flight');
    });

    it('answers sent to everyone, its own job included, once the message was sent', async () => {
      const message = key();
      expect(await claim(message, 'job-1')).toBe('claimed');
      await deliveries.markSent(message);
      expect(await claim(message, 'job-1')).toBe('sent');
      expect(await claim(message, 'job-2')).toBe('sent');
      await store.db.query(`UPDATE email_deliveries SET claimed_at = now() - interval '1 day' WHERE message_key = $1`, [
        message,
      ]);
      expect(await claim(message, 'job-3')).toBe('sent');
    });

    it('can be claimed afresh after its holder released it on a failed send', async () => {
      const message = key();
      expect(await claim(message, 'job-1')).toBe('claimed');
      await deliveries.release(message, 'job-1');
      expect(await claimOf(message)).toBeUndefined();
      expect(await claim(message, 'job-2')).toBe('claimed');
    });
  });

  it('bounds every wait of an SMTP send well within the claim lease, whatever SMTP_URL asks', () => {
    const transport = new MailTransport({
      smtpUrl: 'smtp://127.0.0.1:2525?socketTimeout=3600000&greetingTimeout=3600000',
      from: 'orders@example.com',
      outboxDir: '',
    });
    const options = (transport as unknown as { transporter: { options: Record<string, unknown> } }).transporter.options;
    expect(options).toMatchObject({ host: '127.0.0.1', port: 2525 });
    // A send hung past the lease would race the worker that takes the message over.
    const waits = [options.connectionTimeout, options.greetingTimeout, options.socketTimeout] as number[];
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(60_000);
  });

  it('retries a receipt another worker is sending, then neither loses nor doubles it', async () => {
    const [sentByOther, failedByOther] = await paidOrders(2);
    // Another worker holds both messages right now, as its send is under way.
    for (const order of [sentByOther, failedByOther]) {
      expect(await deliveries.claim(receiptKey(order.id), order.email, 'Receipt', 'another-job')).toBe('claimed');
    }
    await queueReceipts([sentByOther, failedByOther]);
    const worker = WorkerProcess.start(workerEnv());

    const firstAttempts = await eventually(async () => {
      const ids = [sentByOther, failedByOther].map((o) => receiptKey(o.id));
      const states = await Promise.all(ids.map((id) => queue.getJobState(id)));
      // Read after the state: a job read first could still be the attempt under way.
      return states.every((state) => state === 'delayed') && Promise.all(ids.map((id) => queue.getJob(id)));
    }, 20_000).catch((error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${worker.log}`);
    });
    for (const [job, order] of [
      [firstAttempts[0], sentByOther],
      [firstAttempts[1], failedByOther],
    ] as const) {
      expect(job!.attemptsMade).toBe(1);
      expect(job!.failedReason).toBe(`${receiptKey(order.id)} is being sent by another worker`);
    }
    expect(sink.deliveriesByKey().get(receiptKey(sentByOther.id))).toBeUndefined();
    expect(sink.deliveriesByKey().get(receiptKey(failedByOther.id))).toBeUndefined();

    // The other worker's sends end: one delivered, one failed (its claim released for a retry).
    await deliveries.markSent(receiptKey(sentByOther.id));
    await deliveries.release(receiptKey(failedByOther.id), 'another-job');

    // The retry comes after BullMQ's backoff (5 s).
    const results = await eventually(async () => {
      const jobs = await Promise.all([sentByOther, failedByOther].map((o) => queue.getJob(receiptKey(o.id))));
      return jobs.every((job) => job?.finishedOn) && jobs.map((job) => job!.returnvalue);
    }, 20_000);
    expect(results).toEqual(['already sent', 'sent']);
    expect(sink.deliveriesByKey().get(receiptKey(sentByOther.id))).toBeUndefined();
    expect(sink.deliveriesByKey().get(receiptKey(failedByOther.id))).toBe(1);
    await worker.kill();
  }, 45_000);

  it('loses no receipt and sends none twice when workers are killed mid-send and restarted', async () => {
    const orders = await paidOrders(200);
    const keys = new Set(orders.map((order) => receiptKey(order.id)));
    await queueReceipts(orders);

    /**
     * Starts a worker, lets `count` more messages through, then kills it while it sends the next ones.
     * Answers the messages it was sending (one per job it had under way).
     */
    const killMidSend = async (count: number): Promise<string[]> => {
      const heldBefore = sink.held.length;
      sink.holdOnceDelivered(sink.accepted.length + count);
      const worker = WorkerProcess.start(workerEnv());
      await eventually(async () => sink.held.length > heldBefore, 20_000).catch((error: Error) => {
        throw new Error(`${error.message}\nworker output:\n${worker.log}`);
      });
      // Were the worker to run several jobs at once, each of them reaches the held answer in this time.
      await new Promise((resolve) => setTimeout(resolve, 250));
      await worker.kill();
      const caught = sink.held.slice(heldBefore).map((mail) => mail.key);
      for (const key of caught) {
        // Killed between claiming the message and its delivery: exactly where a receipt used to be lost.
        expect(keys.has(key)).toBe(true);
        expect(await claimOf(key)).toEqual({ claimant: key, sent: false });
      }
      return caught;
    };

    const caught = [...(await killMidSend(60)), ...(await killMidSend(60))];
    const deliveredBeforeRestart = orders.filter((o) => sink.deliveriesByKey().has(receiptKey(o.id))).length;
    expect(deliveredBeforeRestart).toBe(120);

    sink.stopHolding();
    // The jobs of the killed workers come back once their locks expire (lockDuration, 30 s, here at
    // once) and the next stalled-job checks find them.
    expect(await expireJobLocks(workerEnv(), 'mail')).toBeGreaterThanOrEqual(caught.length);
    const worker = WorkerProcess.start(workerEnv());
    await eventually(async () => [...keys].every((key) => sink.deliveriesByKey().has(key)), 60_000).catch(
      (error: Error) => {
        throw new Error(`${error.message}\nworker output:\n${worker.log}`);
      },
    );
    const jobs = await eventually(async () => {
      const all = await Promise.all(orders.map((order) => queue.getJob(receiptKey(order.id))));
      return all.every((job) => job?.finishedOn) && all;
    }, 10_000);

    const deliveredTimes = sink.deliveriesByKey();
    expect(orders.filter((o) => deliveredTimes.get(receiptKey(o.id)) !== 1)).toEqual([]);
    for (const order of orders) {
      const mail = sink.accepted.find((m) => m.key === receiptKey(order.id))!;
      expect(mail.recipients).toEqual([order.email]);
    }
    expect(jobs.filter((job) => job!.returnvalue !== 'sent').map((job) => job!.id)).toEqual([]);
    expect(jobs.filter((job) => job!.failedReason).map((job) => `${job!.id}: ${job!.failedReason}`)).toEqual([]);
    // The jobs killed in the middle came back through BullMQ's stalled-job recovery, and each
    // re-run took its own job's claim back at once (the claims' lease is 10 minutes).
    const recovered = jobs.filter((job) => job!.stalledCounter > 0).map((job) => job!.id);
    expect(recovered.sort()).toEqual(caught.sort());
    const [{ sent, unsent }] = await store.db.query(
      `SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE sent_at IS NULL)::int AS unsent
       FROM email_deliveries WHERE message_key = ANY($1)`,
      [[...keys]],
    );
    expect({ sent, unsent }).toEqual({ sent: orders.length, unsent: 0 });
    await worker.kill();
  }, 90_000);
});
