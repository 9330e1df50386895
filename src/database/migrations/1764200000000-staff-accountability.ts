import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff sessions say who signed in, how, from where, and when they ended; the audit log keeps every
 * sign-in, sign-out and refused attempt with its address and browser. Sessions are revoked, never
 * deleted, so every audit entry keeps naming the session (and the person) behind it: the foreign key
 * now refuses a delete instead of blanking the entries.
 */
export class StaffAccountability1764200000000 implements MigrationInterface {
  name = 'StaffAccountability1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE admin_sessions
        ADD COLUMN revoked_at timestamptz,
        ADD COLUMN sign_in_method varchar(20) NOT NULL DEFAULT 'password',
        ADD COLUMN staff_subject varchar(300),
        ADD COLUMN staff_email varchar(320),
        ADD COLUMN staff_name varchar(200),
        ADD COLUMN ip_address varchar(64),
        ADD COLUMN user_agent varchar(300)`);
    await db.query(`
      ALTER TABLE audit_log
        ADD COLUMN ip_address varchar(64),
        ADD COLUMN user_agent varchar(300),
        DROP CONSTRAINT audit_log_admin_session_id_fkey,
        ADD CONSTRAINT audit_log_admin_session_id_fkey
          FOREIGN KEY (admin_session_id) REFERENCES admin_sessions (id) ON DELETE RESTRICT`);
    await db.query(`CREATE INDEX audit_log_by_session ON audit_log (admin_session_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX audit_log_by_session`);
    await db.query(`
      ALTER TABLE audit_log
        DROP CONSTRAINT audit_log_admin_session_id_fkey,
        ADD CONSTRAINT audit_log_admin_session_id_fkey
          FOREIGN KEY (admin_session_id) REFERENCES admin_sessions (id) ON DELETE SET NULL,
        DROP COLUMN ip_address,
        DROP COLUMN user_agent`);
    await db.query(`
      ALTER TABLE admin_sessions
        DROP COLUMN revoked_at, DROP COLUMN sign_in_method, DROP COLUMN staff_subject, DROP COLUMN staff_email,
        DROP COLUMN staff_name, DROP COLUMN ip_address, DROP COLUMN user_agent`);
  }
}
