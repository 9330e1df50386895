import { Injectable } from '@nestjs/common';
import type { ParcelTileKind } from '../../../contracts/parcel-map';
import type { LookupScope } from '../lookup/parcel-lookup.repository';
import { ParcelReader } from '../lookup/parcel-reader';

/** The tiles' one layer. */
export const TILE_LAYER = 'parcels';
/** Units across a tile, as Mapbox Vector Tiles usually have them. */
const EXTENT = 4096;
/** Units drawn past each edge, so that outlines meet across tiles without seams. */
const BUFFER = 64;
/** Metres across the whole Web Mercator world at zoom 0. */
const WORLD_METRES = 40_075_016.686;

/** What a tile carries of each parcel: a subscriber's, or the public preview's (outline and number only). */
export type TileKind = ParcelTileKind;

/** From this zoom in, a subscriber's tile carries the key fields; farther out, where a tile holds thousands of lots, the key alone. */
export const KEY_FIELDS_ZOOM = 16;

// Every property a text: MVT values are typed, and a layer whose values change type between tiles confuses styles.
const properties = (kind: TileKind, z: number) =>
  kind === 'preview'
    ? `p.fields->>'parcel_id' AS parcel_id`
    : z < KEY_FIELDS_ZOOM
      ? `p.parcel_key`
      : `p.parcel_key, p.fields->>'parcel_id' AS parcel_id, p.fields->>'site_address' AS site_address,
    p.fields->>'owner_name' AS owner_name, p.fields->>'assessed_total_value' AS assessed_total_value,
    p.fields->>'property_use_standard' AS property_use_standard, p.fields->>'zoning_code' AS zoning_code`;

/**
 * Mapbox Vector Tiles of the parcel store, made by PostGIS (`ST_AsMVT`) for the counties of a
 * scope: the boundaries meeting the tile (GiST over their stored Web Mercator copy), simplified to half a unit of the tile's grid
 * before ST_AsMVTGeom snaps them to it.
 */
@Injectable()
export class ParcelTilesRepository {
  constructor(private readonly reader: ParcelReader) {}

  async tile(scope: LookupScope, kind: TileKind, z: number, x: number, y: number): Promise<Buffer> {
    const tolerance = WORLD_METRES / 2 ** z / EXTENT / 2;
    const [row] = await this.reader.rows<{ tile: Buffer }>(
      `WITH bounds AS (SELECT ST_TileEnvelope($3, $4, $5) AS box),
       shapes AS (
         SELECT ST_AsMVTGeom(ST_Simplify(p.tile_geom, $6, true), bounds.box, ${EXTENT}, ${BUFFER}, true)
             AS geom,
           ${properties(kind, z)}
         FROM parcels p, bounds
         WHERE p.county_id = ANY($1::uuid[]) AND p.state = ANY($2::char(2)[])
           AND p.tile_geom && bounds.box
       )
       SELECT ST_AsMVT(shapes.*, '${TILE_LAYER}', ${EXTENT}, 'geom') AS tile FROM shapes WHERE geom IS NOT NULL`,
      [scope.countyIds, scope.states, z, x, y, tolerance],
    );
    return row.tile;
  }

  /** What changes whenever any county of the store is loaded again: the tiles' version, for ETags. */
  async storeVersion(): Promise<string> {
    const [row] = await this.reader.rows<{ version: string }>(
      `SELECT count(*) || ':' || coalesce(max(loaded_at)::text, '') AS version FROM parcel_loads`,
      [],
    );
    return row.version;
  }
}
