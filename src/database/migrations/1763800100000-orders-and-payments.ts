import { MigrationInterface, QueryRunner } from 'typeorm';

/** Checkout orders, the payments ledger, processed Stripe events and sent emails. */
export class OrdersAndPayments1763800100000 implements MigrationInterface {
  name = 'OrdersAndPayments1763800100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL CHECK (email = lower(email)),
        user_id uuid REFERENCES users (id),
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'refunded')),
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        currency char(3) NOT NULL DEFAULT 'usd',
        stripe_customer_id varchar(255),
        stripe_payment_intent_id varchar(255) UNIQUE,
        paid_at timestamptz,
        receipt_queued_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX orders_email ON orders (email)`);
    // Paid orders whose receipt was never queued are found and queued again.
    await db.query(
      `CREATE INDEX orders_receipt_missing ON orders (paid_at) WHERE status = 'paid' AND receipt_queued_at IS NULL`,
    );

    await db.query(`
      CREATE TABLE order_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        county_id uuid NOT NULL REFERENCES counties (id),
        purchase_type varchar(20) NOT NULL CHECK (purchase_type IN ('one-time', 'annual')),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        UNIQUE (order_id, county_id)
      )`);

    // One subscription per paid order item, however often activation runs.
    await db.query(`ALTER TABLE subscriptions ADD COLUMN order_item_id uuid UNIQUE REFERENCES order_items (id)`);

    await db.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid REFERENCES orders (id),
        subscription_id uuid REFERENCES subscriptions (id),
        kind varchar(20) NOT NULL CHECK (kind IN ('charge', 'renewal', 'refund')),
        amount_cents integer NOT NULL CHECK ((kind = 'refund') = (amount_cents < 0)),
        amount_by_purchase_type jsonb NOT NULL,
        currency char(3) NOT NULL,
        stripe_object_id varchar(255) NOT NULL UNIQUE,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX payments_order ON payments (order_id)`);

    await db.query(`
      CREATE TABLE stripe_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE email_deliveries (
        message_key varchar(200) PRIMARY KEY,
        recipient varchar(320) NOT NULL,
        subject varchar(300) NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE email_deliveries`);
    await db.query(`DROP TABLE stripe_events`);
    await db.query(`DROP TABLE payments`);
    await db.query(`ALTER TABLE subscriptions DROP COLUMN order_item_id`);
    await db.query(`DROP TABLE order_items`);
    await db.query(`DROP TABLE orders`);
  }
}
