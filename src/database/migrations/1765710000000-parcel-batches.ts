import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batch append: `parcel_batches`, one row a customer's CSV; and an index of the normalized site
 * addresses in byte order, so that a batch's rows whose address is spelled as the record spells it
 * are matched by one join, and the rest among the parcels of their house number.
 */
export class ParcelBatches1765710000000 implements MigrationInterface {
  name = 'ParcelBatches1765710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE parcel_batches (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        status varchar(10) NOT NULL CHECK (status IN ('receiving', 'queued', 'running', 'done', 'failed')),
        fields text[] NOT NULL,
        rows integer NOT NULL CHECK (rows >= 0),
        processed integer NOT NULL DEFAULT 0,
        matched integer NOT NULL DEFAULT 0,
        input_bytes integer NOT NULL,
        input_key text NOT NULL,
        result_key text,
        result_bytes bigint,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz,
        expires_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX parcel_batches_user ON parcel_batches (user_id, created_at DESC)`);
    await db.query(`CREATE INDEX parcel_batches_expires ON parcel_batches (expires_at)`);
    // Byte order (C) and the first 200 characters (no record's address is too long for a B-tree):
    // an address spelled as a record spells it is one lookup, and the addresses of one house number
    // ('101 ' up to '101!') one range, the few a misspelt street is then compared with.
    await db.query(
      `CREATE INDEX parcels_site_address_prefix ON parcels ((left(site_address_search, 200) COLLATE "C"))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX parcels_site_address_prefix`);
    await db.query(`DROP TABLE parcel_batches`);
  }
}
