import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * County Tracker deliveries are also made when a release is published, not only monthly: a
 * delivery gets an id of its own and says why it was made. The monthly run still delivers
 * once per subscription and month; news of a county file (a delivery that brought a file the
 * subscriber did not have) is delivered once per subscription and file, however it came about,
 * so a release emailed at publication is never emailed as news again by the monthly run, or
 * the other way round.
 */
export class TrackerReleaseDeliveries1764640000000 implements MigrationInterface {
  name = 'TrackerReleaseDeliveries1764640000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE tracker_deliveries DROP CONSTRAINT tracker_deliveries_pkey`);
    await db.query(`ALTER TABLE tracker_deliveries ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid()`);
    await db.query(`ALTER TABLE tracker_deliveries ADD PRIMARY KEY (id)`);
    await db.query(
      `ALTER TABLE tracker_deliveries ADD COLUMN occasion text NOT NULL DEFAULT 'monthly'
         CHECK (occasion IN ('monthly', 'release'))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX tracker_deliveries_monthly ON tracker_deliveries (subscription_id, month)
       WHERE occasion = 'monthly'`,
    );
    await db.query(
      `CREATE UNIQUE INDEX tracker_deliveries_news ON tracker_deliveries (subscription_id, dataset_id) WHERE data_changed`,
    );
    // The monthly run asks whether a subscription had any delivery in the month, and which file was its last.
    await db.query(`CREATE INDEX tracker_deliveries_subscription ON tracker_deliveries (subscription_id, month)`);
    // The deliveries of a release still waiting for their email.
    await db.query(
      `CREATE INDEX tracker_deliveries_unqueued_news ON tracker_deliveries (dataset_id)
       WHERE mail_queued_at IS NULL AND occasion = 'release'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM tracker_deliveries WHERE occasion = 'release'`);
    await db.query(`DROP INDEX tracker_deliveries_unqueued_news`);
    await db.query(`DROP INDEX tracker_deliveries_subscription`);
    await db.query(`DROP INDEX tracker_deliveries_news`);
    await db.query(`DROP INDEX tracker_deliveries_monthly`);
    await db.query(`ALTER TABLE tracker_deliveries DROP COLUMN occasion`);
    await db.query(`ALTER TABLE tracker_deliveries DROP CONSTRAINT tracker_deliveries_pkey`);
    await db.query(`ALTER TABLE tracker_deliveries DROP COLUMN id`);
    await db.query(`ALTER TABLE tracker_deliveries ADD PRIMARY KEY (subscription_id, month)`);
  }
}
