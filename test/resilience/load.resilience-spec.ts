import { readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { startBenchApp, type BenchApp } from '../../bench/support/bench-app';
import { publishableKeyOf, purchase, type CartItem, type PurchaseType } from '../../bench/support/buyer';
import { eventually } from '../support/eventually';

const BUYERS = 200;
const SECONDS = 60;
const PLANS: PurchaseType[] = ['one-time', 'annual'];

interface Tally {
  statuses: Map<number, number>;
  /** Calls that got no HTTP answer at all (connection refused or reset, timeout). */
  failures: string[];
  paid: { orderId: string; items: number }[];
  visits: number;
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];

/**
 * 200 simulated buyers for 60 seconds against the built store as production runs it (API and worker
 * processes, the Stripe simulator standing in for Stripe): each walks the landing page, the county
 * picker and the checkout page as the browser loads them, fires the journey events the pages fire,
 * and pays for a cart of one to three counties. Afterwards every paid order must have exactly its
 * subscriptions and exactly one receipt.
 */
describe('200 buyers for 60 seconds', () => {
  let app: BenchApp;
  let db: Client;
  const tally: Tally = { statuses: new Map(), failures: [], paid: [], visits: 0 };

  beforeAll(async () => {
    app = await startBenchApp('cds_resilience_load');
    db = new Client({ connectionString: app.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await app?.stop();
  });

  async function call(path: string, init?: RequestInit): Promise<Response | null> {
    try {
      const res = await fetch(`${app.origin}${path}`, init);
      tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
      await res.arrayBuffer();
      return res;
    } catch (error) {
      tally.failures.push(`${path}: ${(error as Error).message}`);
      return null;
    }
  }

  const track = (visitorId: string, address: string, event: string) =>
    call('/api/journey-events', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ visitorId, event }),
    });

  let visits = 0;
  async function visit(counties: string[], publishableKey: string): Promise<void> {
    const visitorId = randomUUID();
    // Each visit is a person of their own, at an address of the benchmarking range as a proxy
    // in front of the store reports it, so the per-address limits see many people, as in life.
    const n = visits++;
    const address = `198.${18 + Math.floor(n / 65_536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
    await call('/');
    await track(visitorId, address, 'landing_view');
    await call('/select-counties');
    await call('/api/counties', { headers: { 'accept-encoding': 'br' } });
    await track(visitorId, address, 'counties_view');
    const chosen = new Set(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => pick(counties)));
    const items: CartItem[] = [...chosen].map((countyId) => ({ countyId, purchaseType: pick(PLANS) }));
    for (let i = 0; i < items.length; i++) await track(visitorId, address, 'cart_add');
    await call('/checkout');
    await track(visitorId, address, 'checkout_view');
    await track(visitorId, address, 'email_entered');
    try {
      const bought = await purchase(
        app.origin,
        publishableKey,
        { email: `load-${visitorId}@example.com`, address },
        items,
      );
      // create-payment-intent, the card and its confirmation at the Stripe stand-in, payment-success.
      tally.statuses.set(200, (tally.statuses.get(200) ?? 0) + 4);
      tally.paid.push({ orderId: bought.orderId, items: items.length });
      await track(visitorId, address, 'payment_success');
    } catch (error) {
      // purchase() names the call and its status; a 5xx there is a failure like any other.
      tally.failures.push(`purchase: ${(error as Error).message}`);
    }
    tally.visits += 1;
  }

  it('serves every request without a 5xx, and every paid order has its subscriptions and one receipt', async () => {
    const counties = ((await (await fetch(`${app.origin}/api/counties`)).json()) as { id: string }[]).map((c) => c.id);
    const publishableKey = await publishableKeyOf(app.origin);
    const until = Date.now() + SECONDS * 1000;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: BUYERS }, async () => {
        while (Date.now() < until) await visit(counties, publishableKey);
      }),
    );
    const elapsed = (Date.now() - started) / 1000;

    // Receipts go out from the worker; give it time to send the last ones.
    const receiptsSent = async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM email_deliveries WHERE message_key = ANY($1) AND sent_at IS NOT NULL`,
        [tally.paid.map((p) => `receipt-${p.orderId}`)],
      );
      return rows[0].n;
    };
    await eventually(async () => (await receiptsSent()) === tally.paid.length, 120_000).catch(() => undefined);

    const { rows: orders } = await db.query<{ id: string; status: string; subscriptions: number }>(
      `SELECT o.id, o.status,
              (SELECT count(*)::int FROM subscriptions s JOIN order_items i ON i.id = s.order_item_id
               WHERE i.order_id = o.id) AS subscriptions
       FROM orders o WHERE o.id = ANY($1)`,
      [tally.paid.map((p) => p.orderId)],
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    const wrong = tally.paid.filter(({ orderId, items }) => {
      const order = byId.get(orderId);
      return order?.status !== 'paid' || order.subscriptions !== items;
    });
    const outbox = readdirSync(app.outboxDir);
    const receiptFiles = (orderId: string) => outbox.filter((file) => file.includes(`receipt-${orderId}`)).length;
    const receiptsNotOne = tally.paid.filter(({ orderId }) => receiptFiles(orderId) !== 1);
    const fiveXx = [...tally.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const requests = [...tally.statuses.values()].reduce((sum, n) => sum + n, 0);

    console.log(
      [
        `Load: ${BUYERS} buyers for ${elapsed.toFixed(0)} s`,
        `  visits completed ${tally.visits}, orders paid ${tally.paid.length}`,
        `  requests answered ${requests} (${(requests / elapsed).toFixed(0)}/s); by status: ` +
          [...tally.statuses].map(([status, n]) => `${status} × ${n}`).join(', '),
        `  5xx ${fiveXx}, calls without an answer or failed purchases ${tally.failures.length}`,
        `  orders lost or wrong ${wrong.length}; receipts sent ${await receiptsSent()} of ${tally.paid.length}, ` +
          `orders without exactly one receipt file ${receiptsNotOne.length}`,
      ].join('\n'),
    );

    expect(tally.failures.slice(0, 10)).toEqual([]);
    expect(fiveXx).toBe(0);
    expect(tally.paid.length).toBeGreaterThan(BUYERS);
    expect(wrong).toEqual([]);
    expect(receiptsNotOne).toEqual([]);
  });
});
