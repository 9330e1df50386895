import { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox of business facts (release published, order paid) and the relay's index of those still to relay. */
export class DomainEvents1765400000000 implements MigrationInterface {
  name = 'DomainEvents1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE domain_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(60) NOT NULL,
        payload jsonb NOT NULL,
        raised_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz
      )`);
    await db.query(`CREATE INDEX domain_events_unrelayed ON domain_events (raised_at) WHERE relayed_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE domain_events`);
  }
}
