import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables of docs/store-spec.md §3 with the county FIPS key and soft removal. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL UNIQUE CHECK (email = lower(email)),
        first_name varchar(100),
        last_name varchar(100),
        profile_image_url varchar(2048),
        stripe_customer_id varchar(255) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE counties (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        fips char(5) NOT NULL UNIQUE CHECK (fips ~ '^[0-9]{5}$'),
        name varchar(100) NOT NULL CHECK (name <> ''),
        state varchar(100) NOT NULL CHECK (state <> ''),
        state_code char(2) NOT NULL CHECK (state_code ~ '^[A-Z]{2}$'),
        population integer CHECK (population >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);

    await db.query(`
      CREATE TABLE subscriptions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
        county_id uuid NOT NULL REFERENCES counties (id) ON DELETE RESTRICT,
        purchase_type varchar(20) NOT NULL CHECK (purchase_type IN ('one-time', 'annual')),
        status varchar(20) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'cancelled')),
        auto_renew boolean NOT NULL DEFAULT true,
        amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
        stripe_subscription_id varchar(255) UNIQUE,
        start_date timestamptz NOT NULL DEFAULT now(),
        expiration_date timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A customer's dashboard, newest first.
    await db.query(`CREATE INDEX subscriptions_user_newest ON subscriptions (user_id, created_at DESC)`);
    // The staff table, newest first.
    await db.query(`CREATE INDEX subscriptions_newest ON subscriptions (created_at DESC)`);
    await db.query(`CREATE INDEX subscriptions_county ON subscriptions (county_id)`);
    // Expiry, reminder and delivery sweeps look only at live annual subscriptions.
    await db.query(
      `CREATE INDEX subscriptions_active_annual_expiry ON subscriptions (expiration_date)
       WHERE status = 'active' AND purchase_type = 'annual'`,
    );

    await db.query(`
      CREATE TABLE sessions (
        sid varchar(255) PRIMARY KEY,
        sess json NOT NULL,
        expire timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX sessions_expire ON sessions (expire)`);

    await db.query(`
      CREATE TABLE admin_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token varchar(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at)`);

    await db.query(`
      CREATE TABLE journey_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        visitor_id uuid NOT NULL,
        event varchar(50) NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Funnel figures count distinct visitors per event.
    await db.query(`CREATE INDEX journey_events_event_visitor ON journey_events (event, visitor_id)`);
    // Events arrive in time order; BRIN keeps the time index tiny at millions of rows.
    await db.query(`CREATE INDEX journey_events_occurred ON journey_events USING brin (occurred_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['journey_events', 'admin_sessions', 'sessions', 'subscriptions', 'counties', 'users']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
