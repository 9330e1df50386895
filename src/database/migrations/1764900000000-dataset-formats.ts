import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * County files in several formats. A file is one county, release, kind and format: `kind` says
 * which file of a release it is ('full', or 'changes' for the change file) and `format` how it is
 * written ('csv', the source, or a format converted from it). The old format strings said both
 * ('csv.gz', 'changes.csv.gz'); they become kind + 'csv'. A converted file names the CSV it was made
 * from and that CSV's SHA-256, so a file made from a CSV since corrected is never served for it.
 *
 * Conversions waiting, or failed, are kept in `dataset_conversions`, so staff see them in the
 * release's QA rows and buyers are told a format is being prepared.
 */
export class DatasetFormats1764900000000 implements MigrationInterface {
  name = 'DatasetFormats1764900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE county_datasets
        ADD COLUMN kind varchar(10) NOT NULL DEFAULT 'full',
        ADD COLUMN derived_from uuid REFERENCES county_datasets (id) ON DELETE CASCADE,
        ADD COLUMN derived_from_sha256 char(64),
        ALTER COLUMN format DROP DEFAULT`);
    // The old indexes say format alone tells a county's files of a release apart: gone before formats merge.
    await db.query(`DROP INDEX county_datasets_staff_file`);
    await db.query(`DROP INDEX county_datasets_generated_file`);
    await db.query(`UPDATE county_datasets SET kind = 'changes' WHERE format = 'changes.csv.gz'`);
    await db.query(`UPDATE county_datasets SET format = 'csv'`);
    await db.query(`
      ALTER TABLE county_datasets
        ALTER COLUMN format SET DEFAULT 'csv',
        ADD CONSTRAINT county_datasets_kind CHECK (kind IN ('full', 'changes')),
        ADD CONSTRAINT county_datasets_format CHECK (format IN ('csv', 'gpkg', 'shp', 'geojson', 'parquet')),
        ADD CONSTRAINT county_datasets_derivation CHECK (
          (format = 'csv') = (derived_from IS NULL) AND (derived_from IS NULL) = (derived_from_sha256 IS NULL))`);
    // The same two partial unique indexes, now over kind and format: one staff file and one stand-in
    // per county, release, kind and format.
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_staff_file ON county_datasets (county_id, release, kind, format)
      WHERE source <> 'generated'`);
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_generated_file ON county_datasets (county_id, release, kind, format)
      WHERE source = 'generated'`);
    await db.query(
      `CREATE INDEX county_datasets_derived ON county_datasets (derived_from) WHERE derived_from IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE dataset_conversions (
        dataset_id uuid NOT NULL REFERENCES county_datasets (id) ON DELETE CASCADE,
        format varchar(10) NOT NULL CHECK (format IN ('gpkg', 'shp', 'geojson', 'parquet')),
        source_sha256 char(64) NOT NULL,
        state varchar(10) NOT NULL CHECK (state IN ('queued', 'running', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        error text,
        queued_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (dataset_id, format)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE dataset_conversions`);
    await db.query(`DELETE FROM county_datasets WHERE format <> 'csv'`);
    await db.query(`DROP INDEX county_datasets_derived`);
    await db.query(`DROP INDEX county_datasets_generated_file`);
    await db.query(`DROP INDEX county_datasets_staff_file`);
    await db.query(`
      ALTER TABLE county_datasets
        DROP CONSTRAINT county_datasets_derivation,
        DROP CONSTRAINT county_datasets_format,
        DROP CONSTRAINT county_datasets_kind,
        ALTER COLUMN format SET DEFAULT 'csv.gz'`);
    await db.query(
      `UPDATE county_datasets SET format = CASE kind WHEN 'changes' THEN 'changes.csv.gz' ELSE 'csv.gz' END`,
    );
    await db.query(`
      ALTER TABLE county_datasets DROP COLUMN derived_from_sha256, DROP COLUMN derived_from, DROP COLUMN kind`);
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_staff_file ON county_datasets (county_id, release, format)
      WHERE source <> 'generated'`);
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_generated_file ON county_datasets (county_id, release, format)
      WHERE source = 'generated'`);
  }
}
