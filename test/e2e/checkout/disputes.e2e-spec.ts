import type Stripe from 'stripe';
import request from 'supertest';
import { appConfig } from '../../../src/config';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { StripeReconciliationService } from '../../../src/modules/stripe-events/stripe-reconciliation.service';
import { TrackerDeliveriesRepository } from '../../../src/modules/subscriptions/tracker-deliveries.repository';
import { eventually } from '../../support/eventually';
import { awaitMessages, outboxMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe, sendWebhook } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

/** Chargebacks: a disputed payment suspends what it bought, a lost one ends it and is booked, a won one restores it. */
describe('Disputed payments (chargebacks)', () => {
  const context = useTestApp({ listen: true, worker: true });
  const db = () => context.store.db;
  const api = () => request(context.store.server);
  const outbox = () => context.environment.env.MAIL_OUTBOX_DIR;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let counties: { id: string }[];
  let next = 0;

  interface Tracker {
    id: string;
    orderId: string;
    email: string;
    chargeId: string;
    stripeSubscriptionId: string;
    token: string;
  }

  /** Buys a County Tracker and waits for its Stripe renewal to be set up. */
  async function buyTracker(email: string): Promise<Tracker> {
    const orderId = await buy(context.store.server, email, [{ countyId: counties[next++].id, purchaseType: 'annual' }]);
    const row = await eventually(async () => {
      const [found] = await db().query(
        `SELECT s.id, s.stripe_subscription_id AS "stripeSubscriptionId", o.stripe_payment_intent_id AS "intentId"
         FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id JOIN orders o ON o.id = i.order_id
         WHERE i.order_id = $1`,
        [orderId],
      );
      return found?.stripeSubscriptionId && found;
    });
    const intent = await stripe.server.paymentIntents.retrieve(row.intentId);
    return {
      id: row.id,
      orderId,
      email,
      chargeId: intent.latest_charge as string,
      stripeSubscriptionId: row.stripeSubscriptionId,
      token: (await context.store.app.get(OrderPageLinks).forOrder(orderId)).token,
    };
  }

  const subscriptionRow = async (id: string) =>
    (
      await db().query(
        `SELECT status, auto_renew AS "autoRenew", expiration_date AS "expiresAt",
                suspending_disputes AS "suspendingDisputes" FROM subscriptions WHERE id = $1`,
        [id],
      )
    )[0];

  const ledgerOf = (stripeObjectId: string) =>
    db().query(
      `SELECT kind, order_id AS "orderId", subscription_id AS "subscriptionId", amount_cents AS "amountCents",
              amount_by_purchase_type AS split FROM payments WHERE stripe_object_id = $1`,
      [stripeObjectId],
    );

  /** Whether next month's County Tracker run would deliver to this subscription. */
  async function dueForDelivery(subscriptionId: string): Promise<boolean> {
    const nextMonth = new Date(Date.now() + 32 * 86400_000);
    const month = nextMonth.toISOString().slice(0, 7);
    const due = await context.store.app.get(TrackerDeliveriesRepository).due(month, nextMonth);
    return due.some((s) => s.id === subscriptionId);
  }

  async function signedInDownloadLink(tracker: Tracker) {
    const customer = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(customer, { email: tracker.email });
    return api().post(`/api/subscriptions/${tracker.id}/download-link`).set('Cookie', customer.cookieHeader());
  }

  const sendEvent = (event: object) => sendWebhook(context.store.server, stripe.simulator, event);

  async function eventsAbout(disputeId: string): Promise<Stripe.Event[]> {
    const events = await stripe.server.events.list({
      types: ['charge.dispute.created', 'charge.dispute.closed'],
      limit: 100,
    });
    return events.data.filter((e) => (e.data.object as Stripe.Dispute).id === disputeId);
  }

  beforeAll(async () => {
    stripe = await testStripe();
    counties = await db().query(
      `SELECT id FROM counties WHERE population BETWEEN 20000 AND 40000 ORDER BY fips LIMIT 10`,
    );
  });

  it('suspends the order page, downloads and deliveries while a payment is disputed, and tells staff', async () => {
    const tracker = await buyTracker('disputer@example.com');
    await api().get(`/api/orders/${tracker.token}`).expect(200);
    expect(await dueForDelivery(tracker.id)).toBe(true);

    const dispute = stripe.simulator.openDispute(tracker.chargeId);
    await stripe.simulator.flushWebhooks();

    const page = await api().get(`/api/orders/${tracker.token}`).expect(403);
    expect(page.body.message).toMatch(/^This order is on hold while a dispute of its payment is open\. Write to /);
    const link = await signedInDownloadLink(tracker);
    expect(link.status).toBe(403);
    expect(link.body.message).toContain('on hold while a dispute of its payment is open');
    expect(await dueForDelivery(tracker.id)).toBe(false);
    // Suspended, not ended: the subscription and its renewal stay as they were.
    expect(await subscriptionRow(tracker.id)).toMatchObject({ status: 'active', autoRenew: true });

    const [notice] = await awaitMessages(outbox(), `dispute-${dispute.id}-open`);
    expect(notice.to).toMatchObject({ text: context.store.app.get(appConfig.KEY).supportEmail });
    expect(notice.subject).toBe('Payment disputed: $1,200.00 USD (fraudulent)');
    expect(notice.text).toContain(`order ${tracker.orderId}`);
    expect(notice.text).toContain('Buyer: disputer@example.com');
  });

  it('restores exactly what was suspended when the dispute is won', async () => {
    const tracker = await buyTracker('winner@example.com');
    const before = await subscriptionRow(tracker.id);
    const dispute = stripe.simulator.openDispute(tracker.chargeId);
    await stripe.simulator.flushWebhooks();
    await api().get(`/api/orders/${tracker.token}`).expect(403);

    stripe.simulator.closeDispute(dispute.id, 'won');
    await stripe.simulator.flushWebhooks();

    await api().get(`/api/orders/${tracker.token}`).expect(200);
    expect(await subscriptionRow(tracker.id)).toEqual(before);
    expect(await dueForDelivery(tracker.id)).toBe(true);
    expect(await ledgerOf(dispute.id)).toEqual([]);
    expect((await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId)).status).toBe('trialing');
    await awaitMessages(outbox(), `dispute-${dispute.id}-won`);
  });

  it('cancels the order, ends its renewal and books a chargeback when the dispute is lost', async () => {
    const tracker = await buyTracker('loser@example.com');
    const dispute = stripe.simulator.openDispute(tracker.chargeId);
    stripe.simulator.closeDispute(dispute.id, 'lost');
    await stripe.simulator.flushWebhooks();

    expect(await subscriptionRow(tracker.id)).toMatchObject({ status: 'cancelled', autoRenew: false });
    expect(await ledgerOf(dispute.id)).toEqual([
      {
        kind: 'chargeback',
        orderId: tracker.orderId,
        subscriptionId: null,
        amountCents: -120000,
        split: { annual: -120000 },
      },
    ]);
    const [{ net }] = await db().query(`SELECT sum(amount_cents)::int AS net FROM payments WHERE order_id = $1`, [
      tracker.orderId,
    ]);
    expect(net).toBe(0);
    const page = await api().get(`/api/orders/${tracker.token}`).expect(403);
    expect(page.body.message).toMatch(/^The payment for this order was disputed and returned to the card/);
    const ended = await eventually(async () => {
      const subscription = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
      return subscription.status === 'canceled' && subscription;
    });
    expect(ended.status).toBe('canceled');
    await awaitMessages(outbox(), `dispute-${dispute.id}-lost`);
  });

  it('changes nothing twice when dispute events repeat or arrive out of order', async () => {
    const tracker = await buyTracker('replayed@example.com');
    const dispute = await stripe.simulator.withoutWebhooks(async () => {
      const opened = stripe.simulator.openDispute(tracker.chargeId);
      return stripe.simulator.closeDispute(opened.id, 'lost');
    });
    const events = await eventsAbout(dispute.id);
    const created = events.find((e) => e.type === 'charge.dispute.created')!;
    const closed = events.find((e) => e.type === 'charge.dispute.closed')!;

    // The end first, then the opening, then both again as new deliveries (other event ids).
    for (const event of [
      closed,
      created,
      { ...closed, id: `${closed.id}_again` },
      { ...created, id: `${created.id}_again` },
    ])
      await sendEvent(event).expect(200);

    expect(await subscriptionRow(tracker.id)).toMatchObject({ status: 'cancelled', suspendingDisputes: [] });
    expect(await ledgerOf(dispute.id)).toHaveLength(1);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM payment_disputes WHERE stripe_dispute_id = $1`, [
      dispute.id,
    ]);
    expect(n).toBe(1);
    await awaitMessages(outbox(), `dispute-${dispute.id}-lost`);
    expect(await outboxMessages(outbox(), `dispute-${dispute.id}-open`)).toHaveLength(0);
  });

  it('catches up on dispute events whose webhooks never arrived', async () => {
    const tracker = await buyTracker('unnoticed@example.com');
    await stripe.simulator.withoutWebhooks(async () => stripe.simulator.openDispute(tracker.chargeId));
    await api().get(`/api/orders/${tracker.token}`).expect(200);

    await context.worker!.get(StripeReconciliationService).run();
    await api().get(`/api/orders/${tracker.token}`).expect(403);
    expect(await dueForDelivery(tracker.id)).toBe(false);
  });

  it('traces a dispute of a renewal charge through its invoice to the renewed subscription', async () => {
    const tracker = await buyTracker('renewal-disputer@example.com');
    stripe.simulator.advanceSubscription(tracker.stripeSubscriptionId);
    await stripe.simulator.flushWebhooks();
    const renewed = await eventually(async () => {
      const [row] = await ledgerOf(
        (await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId)).latest_invoice as string,
      );
      return row?.kind === 'renewal' && row;
    });
    expect(renewed.subscriptionId).toBe(tracker.id);
    const invoiceId = (await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId))
      .latest_invoice as string;
    const invoice = await stripe.server.invoices.retrieve(invoiceId, { expand: ['payments'] });
    const intent = await stripe.server.paymentIntents.retrieve(
      invoice.payments!.data[0].payment.payment_intent as string,
    );

    const dispute = stripe.simulator.openDispute(intent.latest_charge as string);
    await stripe.simulator.flushWebhooks();
    expect((await subscriptionRow(tracker.id)).suspendingDisputes).toEqual([dispute.id]);
    expect(await dueForDelivery(tracker.id)).toBe(false);

    stripe.simulator.closeDispute(dispute.id, 'lost');
    await stripe.simulator.flushWebhooks();
    expect(await subscriptionRow(tracker.id)).toMatchObject({ status: 'cancelled', suspendingDisputes: [] });
    expect(await ledgerOf(dispute.id)).toEqual([
      {
        kind: 'chargeback',
        orderId: null,
        subscriptionId: tracker.id,
        amountCents: -120000,
        split: { annual: -120000 },
      },
    ]);
    // The checkout payment was not disputed: its order page still answers.
    await api().get(`/api/orders/${tracker.token}`).expect(200);
  });
});
