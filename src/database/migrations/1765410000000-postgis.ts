import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostGIS, for the parcel boundaries: comparing two releases' shapes, and the parcel store. On
 * Debian: apt-get install postgresql-15-postgis-3 (the store says so when it is missing).
 */
export class Postgis1765410000000 implements MigrationInterface {
  name = 'Postgis1765410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS postgis`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP EXTENSION IF EXISTS postgis`);
  }
}
