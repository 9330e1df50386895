import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The schema version each county file was written in (src/modules/data-schema/schema-versions.ts):
 * what the release manifest and the download links tell a pipeline. Files recorded before the
 * parcel boundary arrived (1.1.0, 2026-11-28) are of 1.0.0.
 */
export class DatasetSchemaVersion1765800000000 implements MigrationInterface {
  name = 'DatasetSchemaVersion1765800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE county_datasets ADD COLUMN schema_version varchar(20)`);
    await db.query(
      `UPDATE county_datasets SET schema_version = CASE WHEN created_at < '2026-11-28' THEN '1.0.0' ELSE '1.1.0' END`,
    );
    await db.query(`ALTER TABLE county_datasets ALTER COLUMN schema_version SET NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE county_datasets DROP COLUMN schema_version`);
  }
}
