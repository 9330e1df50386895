import { Injectable } from '@nestjs/common';
import { houseNumberOf } from '../../../common/search-text';
import type { ParcelCursor } from './parcel-cursor';
import { ParcelReader } from './parcel-reader';

/** The counties a lookup may answer from: their ids, and their states (the store's partitions, to skip the others). */
export interface LookupScope {
  countyIds: string[];
  states: string[];
}

/** The scope of these counties: their ids and the states they lie in. */
export function scopeOfCounties(counties: { id: string; state: string }[]): LookupScope {
  return {
    countyIds: counties.map((county) => county.id),
    states: [...new Set(counties.map((county) => county.state))],
  };
}

/** A parcel as a lookup answers it: its boundary as GeoJSON, and how it matched. */
export interface FoundParcel {
  parcelKey: string;
  recordNumber: number;
  countyFips: string;
  release: string;
  fields: Record<string, string>;
  geometry: object | null;
  /** 0 to 1: how well the text matched (address and owner searches). */
  score?: number;
  /** Metres from the point asked about (point lookups with a radius). */
  distance?: number;
}

export type { ParcelCursor };

// GeoJSON with 7 decimals: about a centimetre, what the county files carry.
const COLUMNS = `p.parcel_key AS "parcelKey", p.record_number AS "recordNumber", p.county_fips AS "countyFips",
  p.release, p.fields, ST_AsGeoJSON(p.geom, 7)::json AS geometry`;
/** A parcel (p) of the scope's counties ($1), looked for only in its states' partitions ($2). */
export const IN_SCOPE = `p.county_id = ANY($1::uuid[]) AND p.state = ANY($2::char(2)[])`;
/** The normalized addresses an index reads: their first 200 characters, in byte order. */
export const INDEXED_ADDRESS = `left(p.site_address_search, 200) COLLATE "C"`;
/** Addresses that start with the text in `param`: one range of that index. */
export const addressStartsWith = (param: string) =>
  `${INDEXED_ADDRESS} >= ${param} AND ${INDEXED_ADDRESS} < ${param} || chr(1114111)`;
/** pg_trgm's default threshold, which `%` applies: less alike is no match. */
export const SIMILAR_ENOUGH = 0.3;
/** Metres in a degree of latitude (and of longitude at the equator), for a box around a radius. */
const METRES_A_DEGREE = 111_320;

/**
 * The parcel store's queries for lookups, each bounded to the counties of a scope, read through
 * ParcelReader (never written). Each one is answered by an index: the boundaries' GiST, the
 * primary key's parcel_key, or the trigram GiST indexes of addresses and owner names.
 */
@Injectable()
export class ParcelLookupRepository {
  constructor(private readonly reader: ParcelReader) {}

  /** Every county the store holds, whatever its sale: what staff may look up. */
  storedCounties(): Promise<{ countyId: string; countyFips: string; state: string }[]> {
    return this.reader.rows(
      `SELECT county_id AS "countyId", county_fips AS "countyFips", state FROM parcel_loads ORDER BY county_fips`,
      [],
    );
  }

  /** The parcels whose boundary contains the point (two where parcels overlap, none in a street). */
  containing(scope: LookupScope, lon: number, lat: number, limit: number): Promise<FoundParcel[]> {
    return this.reader.rows(
      `SELECT ${COLUMNS}, 0::float8 AS distance FROM parcels p
       WHERE ${IN_SCOPE} AND ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint($3, $4), 4326))
       ORDER BY p.parcel_key, p.record_number LIMIT $5`,
      [scope.countyIds, scope.states, lon, lat, limit],
    );
  }

  /**
   * The parcels within `radius` metres of the point, nearest first (those containing it at 0):
   * the GiST index finds those in a box around the circle, then distances are measured on the
   * spheroid (geography).
   */
  nearest(scope: LookupScope, lon: number, lat: number, radius: number, limit: number): Promise<FoundParcel[]> {
    // Degrees of longitude shrink toward the poles: the box is as wide as the radius at this latitude.
    const degrees = radius / (METRES_A_DEGREE * Math.cos((Math.min(Math.abs(lat), 89) * Math.PI) / 180));
    return this.reader.rows(
      `WITH point AS (SELECT ST_SetSRID(ST_MakePoint($3, $4), 4326) AS g)
       SELECT ${COLUMNS}, ST_Distance(p.geom::geography, point.g::geography) AS distance
       FROM parcels p, point
       WHERE ${IN_SCOPE} AND p.geom && ST_Expand(point.g, $6)
         AND ST_DWithin(p.geom::geography, point.g::geography, $5)
       ORDER BY distance, p.parcel_key, p.record_number LIMIT $7`,
      [scope.countyIds, scope.states, lon, lat, radius, degrees, limit],
    );
  }

  /** The records of one parcel key (a county may number two records alike), in file order. */
  byKey(scope: LookupScope, parcelKey: string, limit: number): Promise<FoundParcel[]> {
    return this.reader.rows(
      `SELECT ${COLUMNS} FROM parcels p WHERE ${IN_SCOPE} AND p.parcel_key = $3
       ORDER BY p.record_number LIMIT $4`,
      [scope.countyIds, scope.states, parcelKey, limit],
    );
  }

  /**
   * Parcels whose normalized site address is like the (normalized) text, best first. An address
   * with a house number is compared with the parcels of that number (one range of the address
   * index, a few thousand at most), a parcel of another number being another address; only when
   * none of them is alike enough (a mistyped number), and for an address without a number, with
   * every address, walked nearest first by the trigram index.
   */
  async byAddress(scope: LookupScope, text: string, limit: number): Promise<FoundParcel[]> {
    const number = houseNumberOf(text);
    if (number !== null) {
      const numbered = await this.reader.rows<FoundParcel>(
        `SELECT ${COLUMNS}, best.score FROM (
           SELECT p.parcel_key, p.record_number, p.state,
             round(similarity(p.site_address_search, $3)::numeric, 3)::float8 AS score
           FROM parcels p
           WHERE ${IN_SCOPE} AND ${addressStartsWith('$4')} AND similarity(p.site_address_search, $3) >= ${SIMILAR_ENOUGH}
           ORDER BY score DESC, p.parcel_key, p.record_number LIMIT $5
         ) best
         JOIN parcels p USING (parcel_key, record_number, state)
         ORDER BY best.score DESC, p.parcel_key, p.record_number`,
        [scope.countyIds, scope.states, text, `${number} `, limit],
      );
      if (numbered.length > 0) return numbered;
    }
    return this.similar(scope, 'site_address_search', text, limit);
  }

  /** Parcels whose normalized owner name is like the (normalized) text, best first. */
  byOwner(scope: LookupScope, text: string, limit: number): Promise<FoundParcel[]> {
    return this.similar(scope, 'owner_name_search', text, limit);
  }

  /** These parcels (by key and record number) of the scope, in the order asked. */
  byKeys(scope: LookupScope, parcels: ParcelCursor[]): Promise<FoundParcel[]> {
    return this.reader.rows(
      `SELECT ${COLUMNS} FROM unnest($3::text[], $4::int[]) WITH ORDINALITY AS k(parcel_key, record_number, n)
       JOIN parcels p ON p.parcel_key = k.parcel_key COLLATE "C" AND p.record_number = k.record_number
       WHERE ${IN_SCOPE} ORDER BY k.n`,
      [scope.countyIds, scope.states, parcels.map((p) => p.parcelKey), parcels.map((p) => p.recordNumber)],
    );
  }

  /** The assessed value of these parcels (by key and record number) of the scope, summed by county. */
  assessedByCounty(scope: LookupScope, parcels: ParcelCursor[]): Promise<{ countyFips: string; value: number }[]> {
    return this.reader.rows(
      `SELECT p.county_fips AS "countyFips", coalesce(sum(CASE WHEN p.fields->>'assessed_total_value' ~ '^-?[0-9]{1,15}(\\.[0-9]+)?$'
         THEN (p.fields->>'assessed_total_value')::numeric END), 0)::float8 AS value
       FROM unnest($3::text[], $4::int[]) AS k(parcel_key, record_number)
       JOIN parcels p ON p.parcel_key = k.parcel_key COLLATE "C" AND p.record_number = k.record_number
       WHERE ${IN_SCOPE} GROUP BY 1`,
      [scope.countyIds, scope.states, parcels.map((p) => p.parcelKey), parcels.map((p) => p.recordNumber)],
    );
  }

  /** Parcels whose boundary meets the box, in parcel_key order from after the cursor. */
  inBox(
    scope: LookupScope,
    box: [number, number, number, number],
    after: ParcelCursor | null,
    limit: number,
  ): Promise<FoundParcel[]> {
    return this.reader.rows(
      `SELECT ${COLUMNS} FROM parcels p
       WHERE ${IN_SCOPE} AND p.geom && ST_MakeEnvelope($3, $4, $5, $6, 4326)
         AND ST_Intersects(p.geom, ST_MakeEnvelope($3, $4, $5, $6, 4326))
         AND (p.parcel_key, p.record_number) > ($7::text COLLATE "C", $8::int)
       ORDER BY p.parcel_key, p.record_number LIMIT $9`,
      [scope.countyIds, scope.states, ...box, after?.parcelKey ?? '', after?.recordNumber ?? 0, limit],
    );
  }

  private similar(
    scope: LookupScope,
    column: 'site_address_search' | 'owner_name_search',
    text: string,
    limit: number,
  ): Promise<FoundParcel[]> {
    // The GiST trigram index walks the column nearest first (`<->`, 1 − similarity), among values
    // at least pg_trgm's threshold alike (`%`, SIMILAR_ENOUGH): the best matches without scoring every match.
    return this.reader.rows(
      `SELECT * FROM (
         SELECT ${COLUMNS}, round(similarity(p.${column}, $3)::numeric, 3)::float8 AS score
         FROM parcels p
         WHERE ${IN_SCOPE} AND p.${column} % $3
         ORDER BY p.${column} <-> $3 LIMIT $4
       ) best ORDER BY score DESC, "parcelKey", "recordNumber"`,
      [scope.countyIds, scope.states, text, limit],
    );
  }
}
