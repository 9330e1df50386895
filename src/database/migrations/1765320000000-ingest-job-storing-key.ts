import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The county file an ingest job is storing at the moment: written before the object, cleared once it is
 * recorded. A run cut short between the two leaves its name here, so the file is removed when the job
 * runs again or is given up, instead of lying in storage under a key no record names.
 */
export class IngestJobStoringKey1765320000000 implements MigrationInterface {
  name = 'IngestJobStoringKey1765320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE ingest_jobs ADD COLUMN storing_key varchar(300)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE ingest_jobs DROP COLUMN storing_key`);
  }
}
