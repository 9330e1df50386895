import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users who sign in through OpenID Connect are known by issuer and subject.
 * An email the provider has not verified is not stored, so a user may have none.
 */
export class UserSignIn1763800200000 implements MigrationInterface {
  name = 'UserSignIn1763800200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ALTER COLUMN email DROP NOT NULL`);
    await db.query(`ALTER TABLE users ADD COLUMN oidc_issuer varchar(500), ADD COLUMN oidc_subject varchar(255)`);
    await db.query(
      `CREATE UNIQUE INDEX users_oidc_identity ON users (oidc_issuer, oidc_subject) WHERE oidc_subject IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX users_oidc_identity`);
    await db.query(`ALTER TABLE users DROP COLUMN oidc_subject, DROP COLUMN oidc_issuer`);
    await db.query(`ALTER TABLE users ALTER COLUMN email SET NOT NULL`);
  }
}
