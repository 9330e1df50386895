import { MigrationInterface, QueryRunner } from 'typeorm';

/** The files a county's data is delivered in: one per county, monthly release and format. */
export class CountyDatasets1763800500000 implements MigrationInterface {
  name = 'CountyDatasets1763800500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE county_datasets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        county_id uuid NOT NULL REFERENCES counties (id),
        release char(7) NOT NULL CHECK (release ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        format varchar(20) NOT NULL DEFAULT 'csv.gz',
        storage_key varchar(300) NOT NULL,
        bytes bigint NOT NULL CHECK (bytes > 0),
        sha256 char(64) NOT NULL,
        records integer NOT NULL CHECK (records >= 0),
        source varchar(20) NOT NULL CHECK (source IN ('generated', 'uploaded')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (county_id, release, format)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE county_datasets`);
  }
}
