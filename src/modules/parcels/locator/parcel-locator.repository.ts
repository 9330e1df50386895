import { Injectable } from '@nestjs/common';
import type { LookupScope } from '../lookup/parcel-lookup.repository';
import { ParcelReader } from '../lookup/parcel-reader';

/** [longitude, latitude] in degrees, WGS 84. */
export type LonLat = [number, number];

/** Where the parcels of a scope are: the place a map opens on, read through ParcelReader. */
@Injectable()
export class ParcelLocatorRepository {
  constructor(private readonly reader: ParcelReader) {}

  /**
   * A point inside the parcel of the scope nearest to `near` (the GiST index walks the boundaries
   * nearest first); without `near`, inside the parcel first by key. Null when the scope has none.
   */
  async parcelPoint(scope: LookupScope, near: LonLat | null): Promise<LonLat | null> {
    const order = near ? `p.geom <-> ST_SetSRID(ST_MakePoint($3, $4), 4326)` : `p.parcel_key, p.record_number`;
    const [row] = await this.reader.rows<{ lon: number; lat: number }>(
      `SELECT ST_X(point) AS lon, ST_Y(point) AS lat FROM (
         SELECT ST_PointOnSurface(p.geom) AS point FROM parcels p
         WHERE p.county_id = ANY($1::uuid[]) AND p.state = ANY($2::char(2)[]) AND p.geom IS NOT NULL
         ORDER BY ${order} LIMIT 1
       ) nearest`,
      [scope.countyIds, scope.states, ...(near ?? [])],
    );
    return row ? [round(row.lon), round(row.lat)] : null;
  }
}

/** Seven decimals: about a centimetre, as the lookups answer. */
const round = (degrees: number) => Math.round(degrees * 1e7) / 1e7;
