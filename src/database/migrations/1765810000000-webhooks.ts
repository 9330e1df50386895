import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' webhook endpoints, the events raised for them and each event's delivery to each
 * endpoint (its attempts, for the delivery log). An event's id is what receivers drop repeats by;
 * its dedupe key makes raising it again (a retried listener) raise nothing new.
 */
export class Webhooks1765810000000 implements MigrationInterface {
  name = 'Webhooks1765810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        url varchar(2048) NOT NULL,
        description varchar(200) NOT NULL DEFAULT '',
        events text[] NOT NULL,
        subscription_ids uuid[],
        secret_sealed text NOT NULL,
        previous_secret_sealed text,
        previous_secret_until timestamptz,
        disabled_at timestamptz,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, created_at)`);
    await db.query(`
      CREATE TABLE webhook_events (
        id varchar(40) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(40) NOT NULL,
        dedupe_key varchar(200) NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_events_once UNIQUE (user_id, dedupe_key)
      )`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id varchar(40) NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
        state varchar(12) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        first_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_status integer,
        last_error text,
        last_latency_ms integer,
        last_answer text,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
      )`);
    await db.query(`CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at DESC)`);
    // The sweep's question: pending deliveries due, whose job may have been lost.
    await db.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_deliveries`);
    await db.query(`DROP TABLE webhook_events`);
    await db.query(`DROP TABLE webhook_endpoints`);
  }
}
