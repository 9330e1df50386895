import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import request from 'supertest';
import { formatDate } from '../../../src/common/dates';
import { LICENSE_VERSION } from '../../../src/contracts/license';
import { Invoices1763801000000 } from '../../../src/database/migrations/1763801000000-invoices';
import { RenewalPaymentsService } from '../../../src/modules/billing/renewal-payments.service';
import { StripeReconciliationService } from '../../../src/modules/stripe-events/stripe-reconciliation.service';
import { InvoicesRepository } from '../../../src/modules/invoices/invoices.repository';
import { OrderPageLinks } from '../../../src/modules/orders/order-page-links';
import { eventually } from '../../support/eventually';
import { buy, enrolledTracker, type EnrolledTracker } from '../../support/purchase';
import { signIn } from '../../support/sign-in';
import { testStripe, sendWebhook } from '../../support/stripe';
import { useTestApp } from '../../support/test-app';
import { WebClient } from '../../support/web-client';
import type { InvoiceSummaryDto as Summary } from '../../../src/modules/invoices/dto/invoice-summary.dto';
import { binaryBody } from '../../support/binary-body';
import { readPdf } from '../../support/pdf';

/** The PDF's text, one line per line of the page. */
const pdfText = async (body: Buffer): Promise<string> => (await readPdf(body)).text;

interface County {
  id: string;
  name: string;
  state: string;
}

describe('Invoices of orders and renewals', () => {
  const context = useTestApp({ listen: true, worker: true });
  const api = () => request(context.store.server);
  const db = () => context.store.db;
  const origin = () => process.env.PUBLIC_URL as string;
  let stripe: Awaited<ReturnType<typeof testStripe>>;
  let counties: County[];
  const buyerA = 'invoice-a@example.com';
  const buyerB = 'invoice-b@example.com';
  let orderA: string;
  let tokenA: string;
  let orderB: string;
  let trackerA: EnrolledTracker;

  const orderPage = async (token: string) => (await api().get(`/api/orders/${token}`).expect(200)).body;
  const pdf = (path: string, cookie?: string) => {
    const call = api().get(path).buffer(true).parse(binaryBody);
    return cookie ? call.set('Cookie', cookie) : call;
  };
  const customer = async (email: string) => {
    const client = new WebClient(origin());
    await signIn(client, { email });
    return client.cookieHeader();
  };
  const intentOf = async (orderId: string) =>
    (await db().query(`SELECT stripe_payment_intent_id AS id FROM orders WHERE id = $1`, [orderId]))[0].id as string;

  beforeAll(async () => {
    stripe = await testStripe();
    counties = await db().query(
      `SELECT id, name, state FROM counties WHERE deleted_at IS NULL AND population IS NOT NULL
       ORDER BY population, fips LIMIT 3`,
    );
    orderA = await buy(
      context.store.server,
      buyerA,
      [
        { countyId: counties[0].id, purchaseType: 'one-time' },
        { countyId: counties[1].id, purchaseType: 'annual' },
      ],
      { companyName: 'Acme Realty LLC', taxId: 'US 12-3456789' },
    );
    tokenA = (await context.store.app.get(OrderPageLinks).forOrder(orderA)).token;
    orderB = await buy(context.store.server, buyerB, [{ countyId: counties[2].id, purchaseType: 'one-time' }]);
    trackerA = await enrolledTracker(db(), orderA);
  });

  it("issues one invoice for a paid order, listed on its order page, billing the buyer's company and tax ID", async () => {
    const { invoices } = await orderPage(tokenA);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices as Summary[];
    const [row] = await db().query(`SELECT number::int AS number FROM invoices WHERE id = $1`, [invoice.id]);
    expect(invoice).toEqual({
      id: expect.any(String),
      number: `CDS-${String(row.number).padStart(6, '0')}`,
      kind: 'order',
      issuedAt: expect.any(String),
      totalAmount: 1700,
      pdfUrl: `/api/orders/${tokenA}/invoices/${invoice.id}/pdf`,
    });

    const res = await pdf(invoice.pdfUrl).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(res.headers['cache-control']).toContain('private');
    const text = await pdfText(res.body);
    const day = formatDate(new Date(invoice.issuedAt));
    for (const expected of [
      'Invoice',
      invoice.number,
      `Issued ${day}`,
      `Paid ${day}`,
      'County Data Store',
      origin(),
      'Bill to',
      buyerA,
      'Acme Realty LLC',
      'Tax ID: US 12-3456789',
      `${counties[0].name}, ${counties[0].state} — County SnapShot$500.00`,
      `${counties[1].name}, ${counties[1].state} — County Tracker$1,200.00`,
      'Total (USD)$1,700.00',
      `version ${LICENSE_VERSION}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('issues no second invoice, and spends no number, when activation and its webhook come again', async () => {
    const before = await db().query(`SELECT id, number FROM invoices ORDER BY number`);
    const paymentIntentId = await intentOf(orderA);
    await api().post('/api/payment-success').send({ paymentIntentId, email: buyerA }).expect(200);
    await stripe.simulator.flushWebhooks();
    const succeeded = (await stripe.server.events.list({ type: 'payment_intent.succeeded', limit: 100 })).data.find(
      (e) => (e.data.object as Stripe.PaymentIntent).id === paymentIntentId,
    )!;
    await sendWebhook(context.store.server, stripe.simulator, { ...succeeded, id: `${succeeded.id}_again` }).expect(
      200,
    );
    expect(await db().query(`SELECT id, number FROM invoices ORDER BY number`)).toEqual(before);
    const [{ last }] = await db().query(`SELECT last_value::int AS last FROM invoice_numbers`);
    expect(last).toBe(Math.max(...before.map((i: { number: string }) => Number(i.number))));
  });

  it('issues the next number for a County Tracker renewal, naming the year it pays for, once', async () => {
    const [{ last }] = await db().query(`SELECT max(number)::int AS last FROM invoices`);
    stripe.simulator.advanceSubscription(trackerA.stripeSubscriptionId);
    await stripe.simulator.flushWebhooks();
    const invoices: Summary[] = await eventually(async () => {
      const page = await orderPage(tokenA);
      return page.invoices.length === 2 && page.invoices;
    });
    const renewal = invoices[1];
    expect(invoices[0].kind).toBe('order');
    expect(renewal).toMatchObject({
      kind: 'renewal',
      number: `CDS-${String(last + 1).padStart(6, '0')}`,
      totalAmount: 1200,
      pdfUrl: `/api/orders/${tokenA}/invoices/${renewal.id}/pdf`,
    });
    const [renewed] = await db().query(`SELECT expiration_date FROM subscriptions WHERE id = $1`, [trackerA.id]);
    const text = await pdfText((await pdf(renewal.pdfUrl).expect(200)).body);
    expect(text).toContain(renewal.number);
    expect(text).toContain('Acme Realty LLC');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `County Tracker renewal — ${counties[1].name}, ${counties[1].state} — period ${formatDate(trackerA.expiresAt)} to ${formatDate(renewed.expiration_date)}`,
    );
    expect(text).toContain('Total (USD)$1,200.00');

    // Stripe's events fetched again (as after downtime) issue nothing more.
    await context.worker!.get(StripeReconciliationService).run();
    expect((await orderPage(tokenA)).invoices).toHaveLength(2);
  });

  it('keeps what an invoice says when the county is renamed later', async () => {
    const { invoices } = await orderPage(tokenA);
    await db().query(`UPDATE counties SET name = 'Renamed County' WHERE id = $1`, [counties[0].id]);
    try {
      const text = await pdfText((await pdf(invoices[0].pdfUrl).expect(200)).body);
      expect(text).toContain(`${counties[0].name}, ${counties[0].state} — County SnapShot`);
      expect(text).not.toContain('Renamed County');
    } finally {
      await db().query(`UPDATE counties SET name = $2 WHERE id = $1`, [counties[0].id, counties[0].name]);
    }
  });

  it("lists only the signed-in customer's invoices, newest first, and answers another's as a missing one", async () => {
    const [cookieA, cookieB] = [await customer(buyerA), await customer(buyerB)];
    const mine: Summary[] = (await api().get('/api/invoices').set('Cookie', cookieA).expect(200)).body;
    expect(mine.map((i) => i.kind)).toEqual(['renewal', 'order']);
    expect(mine.map((i) => i.pdfUrl)).toEqual(mine.map((i) => `/api/invoices/${i.id}/pdf`));
    const theirs: Summary[] = (await api().get('/api/invoices').set('Cookie', cookieB).expect(200)).body;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ kind: 'order', totalAmount: 500 });

    const own = await pdf(mine[1].pdfUrl, cookieA).expect(200);
    expect(await pdfText(own.body)).toContain('Acme Realty LLC');
    const othersInvoice = await api().get(mine[1].pdfUrl).set('Cookie', cookieB).expect(404);
    const missing = await api().get(`/api/invoices/${randomUUID()}/pdf`).set('Cookie', cookieB).expect(404);
    expect(othersInvoice.body).toEqual({ statusCode: 404, message: 'Invoice not found', error: 'Not Found' });
    expect(missing.body).toEqual(othersInvoice.body);

    const anonymous = await api().get('/api/invoices').expect(401);
    expect(anonymous.body.message).toBe('Unauthorized');
    await api().get(mine[1].pdfUrl).expect(401);
  });

  it("refuses a forged order token, and another order's invoice through a real one", async () => {
    const { invoices } = await orderPage(tokenA);
    const forged = `${orderA}.${'A'.repeat(43)}`;
    await api().get(`/api/orders/${forged}`).expect(404);
    await api().get(`/api/orders/${forged}/invoices/${invoices[0].id}/pdf`).expect(404);
    const [invoiceB] = await db().query(`SELECT id FROM invoices WHERE order_id = $1`, [orderB]);
    const other = await api().get(`/api/orders/${tokenA}/invoices/${invoiceB.id}/pdf`).expect(404);
    const missing = await api().get(`/api/orders/${tokenA}/invoices/${randomUUID()}/pdf`).expect(404);
    expect(other.body).toEqual({ statusCode: 404, message: 'Invoice not found', error: 'Not Found' });
    expect(missing.body).toEqual(other.body);
    const notAnId = await api().get(`/api/orders/${tokenA}/invoices/not-an-id/pdf`).expect(400);
    expect(notAnId.body.message).toBe('The invoice id must be a UUID');
  });

  it('invoices a renewal recorded without its invoice when Stripe tells of it again', async () => {
    const [renewal] = await db().query(
      `SELECT i.id, i.lines, p.stripe_object_id AS "stripeInvoiceId" FROM invoices i JOIN payments p ON p.id = i.payment_id
       WHERE i.kind = 'renewal' AND i.order_id = $1`,
      [orderA],
    );
    await db().query(`DELETE FROM invoices WHERE id = $1`, [renewal.id]);
    const stripeInvoice = await stripe.server.invoices.retrieve(renewal.stripeInvoiceId);
    for (let i = 0; i < 2; i++) await context.store.app.get(RenewalPaymentsService).paid(stripeInvoice);
    const again = await db().query(
      `SELECT i.lines FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE p.stripe_object_id = $1`,
      [renewal.stripeInvoiceId],
    );
    expect(again).toEqual([{ lines: renewal.lines }]);
  });

  it('issues the missing invoice of every charge and renewal on the sweep, once however often it runs', async () => {
    const columns = `i.payment_id, i.kind, i.email, i.company_name, i.tax_id, i.lines, i.total_cents`;
    const before = await db().query(`SELECT ${columns} FROM invoices i ORDER BY payment_id`);
    const [{ count: renewalsBefore }] = await db().query(
      `SELECT count(*)::int AS count FROM payments WHERE kind = 'renewal'`,
    );
    expect(renewalsBefore).toBe(1);
    await db().query(`DELETE FROM invoices WHERE order_id = $1 OR kind = 'renewal'`, [orderB]);
    const sweep = () => context.worker!.get(InvoicesRepository).issueMissing();
    expect(await sweep()).toBe(2);
    expect(await sweep()).toBe(0);
    const after = await db().query(`SELECT ${columns} FROM invoices i ORDER BY payment_id`);
    // A renewal's period, without Stripe's invoice at hand, is its place among the renewals.
    const day = (iso: string) => formatDate(new Date(iso));
    const byDay = (rows: { lines: { periodStart?: string; periodEnd?: string }[] }[]) =>
      rows.map((row) => ({
        ...row,
        lines: row.lines.map((line) => ({
          ...line,
          ...(line.periodStart && { periodStart: day(line.periodStart), periodEnd: day(line.periodEnd!) }),
        })),
      }));
    expect(byDay(after)).toEqual(byDay(before));
    expect((await orderPage(tokenA)).invoices).toHaveLength(2);
  });

  it('is not held back on the sweep by a page of payments it cannot invoice', async () => {
    // 500 older charges whose order is gone, more than the sweep reads at once, then one it can invoice.
    await db().query(
      `INSERT INTO payments (kind, amount_cents, amount_by_purchase_type, currency, stripe_object_id, occurred_at)
       SELECT 'charge', 50000, '{}', 'usd', 'pi_orphan_' || n, timestamptz '2020-01-01' + n * interval '1 second'
       FROM generate_series(1, 500) n`,
    );
    try {
      const [invoiceB] = await db().query(`SELECT payment_id FROM invoices WHERE order_id = $1`, [orderB]);
      await db().query(`DELETE FROM invoices WHERE order_id = $1`, [orderB]);
      expect(await context.worker!.get(InvoicesRepository).issueMissing()).toBe(1);
      const again = await db().query(`SELECT payment_id FROM invoices WHERE order_id = $1`, [orderB]);
      expect(again).toEqual([{ payment_id: invoiceB.payment_id }]);
    } finally {
      await db().query(`DELETE FROM payments WHERE stripe_object_id LIKE 'pi_orphan_%'`);
    }
  });

  it('says each refund of an order on its invoice, which keeps the total it was issued with', async () => {
    const [invoiceB] = await db().query(`SELECT id FROM invoices WHERE order_id = $1`, [orderB]);
    const tokenB = (await context.store.app.get(OrderPageLinks).forOrder(orderB)).token;
    const listed = (await orderPage(tokenB)).invoices;
    await stripe.server.refunds.create({ payment_intent: await intentOf(orderB), amount: 20_000 });
    await stripe.simulator.flushWebhooks();
    const [refund] = await eventually(async () => {
      const rows = await db().query(`SELECT occurred_at FROM payments WHERE order_id = $1 AND kind = 'refund'`, [
        orderB,
      ]);
      return rows.length === 1 && rows;
    });
    const text = await pdfText((await pdf(`/api/orders/${tokenB}/invoices/${invoiceB.id}/pdf`).expect(200)).body);
    expect(text).toContain('Total (USD)$500.00');
    expect(text).toContain(`Refunded ${formatDate(refund.occurred_at)}: $200.00`);
    // The lists show the invoice as issued.
    expect((await orderPage(tokenB)).invoices).toEqual(listed);
    // A renewal is no refund's: its invoice says none.
    const { invoices } = await orderPage(tokenA);
    const renewal = invoices.find((i: Summary) => i.kind === 'renewal');
    expect(await pdfText((await pdf(renewal.pdfUrl).expect(200)).body)).not.toContain('Refunded');
  });

  // Last: it writes the invoices again from the ledger.
  it('gives every payment already in the ledger its invoice when the table is created, in payment order', async () => {
    const before = await db().query(
      `SELECT payment_id, kind, email, company_name, tax_id, lines, total_cents FROM invoices ORDER BY payment_id`,
    );
    const runner = db().createQueryRunner();
    try {
      await runner.query(`DROP TABLE invoices`);
      await new Invoices1763801000000().up(runner);
    } finally {
      await runner.release();
    }
    const after = await db().query(
      `SELECT number::int AS number, payment_id, kind, email, company_name, tax_id, lines, total_cents
       FROM invoices ORDER BY number`,
    );
    const payments = await db().query(
      `SELECT id FROM payments WHERE kind IN ('charge', 'renewal') ORDER BY occurred_at, id`,
    );
    expect(after.map((i: { number: number }) => i.number)).toEqual(payments.map((_: unknown, n: number) => n + 1));
    expect(after.map((i: { payment_id: string }) => i.payment_id)).toEqual(payments.map((p: { id: string }) => p.id));
    // The same invoices as those written at payment time; a renewal's period as its place among the renewals gives it.
    type Row = { payment_id: string; lines: { periodStart?: string; periodEnd?: string }[] };
    const withoutPeriod = (rows: Row[]) =>
      [...rows]
        .sort((a, b) => a.payment_id.localeCompare(b.payment_id))
        .map(({ lines, ...rest }) => ({
          ...rest,
          lines: lines.map(({ periodStart, periodEnd, ...line }) => ({
            ...line,
            period: Boolean(periodStart && periodEnd),
          })),
        }));
    expect(withoutPeriod(after.map(({ number: _, ...rest }: { number: number }) => rest))).toEqual(
      withoutPeriod(before),
    );
    const renewal = after.find((i: { kind: string }) => i.kind === 'renewal');
    expect(formatDate(new Date(renewal.lines[0].periodStart))).toBe(formatDate(trackerA.expiresAt));
    // New invoices go on from the last backfilled number.
    const [{ next }] = await db().query(`SELECT nextval('invoice_numbers')::int AS next`);
    expect(next).toBe(after.length + 1);
  });
});
