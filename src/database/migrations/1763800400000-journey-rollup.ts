import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Running totals of journey events, so analytics read a few rows instead of
 * counting distinct visitors over millions of events. The worker folds new
 * events in; `journey_rollup` holds how far it has got.
 */
export class JourneyRollup1763800400000 implements MigrationInterface {
  name = 'JourneyRollup1763800400000';

  async up(db: QueryRunner): Promise<void> {
    // Which visitor has done which event (at least once).
    await db.query(
      `CREATE TABLE journey_visitor_events (event varchar(50) NOT NULL, visitor_id uuid NOT NULL, PRIMARY KEY (event, visitor_id))`,
    );
    await db.query(`CREATE TABLE journey_visitors (visitor_id uuid PRIMARY KEY)`);
    await db.query(`
      CREATE TABLE journey_event_totals (
        event varchar(50) PRIMARY KEY,
        events bigint NOT NULL DEFAULT 0,
        visitors bigint NOT NULL DEFAULT 0
      )`);
    await db.query(`
      CREATE TABLE journey_rollup (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        last_event_id bigint NOT NULL DEFAULT 0,
        unique_visitors bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`INSERT INTO journey_rollup DEFAULT VALUES`);
    // The journey_events (event, visitor_id) index served the raw counts, which the totals replace.
    await db.query(`DROP INDEX journey_events_event_visitor`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX journey_events_event_visitor ON journey_events (event, visitor_id)`);
    for (const table of ['journey_rollup', 'journey_event_totals', 'journey_visitors', 'journey_visitor_events']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
