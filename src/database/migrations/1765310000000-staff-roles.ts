import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles (support or admin) on each staff session, with what the re-check of a named person's
 * groups needs; order page links staff make expire; the audit log is read a page at a time by action
 * and by target, so those filters get indexes of their own.
 */
export class StaffRoles1765310000000 implements MigrationInterface {
  name = 'StaffRoles1765310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE admin_sessions ADD COLUMN role varchar(20) NOT NULL DEFAULT 'admin'`);
    // Sessions opened before roles: the password stays admin; a named person is support until their
    // groups are checked again, which for these (no provider token kept) ends the session.
    await db.query(`UPDATE admin_sessions SET role = 'support' WHERE sign_in_method = 'staff-account'`);
    await db.query(`ALTER TABLE admin_sessions ADD COLUMN provider_tokens text`);
    await db.query(`ALTER TABLE admin_sessions ADD COLUMN groups_checked_at timestamptz`);
    await db.query(`ALTER TABLE order_page_tokens ADD COLUMN expires_at timestamptz`);
    await db.query(`CREATE INDEX audit_log_by_action ON audit_log (action, occurred_at DESC)`);
    await db.query(`CREATE INDEX audit_log_by_target ON audit_log (target_id, occurred_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX audit_log_by_target`);
    await db.query(`DROP INDEX audit_log_by_action`);
    await db.query(`ALTER TABLE order_page_tokens DROP COLUMN expires_at`);
    await db.query(`ALTER TABLE admin_sessions DROP COLUMN groups_checked_at`);
    await db.query(`ALTER TABLE admin_sessions DROP COLUMN provider_tokens`);
    await db.query(`ALTER TABLE admin_sessions DROP COLUMN role`);
  }
}
