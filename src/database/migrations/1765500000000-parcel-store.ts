import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The parcel store: pg_trgm (PostGIS is enabled before), the `parcels` table partitioned by state (each state's
 * partition is made when its first county is loaded), and `parcel_loads`, which county file each
 * county's parcels came from.
 */
export class ParcelStore1765500000000 implements MigrationInterface {
  name = 'ParcelStore1765500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    // parcel_key in the C collation: its first five characters are the county's FIPS, so a county's
    // parcels are one range of the primary key (what replacing a county deletes), with no index of its own.
    await db.query(`
      CREATE TABLE parcels (
        parcel_key text COLLATE "C" NOT NULL,
        record_number integer NOT NULL,
        state char(2) NOT NULL,
        county_id uuid NOT NULL,
        county_fips char(5) NOT NULL,
        release char(7) NOT NULL,
        dataset_id uuid NOT NULL,
        parcel_id text,
        geom geometry(MultiPolygon, 4326),
        centroid geometry(Point, 4326),
        site_address_search text,
        owner_name_search text,
        fields jsonb NOT NULL,
        PRIMARY KEY (parcel_key, record_number, state)
      ) PARTITION BY LIST (state)`);
    await db.query(`CREATE INDEX parcels_geom ON parcels USING gist (geom)`);
    await db.query(`CREATE INDEX parcels_centroid ON parcels USING gist (centroid)`);
    await db.query(`CREATE INDEX parcels_site_address_search ON parcels USING gin (site_address_search gin_trgm_ops)`);
    await db.query(`CREATE INDEX parcels_owner_name_search ON parcels USING gin (owner_name_search gin_trgm_ops)`);
    // A record without latitude/longitude is placed on its shape; run only for those rows (the WHEN),
    // and a shape GEOS cannot place leaves the centroid empty rather than failing the county's load.
    await db.query(`
      CREATE FUNCTION parcels_centroid_from_shape() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        BEGIN
          NEW.centroid := ST_PointOnSurface(NEW.geom);
        EXCEPTION WHEN OTHERS THEN
          NEW.centroid := NULL;
        END;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER parcels_centroid_from_shape BEFORE INSERT ON parcels
      FOR EACH ROW WHEN (NEW.centroid IS NULL AND NEW.geom IS NOT NULL)
      EXECUTE FUNCTION parcels_centroid_from_shape()`);
    await db.query(`
      CREATE TABLE parcel_loads (
        county_id uuid PRIMARY KEY,
        county_fips char(5) NOT NULL,
        state char(2) NOT NULL,
        release char(7) NOT NULL,
        dataset_id uuid NOT NULL,
        sha256 char(64) NOT NULL,
        parcels integer NOT NULL,
        shapes integer NOT NULL,
        unreadable_shapes integer NOT NULL,
        seconds real NOT NULL,
        loaded_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE parcel_loads`);
    await db.query(`DROP TABLE parcels`);
    await db.query(`DROP FUNCTION parcels_centroid_from_shape()`);
  }
}
