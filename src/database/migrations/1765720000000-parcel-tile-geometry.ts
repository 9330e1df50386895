import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each boundary also in Web Mercator (EPSG:3857), the vector tiles' projection: projected once, as
 * the parcel is loaded, instead of for every parcel of every tile asked for (some 30 % of a zoom-14
 * tile's time); with its own GiST index, a tile finds its parcels by its own envelope. Set by a
 * trigger, as the centroid of a record without one is: rows are only ever inserted (a county is
 * replaced whole).
 */
export class ParcelTileGeometry1765720000000 implements MigrationInterface {
  name = 'ParcelTileGeometry1765720000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE parcels ADD COLUMN tile_geom geometry(MultiPolygon, 3857)`);
    await db.query(`UPDATE parcels SET tile_geom = ST_Transform(geom, 3857) WHERE geom IS NOT NULL`);
    await db.query(`CREATE INDEX parcels_tile_geom ON parcels USING gist (tile_geom)`);
    await db.query(`
      CREATE FUNCTION parcels_tile_geom_from_shape() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.tile_geom := ST_Transform(NEW.geom, 3857);
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER parcels_tile_geom_from_shape BEFORE INSERT ON parcels
      FOR EACH ROW WHEN (NEW.geom IS NOT NULL)
      EXECUTE FUNCTION parcels_tile_geom_from_shape()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER parcels_tile_geom_from_shape ON parcels`);
    await db.query(`DROP FUNCTION parcels_tile_geom_from_shape()`);
    await db.query(`DROP INDEX parcels_tile_geom`);
    await db.query(`ALTER TABLE parcels DROP COLUMN tile_geom`);
  }
}
