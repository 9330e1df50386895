import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order page links as random tokens stored only as hashes, one per email that carries one, so
 * staff can revoke an order's links without touching anyone else's. An order whose links were
 * rotated no longer takes the links derived from its id, which every earlier receipt carries.
 */
export class OrderPageTokens1764400000000 implements MigrationInterface {
  name = 'OrderPageTokens1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE order_page_tokens (
        token_hash char(64) PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX order_page_tokens_order ON order_page_tokens (order_id)`);
    await db.query(`ALTER TABLE orders ADD COLUMN page_links_rotated_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE orders DROP COLUMN page_links_rotated_at`);
    await db.query(`DROP TABLE order_page_tokens`);
  }
}
