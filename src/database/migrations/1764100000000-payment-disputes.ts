import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chargebacks: each Stripe dispute once, open until Stripe closes it won or lost; the subscriptions an
 * open dispute suspends (a list, so two overlapping disputes each restore only their own suspension);
 * and a lost dispute's money in the ledger as a negative `chargeback`.
 */
export class PaymentDisputes1764100000000 implements MigrationInterface {
  name = 'PaymentDisputes1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payment_disputes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stripe_dispute_id varchar(255) NOT NULL UNIQUE,
        stripe_charge_id varchar(255) NOT NULL,
        order_id uuid REFERENCES orders (id),
        subscription_id uuid REFERENCES subscriptions (id),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency char(3) NOT NULL,
        reason varchar(100) NOT NULL,
        status varchar(20) NOT NULL CHECK (status IN ('open', 'won', 'lost')),
        opened_at timestamptz NOT NULL,
        closed_at timestamptz,
        CHECK ((order_id IS NULL) <> (subscription_id IS NULL))
      )`);
    await db.query(`CREATE INDEX payment_disputes_order ON payment_disputes (order_id) WHERE order_id IS NOT NULL`);
    await db.query(`ALTER TABLE subscriptions ADD COLUMN suspending_disputes text[] NOT NULL DEFAULT '{}'`);
    await db.query(`ALTER TABLE payments DROP CONSTRAINT payments_kind_check, DROP CONSTRAINT payments_check`);
    await db.query(`
      ALTER TABLE payments
        ADD CONSTRAINT payments_kind_check CHECK (kind IN ('charge', 'renewal', 'refund', 'chargeback')),
        ADD CONSTRAINT payments_check CHECK ((kind IN ('refund', 'chargeback')) = (amount_cents < 0))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM payments WHERE kind = 'chargeback'`);
    await db.query(`ALTER TABLE payments DROP CONSTRAINT payments_kind_check, DROP CONSTRAINT payments_check`);
    await db.query(`
      ALTER TABLE payments
        ADD CONSTRAINT payments_kind_check CHECK (kind IN ('charge', 'renewal', 'refund')),
        ADD CONSTRAINT payments_check CHECK ((kind = 'refund') = (amount_cents < 0))`);
    await db.query(`ALTER TABLE subscriptions DROP COLUMN suspending_disputes`);
    await db.query(`DROP TABLE payment_disputes`);
  }
}
