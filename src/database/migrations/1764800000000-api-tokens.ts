import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customers' personal access tokens for the data API. Only each token's SHA-256 is kept (a leaked
 * database opens nothing), with a few characters of it for the dashboard to show. Revoked tokens
 * stay, so that a script still using one is told it was revoked rather than that it never existed.
 */
export class ApiTokens1764800000000 implements MigrationInterface {
  name = 'ApiTokens1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        token_hash char(64) NOT NULL,
        prefix varchar(16) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        CONSTRAINT api_tokens_hash UNIQUE (token_hash)
      )`);
    // The dashboard's list (a customer's live tokens) and the name check read this index only.
    await db.query(`CREATE INDEX api_tokens_user_live ON api_tokens (user_id, created_at) WHERE revoked_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE api_tokens`);
  }
}
