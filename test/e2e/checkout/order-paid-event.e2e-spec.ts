import { getQueueToken } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import type Stripe from 'stripe';
import request from 'supertest';
import { EVENTS_QUEUE } from '../../../src/integrations/events/events';
import { DomainEvents } from '../../../src/modules/events';
import { MAIL_QUEUE, MailJob, MailQueue } from '../../../src/modules/mail';
import { eventually } from '../../support/eventually';
import { awaitMessages, outboxMessages } from '../../support/outbox';
import { enrolledTracker } from '../../support/purchase';
import { sendWebhook, testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';

const LISTENERS = ['receipt', 'renewal-enrollment'];

describe('order.paid: raised once by the activation that pays the order, relayed, its listeners run once', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const events = () => context.store.app.get(DomainEvents);
  const eventsQueue = () => context.store.app.get<Queue>(getQueueToken(EVENTS_QUEUE));
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let counties: { id: string }[];
  let buyers = 0;

  beforeAll(async () => {
    stripe = await testStripe();
    counties = await db().query(`SELECT id FROM counties WHERE deleted_at IS NULL ORDER BY fips LIMIT 6`);
  });

  afterAll(async () => {
    await stripe.simulator.flushWebhooks();
  });

  /** A checkout of a County SnapShot and a County Tracker, paid at Stripe with its webhook held back. */
  async function paidAtStripe(first: number) {
    const email = `order-paid-${++buyers}.${Date.now()}@example.com`;
    const { body } = await api()
      .post('/api/create-payment-intent')
      .send({
        email,
        acceptedLicense: true,
        items: [
          { countyId: counties[first].id, purchaseType: 'one-time' },
          { countyId: counties[first + 1].id, purchaseType: 'annual' },
        ],
      })
      .expect(200);
    const paymentIntentId = (body.clientSecret as string).split('_secret_')[0];
    await stripe.simulator.withoutWebhooks(() => stripe.pay(body.clientSecret));
    const succeeded = (await stripe.server.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find(
      (e) => (e.data.object as Stripe.PaymentIntent).id === paymentIntentId,
    )!;
    return { orderId: body.orderId as string, email, paymentIntentId, succeeded };
  }

  const eventsOf = (orderId: string): Promise<{ id: string; relayed_at: Date | null }[]> =>
    db().query(
      `SELECT id, relayed_at FROM domain_events WHERE name = 'order.paid' AND payload->>'orderId' = $1
       ORDER BY raised_at`,
      [orderId],
    );

  /** The listener's job of an event, once it has run to completion. */
  const completed = (eventId: string, listener: string): Promise<Job> =>
    eventually(async () => {
      const id = `order.paid-${listener}-${eventId}`;
      const job = await eventsQueue().getJob(id);
      if (!job || !(await job.isCompleted())) return undefined;
      // Read again: the copy above may be from before it completed, without its return value.
      return eventsQueue().getJob(id);
    });

  /** The Stripe subscriptions (renewals) made for the buyer, whatever their state. */
  async function renewalsAtStripe(orderId: string): Promise<Stripe.Subscription[]> {
    const [{ customer }] = await db().query(`SELECT stripe_customer_id AS customer FROM orders WHERE id = $1`, [
      orderId,
    ]);
    return (await stripe.server.subscriptions.list({ customer, status: 'all' })).data;
  }

  /** What the order's payment set off, once each: one receipt sent, one invoice, one Stripe renewal. */
  async function expectEverythingOnce(orderId: string): Promise<void> {
    await awaitMessages(context.environment.env.MAIL_OUTBOX_DIR, `receipt-${orderId}`);
    const tracker = await enrolledTracker(db(), orderId);
    // Give any duplicate time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await outboxMessages(context.environment.env.MAIL_OUTBOX_DIR, `receipt-${orderId}`)).toHaveLength(1);
    expect(await db().query(`SELECT kind FROM invoices WHERE order_id = $1`, [orderId])).toEqual([{ kind: 'order' }]);
    expect((await renewalsAtStripe(orderId)).map((renewal) => renewal.id)).toEqual([tracker.stripeSubscriptionId]);
  }

  it('raises one event when the browser and Stripe’s webhook activate the order at the same moment', async () => {
    const { orderId, email, paymentIntentId, succeeded } = await paidAtStripe(0);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => api().post('/api/payment-success').send({ paymentIntentId, email })),
      sendWebhook(context.store.server, stripe.simulator, succeeded),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const [event, ...more] = await eventsOf(orderId);
    expect(more).toEqual([]);
    // Relayed by the activation that raised it, before it answered.
    expect(event.relayed_at).not.toBeNull();
    for (const listener of LISTENERS) expect((await completed(event.id, listener)).data).toEqual({ orderId });
    await expectEverythingOnce(orderId);
  });

  it('relays by the sweep an event whose process died between its commit and its relay', async () => {
    const { orderId, email, paymentIntentId } = await paidAtStripe(2);
    // The order is committed paid with its event, but the process "dies" before relaying it.
    jest.spyOn(events(), 'relay').mockResolvedValueOnce(0);
    await api().post('/api/payment-success').send({ paymentIntentId, email }).expect(200);
    const [pending] = await eventsOf(orderId);
    expect(pending.relayed_at).toBeNull();
    expect(await db().query(`SELECT status FROM orders WHERE id = $1`, [orderId])).toEqual([{ status: 'paid' }]);

    expect(await context.worker!.get(DomainEvents).sweep()).toMatch(/^relayed 1 events/);
    expect(await events().relay()).toBe(0);
    for (const listener of LISTENERS) {
      const job = await eventsQueue().getJob(`order.paid-${listener}-${pending.id}`);
      expect(job?.name).toBe(`order.paid:${listener}`);
      expect(job?.data).toEqual({ orderId });
    }
    await expectEverythingOnce(orderId);
  });

  it('sends no second receipt and makes no second renewal when the event’s listeners run again', async () => {
    const { orderId, email, paymentIntentId } = await paidAtStripe(4);
    await api().post('/api/payment-success').send({ paymentIntentId, email }).expect(200);
    await expectEverythingOnce(orderId);

    // The same fact relayed again, as after a retry whose first run had done its work.
    await db().transaction((tx) => events().raise(tx, 'order.paid', { orderId }));
    await events().relay();
    const again = (await eventsOf(orderId))[1];
    expect((await completed(again.id, 'renewal-enrollment')).returnvalue).toBe('0 renewal(s) enrolled');
    await completed(again.id, 'receipt');
    await expectEverythingOnce(orderId);
  });

  it('schedules the receipt sweep no more, and queues one last run of it when a worker starts', async () => {
    const mailQueue = context.store.app.get<Queue>(getQueueToken(MAIL_QUEUE));
    // The schedule an older worker made.
    await mailQueue.upsertJobScheduler(MailJob.receiptSweep, { every: 5 * 60_000 }, { name: MailJob.receiptSweep });
    const schedules = async () => (await mailQueue.getJobSchedulers()).map((scheduler) => scheduler.key);
    expect(await schedules()).toContain(MailJob.receiptSweep);
    await context.worker!.get(MailQueue).retireReceiptSweep();
    expect(await schedules()).not.toContain(MailJob.receiptSweep);
    const last = await mailQueue.getJob('receipt-sweep-last');
    expect(last?.name).toBe(MailJob.receiptSweep);
    expect(await last?.getState()).toBe('delayed');
  });
});
