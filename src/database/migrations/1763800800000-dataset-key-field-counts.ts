import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many records of each release carry each key field (owner, mailing address, values,
 * sale, year built, zoning), counted once as the file is recorded, so that a county's fill
 * rates are shown without reading its file again. Releases recorded before are counted on
 * first need.
 */
export class DatasetKeyFieldCounts1763800800000 implements MigrationInterface {
  name = 'DatasetKeyFieldCounts1763800800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE county_datasets ADD COLUMN key_field_counts jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE county_datasets DROP COLUMN key_field_counts`);
  }
}
