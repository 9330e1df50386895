import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an ingest job's staged source is (read from its first bytes on arrival): CSV as before, or a
 * GIS source the worker reads through GDAL. Jobs recorded before this were all CSV.
 */
export class IngestSourceFormat1765430000000 implements MigrationInterface {
  name = 'IngestSourceFormat1765430000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE ingest_jobs ADD COLUMN source_format varchar(20) NOT NULL DEFAULT 'csv'
         CHECK (source_format IN ('csv', 'geopackage', 'shapefile', 'filegdb', 'geojson', 'geojsonseq'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE ingest_jobs DROP COLUMN source_format`);
  }
}
