import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoices: one per payment taken (the checkout's charge, each County Tracker renewal),
 * numbered from a sequence of their own so numbers only grow and are never reused. An
 * invoice is a snapshot of what was billed: it copies the buyer and the county names, so
 * later edits change no invoice. Every payment already in the ledger gets its invoice, in
 * the order the payments were taken.
 */
export class Invoices1763801000000 implements MigrationInterface {
  name = 'Invoices1763801000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE invoice_numbers AS bigint`);
    await db.query(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number bigint NOT NULL UNIQUE DEFAULT nextval('invoice_numbers'),
        order_id uuid NOT NULL REFERENCES orders (id),
        payment_id uuid NOT NULL UNIQUE REFERENCES payments (id),
        subscription_id uuid REFERENCES subscriptions (id),
        kind varchar(20) NOT NULL CHECK (kind IN ('order', 'renewal')),
        issued_at timestamptz NOT NULL DEFAULT now(),
        email varchar(320) NOT NULL,
        company_name varchar(200),
        tax_id varchar(50),
        lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array'),
        total_cents integer NOT NULL CHECK (total_cents >= 0),
        currency char(3) NOT NULL,
        CHECK ((kind = 'renewal') = (subscription_id IS NOT NULL))
      )`);
    await db.query(`ALTER SEQUENCE invoice_numbers OWNED BY invoices.number`);
    // An order page lists its order's invoices; a customer's list goes through their orders.
    await db.query(`CREATE INDEX invoices_order ON invoices (order_id, number)`);

    // Renewals recorded so far say nothing of their period: the n-th renewal of a County Tracker
    // covers its (n+1)-th year from the start, which is what Stripe bills at the trial's end.
    await db.query(`
      WITH billed AS (
        SELECT p.id AS payment_id, p.occurred_at, o.id AS order_id, NULL::uuid AS subscription_id, 'order' AS kind,
               o.email, o.company_name, o.tax_id, p.amount_cents, p.currency,
               (SELECT jsonb_agg(jsonb_build_object('description', c.name || ', ' || c.state,
                                                    'purchaseType', i.purchase_type,
                                                    'amountCents', i.amount_cents)
                                 ORDER BY c.state, c.name)
                FROM order_items i JOIN counties c ON c.id = i.county_id WHERE i.order_id = o.id) AS lines
        FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE p.kind = 'charge'
        UNION ALL
        SELECT p.id, p.occurred_at, o.id, s.id, 'renewal', o.email, o.company_name, o.tax_id, p.amount_cents,
               p.currency,
               jsonb_build_array(jsonb_build_object(
                 'description', c.name || ', ' || c.state,
                 'purchaseType', 'annual',
                 'amountCents', p.amount_cents,
                 'periodStart', s.start_date + make_interval(years => r.n::int),
                 'periodEnd', s.start_date + make_interval(years => r.n::int + 1)))
        FROM payments p
        JOIN (SELECT id, row_number() OVER (PARTITION BY subscription_id ORDER BY occurred_at, id) AS n
              FROM payments WHERE kind = 'renewal') r ON r.id = p.id
        JOIN subscriptions s ON s.id = p.subscription_id
        JOIN order_items i ON i.id = s.order_item_id
        JOIN orders o ON o.id = i.order_id
        JOIN counties c ON c.id = s.county_id
      )
      INSERT INTO invoices (number, order_id, payment_id, subscription_id, kind, issued_at, email, company_name,
                            tax_id, lines, total_cents, currency)
      SELECT row_number() OVER (ORDER BY occurred_at, payment_id), order_id, payment_id, subscription_id, kind,
             occurred_at, email, company_name, tax_id, lines, amount_cents, currency
      FROM billed WHERE lines IS NOT NULL`);
    await db.query(
      `SELECT setval('invoice_numbers', (SELECT max(number) FROM invoices)) WHERE EXISTS (SELECT 1 FROM invoices)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE invoices`);
  }
}
