import type Stripe from 'stripe';
import request from 'supertest';
import { RenewalEnrollmentService } from '../../../src/modules/billing/renewal-enrollment.service';
import { StripeReconciliationService } from '../../../src/modules/stripe-events/stripe-reconciliation.service';
import { SubscriptionExpiryService } from '../../../src/modules/subscriptions/subscription-expiry.service';
import { eventually } from '../../support/eventually';
import { awaitMessages } from '../../support/outbox';
import { buy } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('Yearly renewals through Stripe Billing', () => {
  const context = useTestApp({ listen: true, worker: true });
  const db = () => context.store.db;
  const outbox = () => context.environment.env.MAIL_OUTBOX_DIR;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let counties: { id: string; name: string; state: string }[];
  let next = 0;

  interface Tracker {
    id: string;
    orderId: string;
    stripeSubscriptionId: string;
    expiresAt: Date;
  }

  /** Buys a County Tracker and waits for the worker to give it its Stripe subscription. */
  async function buyTracker(email: string): Promise<Tracker> {
    const orderId = await buy(context.store.server, email, [{ countyId: counties[next++].id, purchaseType: 'annual' }]);
    return eventually(async () => {
      const [row] = await db().query(
        `SELECT s.id, s.stripe_subscription_id AS "stripeSubscriptionId", s.expiration_date AS "expiresAt"
         FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id WHERE i.order_id = $1`,
        [orderId],
      );
      return row?.stripeSubscriptionId && { ...row, orderId };
    });
  }

  const subscriptionRow = async (id: string) =>
    (
      await db().query(
        `SELECT status, auto_renew AS "autoRenew", expiration_date AS "expiresAt" FROM subscriptions WHERE id = $1`,
        [id],
      )
    )[0];

  const ledgerOfRenewalRefunds = (subscriptionId: string): Promise<{ amount_cents: number }[]> =>
    db().query(
      `SELECT amount_cents, amount_by_purchase_type FROM payments
       WHERE subscription_id = $1 AND kind = 'refund' ORDER BY occurred_at, id`,
      [subscriptionId],
    );

  beforeAll(async () => {
    stripe = await testStripe();
    counties = await db().query(
      `SELECT id, name, state FROM counties WHERE population BETWEEN 10000 AND 20000 ORDER BY fips LIMIT 10`,
    );
  });

  it('gives each County Tracker a Stripe subscription that first charges the saved card at expiration', async () => {
    const tracker = await buyTracker('enrolled@example.com');
    const subscription = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
    expect(subscription.status).toBe('trialing');
    expect(subscription.trial_end).toBe(Math.floor(tracker.expiresAt.getTime() / 1000));
    expect(subscription.cancel_at_period_end).toBe(false);
    expect(subscription.metadata).toEqual({ subscription_id: tracker.id });
    expect(subscription.items.data[0].price.unit_amount).toBe(120000);
    expect(subscription.items.data[0].price.recurring?.interval).toBe('year');
    const [order] = await db().query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [tracker.orderId]);
    const intent = await stripe.server.paymentIntents.retrieve(order.stripe_payment_intent_id);
    expect(subscription.default_payment_method).toBe(intent.payment_method);
  });

  it('turns auto-renewal off and on at Stripe as cancel at period end', async () => {
    const tracker = await buyTracker('toggler@example.com');
    const customer = new WebClient(process.env.PUBLIC_URL as string);
    await signIn(customer, { email: 'toggler@example.com' });
    for (const autoRenew of [false, true]) {
      await request(context.store.server)
        .patch(`/api/subscriptions/${tracker.id}`)
        .set('Cookie', customer.cookieHeader())
        .send({ autoRenew })
        .expect(200);
      const subscription = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
      expect(subscription.cancel_at_period_end).toBe(!autoRenew);
    }
  });

  it('extends a paid renewal by a year, records it in the ledger once and sends a receipt', async () => {
    const tracker = await buyTracker('renewer@example.com');
    stripe.simulator.advanceSubscription(tracker.stripeSubscriptionId);
    await stripe.simulator.flushWebhooks();

    const renewed = await eventually(async () => {
      const row = await subscriptionRow(tracker.id);
      return row.expiresAt.getTime() > tracker.expiresAt.getTime() && row;
    });
    expect(renewed.status).toBe('active');
    expect(Math.abs(renewed.expiresAt.getTime() - tracker.expiresAt.getTime() - YEAR_MS)).toBeLessThan(2 * 86400_000);
    const ledger = await db().query(
      `SELECT kind, amount_cents, amount_by_purchase_type FROM payments WHERE subscription_id = $1`,
      [tracker.id],
    );
    expect(ledger).toEqual([{ kind: 'renewal', amount_cents: 120000, amount_by_purchase_type: { annual: 120000 } }]);
    const [receipt] = await awaitMessages(outbox(), 'renewal-receipt-');
    expect(receipt.to).toMatchObject({ text: 'renewer@example.com' });
    expect(receipt.text).toContain('We charged $1,200.00');

    // Stripe's events fetched again (as after downtime) change nothing more.
    await context.worker!.get(StripeReconciliationService).run();
    expect(await db().query(`SELECT 1 FROM payments WHERE subscription_id = $1`, [tracker.id])).toHaveLength(1);
  });

  it('tells the customer how to fix a declined renewal, and expires the subscription if it stays unpaid', async () => {
    const tracker = await buyTracker('declined@example.com');
    const subscription = await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId);
    const declining = await stripe.server.paymentMethods.attach('pm_card_chargeDeclined', {
      customer: subscription.customer as string,
    });
    await stripe.server.subscriptions.update(tracker.stripeSubscriptionId, { default_payment_method: declining.id });
    stripe.simulator.advanceSubscription(tracker.stripeSubscriptionId);
    await stripe.simulator.flushWebhooks();

    const [notice] = await awaitMessages(outbox(), 'renewal-failed-');
    expect(notice.to).toMatchObject({ text: 'declined@example.com' });
    expect(notice.subject).toContain('we could not renew your County Tracker');
    expect(notice.text).toMatch(/Update your card and pay: http/);
    expect((await subscriptionRow(tracker.id)).status).toBe('active');

    // Two days after its expiration, still unpaid: it ends here and at Stripe.
    await context.worker!.get(SubscriptionExpiryService).run(new Date(tracker.expiresAt.getTime() + 2 * 86400_000));
    expect((await subscriptionRow(tracker.id)).status).toBe('expired');
    expect((await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId)).status).toBe('canceled');
    await awaitMessages(outbox(), `subscription-expired-${tracker.id}`);
  });

  it('records a refund of a renewal charge and takes back the year it added', async () => {
    const tracker = await buyTracker('renewal-refunded@example.com');
    stripe.simulator.advanceSubscription(tracker.stripeSubscriptionId);
    await stripe.simulator.flushWebhooks();
    await eventually(async () => (await subscriptionRow(tracker.id)).expiresAt.getTime() > tracker.expiresAt.getTime());
    const invoiceId = (await stripe.server.subscriptions.retrieve(tracker.stripeSubscriptionId))
      .latest_invoice as string;
    const invoice = await stripe.server.invoices.retrieve(invoiceId, { expand: ['payments'] });
    const renewalIntent = invoice.payments!.data[0].payment.payment_intent as string;

    // Half first, then the rest: only the refund that completes the whole takes the year back.
    await stripe.server.refunds.create({ payment_intent: renewalIntent, amount: 60000 });
    await stripe.simulator.flushWebhooks();
    await eventually(async () => (await ledgerOfRenewalRefunds(tracker.id)).length === 1);
    expect((await subscriptionRow(tracker.id)).expiresAt.getTime()).toBeGreaterThan(tracker.expiresAt.getTime());
    await stripe.server.refunds.create({ payment_intent: renewalIntent });
    await stripe.simulator.flushWebhooks();

    const refunds = await eventually(async () => {
      const rows = await ledgerOfRenewalRefunds(tracker.id);
      return rows.length === 2 && rows;
    });
    expect(refunds).toEqual([
      { amount_cents: -60000, amount_by_purchase_type: { annual: -60000 } },
      { amount_cents: -60000, amount_by_purchase_type: { annual: -60000 } },
    ]);
    const after = await subscriptionRow(tracker.id);
    expect(Math.abs(after.expiresAt.getTime() - tracker.expiresAt.getTime())).toBeLessThan(2 * 86400_000);
    expect(after.autoRenew).toBe(false);

    // Stripe's events fetched again change nothing more: the year is taken back once.
    await context.worker!.get(StripeReconciliationService).run();
    expect(await ledgerOfRenewalRefunds(tracker.id)).toHaveLength(2);
    expect((await subscriptionRow(tracker.id)).expiresAt).toEqual(after.expiresAt);
  });

  it('catches up on renewal events whose webhooks never arrived', async () => {
    const tracker = await buyTracker('missed@example.com');
    await stripe.simulator.withoutWebhooks(async () => {
      stripe.simulator.advanceSubscription(tracker.stripeSubscriptionId);
    });
    expect((await subscriptionRow(tracker.id)).expiresAt).toEqual(tracker.expiresAt);

    const result = await context.worker!.get(StripeReconciliationService).run();
    expect(result).toMatch(/^[1-9]\d* missed Stripe event/);
    expect((await subscriptionRow(tracker.id)).expiresAt.getTime()).toBeGreaterThan(tracker.expiresAt.getTime());
  });

  it('ends the Stripe renewal of a refunded County Tracker', async () => {
    const tracker = await buyTracker('refunded@example.com');
    const [order] = await db().query(`SELECT stripe_payment_intent_id FROM orders WHERE id = $1`, [tracker.orderId]);
    await stripe.server.refunds.create({ payment_intent: order.stripe_payment_intent_id });
    await stripe.simulator.flushWebhooks();
    await eventually(async () => (await subscriptionRow(tracker.id)).status === 'cancelled');
    const ended = await eventually(async () => {
      const subscription: Stripe.Subscription = await stripe.server.subscriptions.retrieve(
        tracker.stripeSubscriptionId,
      );
      return subscription.status === 'canceled' && subscription;
    });
    expect(ended.status).toBe('canceled');
    // Stripe's confirmation of the end clears the link, so the billing sweep has nothing left to end.
    await stripe.simulator.flushWebhooks();
    expect(await context.worker!.get(RenewalEnrollmentService).endLapsed()).toBe(0);
  });
});
