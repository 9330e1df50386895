import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Address and owner searches answer their best matches from the index in order (GiST trigram
 * "nearest first", `<->`), where the GIN indexes could only find every match, each then scored
 * and sorted: thousands of rows for a common street or surname. `siglen` 64 bytes: fewer false
 * matches to check than the default 12, for an index some three times a GIN's size.
 */
export class ParcelSearchKnn1765600000000 implements MigrationInterface {
  name = 'ParcelSearchKnn1765600000000';

  async up(db: QueryRunner): Promise<void> {
    for (const column of ['site_address_search', 'owner_name_search']) {
      await db.query(`DROP INDEX parcels_${column}`);
      await db.query(`CREATE INDEX parcels_${column} ON parcels USING gist (${column} gist_trgm_ops (siglen = 64))`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const column of ['site_address_search', 'owner_name_search']) {
      await db.query(`DROP INDEX parcels_${column}`);
      await db.query(`CREATE INDEX parcels_${column} ON parcels USING gin (${column} gin_trgm_ops)`);
    }
  }
}
