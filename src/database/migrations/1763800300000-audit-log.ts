import { MigrationInterface, QueryRunner } from 'typeorm';

/** Every staff action: which admin session, what, when, and the record before and after. */
export class AuditLog1763800300000 implements MigrationInterface {
  name = 'AuditLog1763800300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        admin_session_id uuid REFERENCES admin_sessions (id) ON DELETE SET NULL,
        action varchar(50) NOT NULL,
        target_type varchar(50) NOT NULL,
        target_id varchar(100),
        before jsonb,
        after jsonb,
        occurred_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX audit_log_newest ON audit_log (occurred_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE audit_log`);
  }
}
