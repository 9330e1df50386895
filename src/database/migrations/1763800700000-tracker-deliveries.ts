import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * County Tracker's monthly deliveries: one row per subscription and month,
 * so a delivery run repeated or run by two workers at once emails once.
 */
export class TrackerDeliveries1763800700000 implements MigrationInterface {
  name = 'TrackerDeliveries1763800700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tracker_deliveries (
        subscription_id uuid NOT NULL REFERENCES subscriptions (id),
        month char(7) NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        dataset_id uuid NOT NULL REFERENCES county_datasets (id),
        data_changed boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        mail_queued_at timestamptz,
        PRIMARY KEY (subscription_id, month)
      )`);
    // The deliveries of a month whose email is still to be queued.
    await db.query(
      `CREATE INDEX tracker_deliveries_unqueued ON tracker_deliveries (month) WHERE mail_queued_at IS NULL`,
    );
    // The daily jobs look for active County Trackers by expiration.
    await db.query(
      `CREATE INDEX subscriptions_active_annual_expiration ON subscriptions (expiration_date)
       WHERE purchase_type = 'annual' AND status = 'active'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX subscriptions_active_annual_expiration`);
    await db.query(`DROP TABLE tracker_deliveries`);
  }
}
