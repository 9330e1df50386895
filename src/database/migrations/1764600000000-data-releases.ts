import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Monthly data releases: a month of county files that staff ingest, check and compare as a
 * draft and publish together. A county file belongs to its release and is seen by buyers only
 * once published; a county's QA row keeps its checks and its comparison with the county's
 * previous published release; an ingest job keeps its progress for staff to watch.
 *
 * Files uploaded before releases existed become published releases of their months; the
 * generated stand-ins (never in production) stay outside releases, published as they are made.
 */
export class DataReleases1764600000000 implements MigrationInterface {
  name = 'DataReleases1764600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE releases (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        month char(7) NOT NULL UNIQUE CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        CHECK ((status = 'published') = (published_at IS NOT NULL))
      )`);

    await db.query(`
      ALTER TABLE county_datasets
        ADD COLUMN release_id uuid REFERENCES releases (id),
        ADD COLUMN published_at timestamptz,
        DROP CONSTRAINT county_datasets_county_id_release_format_key`);
    // A stand-in and a staff file of one county and month may both exist: staff files win.
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_staff_file ON county_datasets (county_id, release, format)
      WHERE source <> 'generated'`);
    await db.query(`
      CREATE UNIQUE INDEX county_datasets_generated_file ON county_datasets (county_id, release, format)
      WHERE source = 'generated'`);
    await db.query(`CREATE INDEX county_datasets_release_files ON county_datasets (release_id, county_id)`);

    await db.query(`
      INSERT INTO releases (month, status, created_at, published_at)
      SELECT release, 'published', min(created_at), min(created_at)
      FROM county_datasets WHERE source = 'uploaded' GROUP BY release`);
    await db.query(`
      UPDATE county_datasets d SET release_id = r.id
      FROM releases r WHERE r.month = d.release AND d.source = 'uploaded'`);
    await db.query(`UPDATE county_datasets SET published_at = created_at`);

    await db.query(`
      CREATE TABLE release_counties (
        release_id uuid NOT NULL REFERENCES releases (id),
        county_id uuid NOT NULL REFERENCES counties (id),
        dataset_id uuid NOT NULL REFERENCES county_datasets (id),
        change_dataset_id uuid REFERENCES county_datasets (id),
        status varchar(10) NOT NULL DEFAULT 'checking'
          CHECK (status IN ('checking', 'ready', 'published', 'excluded')),
        records integer NOT NULL CHECK (records >= 0),
        key_field_counts jsonb NOT NULL,
        invalid_values jsonb NOT NULL DEFAULT '{}',
        invalid_value_count bigint NOT NULL DEFAULT 0,
        foreign_fips_rows integer NOT NULL DEFAULT 0,
        duplicate_parcel_ids integer,
        previous_release char(7),
        added integer,
        removed integer,
        changed integer,
        changed_fields jsonb,
        flags text[] NOT NULL DEFAULT '{}',
        checked_at timestamptz NOT NULL DEFAULT now(),
        compared_at timestamptz,
        PRIMARY KEY (release_id, county_id)
      )`);
    await db.query(`
      INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts, compared_at)
      SELECT d.release_id, d.county_id, d.id, 'published', d.records, coalesce(d.key_field_counts, '{}'), d.created_at
      FROM county_datasets d WHERE d.release_id IS NOT NULL AND d.format = 'csv.gz'`);

    await db.query(`
      CREATE TABLE ingest_jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        release_id uuid NOT NULL REFERENCES releases (id),
        county_id uuid REFERENCES counties (id),
        state varchar(10) NOT NULL DEFAULT 'queued'
          CHECK (state IN ('queued', 'running', 'completed', 'failed')),
        staged_key varchar(300),
        staged_bytes bigint NOT NULL DEFAULT 0,
        gzipped boolean NOT NULL,
        bytes_read bigint NOT NULL DEFAULT 0,
        records_read bigint NOT NULL DEFAULT 0,
        counties_found integer NOT NULL DEFAULT 0,
        errors jsonb NOT NULL DEFAULT '[]',
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    await db.query(`CREATE INDEX ingest_jobs_release ON ingest_jobs (release_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE ingest_jobs`);
    await db.query(`DROP TABLE release_counties`);
    await db.query(`DELETE FROM county_datasets WHERE published_at IS NULL OR format <> 'csv.gz'`);
    await db.query(`DROP INDEX county_datasets_release_files`);
    await db.query(`DROP INDEX county_datasets_generated_file`);
    await db.query(`DROP INDEX county_datasets_staff_file`);
    await db.query(`
      ALTER TABLE county_datasets
        DROP COLUMN published_at,
        DROP COLUMN release_id,
        ADD CONSTRAINT county_datasets_county_id_release_format_key UNIQUE (county_id, release, format)`);
    await db.query(`DROP TABLE releases`);
  }
}
