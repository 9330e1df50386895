import { Injectable } from '@nestjs/common';
import {
  addressStartsWith,
  IN_SCOPE,
  INDEXED_ADDRESS,
  type LookupScope,
  SIMILAR_ENOUGH,
} from '../lookup/parcel-lookup.repository';
import { ParcelReader } from '../lookup/parcel-reader';

/** The parcel a batch row matched: its key, how well it matched (0 to 1), and the chosen fields' values. */
export interface RowMatch {
  i: number;
  parcelKey: string;
  score: number;
  values: (string | null)[];
}

export interface KeyQuestion {
  i: number;
  key: string;
}

export interface PointQuestion {
  i: number;
  lon: number;
  lat: number;
}

export interface AddressQuestion {
  i: number;
  /** Normalized as the store's site_address_search is (search-text.ts). */
  text: string;
  /** A county of the scope the row names, to look only there; null for all of them. */
  countyId: string | null;
  /** The house number it starts with ("101", "12B"); null when it has none. */
  number: string | null;
}

/** The chosen fields' values in their order ($3: their names). */
const VALUES = `ARRAY(SELECT p.fields->>f.name FROM unnest($3::text[]) WITH ORDINALITY AS f(name, n) ORDER BY f.n) AS "values"`;

/**
 * Batch append's questions to the parcel store, many rows a query, each bounded to a scope and read
 * through ParcelReader: parcel keys joined on the primary key, points by the boundaries' GiST
 * index, addresses first by equality and then, for the rest, by the trigram similarity the
 * lookups use, among the parcels of the same house number. A row that matches two parcels takes the first by parcel_key and record number
 * (the best by score for a fuzzy address, then the first by parcel_key).
 */
@Injectable()
export class ParcelMatchesRepository {
  constructor(private readonly reader: ParcelReader) {}

  byKeys(scope: LookupScope, fields: string[], questions: KeyQuestion[]): Promise<RowMatch[]> {
    if (questions.length === 0) return Promise.resolve([]);
    return this.reader.rows(
      `SELECT DISTINCT ON (q.i) q.i, p.parcel_key AS "parcelKey", 1::float8 AS score, ${VALUES}
       FROM unnest($4::int[], $5::text[]) AS q(i, key)
       JOIN parcels p ON p.parcel_key = q.key COLLATE "C"
       WHERE ${IN_SCOPE}
       ORDER BY q.i, p.record_number`,
      [scope.countyIds, scope.states, fields, questions.map((q) => q.i), questions.map((q) => q.key)],
    );
  }

  /** The parcel whose boundary holds each point (on its edge included, as lookups answer). */
  byPoints(scope: LookupScope, fields: string[], questions: PointQuestion[]): Promise<RowMatch[]> {
    if (questions.length === 0) return Promise.resolve([]);
    return this.reader.rows(
      `SELECT q.i, m."parcelKey", 1::float8 AS score, m."values"
       FROM unnest($4::int[], $5::float8[], $6::float8[]) AS q(i, lon, lat)
       CROSS JOIN LATERAL (
         SELECT p.parcel_key AS "parcelKey", ${VALUES} FROM parcels p
         WHERE ${IN_SCOPE} AND ST_Intersects(p.geom, ST_SetSRID(ST_MakePoint(q.lon, q.lat), 4326))
         ORDER BY p.parcel_key, p.record_number LIMIT 1
       ) m`,
      [
        scope.countyIds,
        scope.states,
        fields,
        questions.map((q) => q.i),
        questions.map((q) => q.lon),
        questions.map((q) => q.lat),
      ],
    );
  }

  /** Rows whose normalized address is a record's exactly: score 1. */
  byExactAddresses(scope: LookupScope, fields: string[], questions: AddressQuestion[]): Promise<RowMatch[]> {
    if (questions.length === 0) return Promise.resolve([]);
    return this.reader.rows(
      `SELECT DISTINCT ON (q.i) q.i, p.parcel_key AS "parcelKey", 1::float8 AS score, ${VALUES}
       FROM unnest($4::int[], $5::text[], $6::uuid[]) AS q(i, text, county)
       JOIN parcels p ON ${INDEXED_ADDRESS} = left(q.text, 200) AND p.site_address_search = q.text
       WHERE ${IN_SCOPE} AND (q.county IS NULL OR p.county_id = q.county)
       ORDER BY q.i, p.parcel_key, p.record_number`,
      [scope.countyIds, scope.states, fields, ...addressArrays(questions)],
    );
  }

  /**
   * Each row's most alike address among the parcels whose address starts as the row's does (one
   * range of the index: `prefix` up to `prefix` followed by the last character there is), at least
   * as alike as pg_trgm's threshold: a misspelt street is compared with a few hundred parcels, not
   * searched for through all of them. The prefix is the house number and the street's first
   * letter ("101 M"), or the house number alone ("101 ") for a row the first found nothing for.
   */
  bySimilarNumberedAddresses(
    scope: LookupScope,
    fields: string[],
    questions: (AddressQuestion & { prefix: string })[],
  ): Promise<RowMatch[]> {
    if (questions.length === 0) return Promise.resolve([]);
    return this.reader.rows(
      `SELECT q.i, m."parcelKey", m.score, m."values"
       FROM unnest($4::int[], $5::text[], $6::uuid[], $7::text[]) AS q(i, text, county, prefix)
       CROSS JOIN LATERAL (
         SELECT p.parcel_key AS "parcelKey",
           round(similarity(p.site_address_search, q.text)::numeric, 3)::float8 AS score, ${VALUES}
         FROM parcels p
         WHERE ${IN_SCOPE} AND (q.county IS NULL OR p.county_id = q.county)
           AND ${addressStartsWith('q.prefix')}
           AND similarity(p.site_address_search, q.text) >= ${SIMILAR_ENOUGH}
         ORDER BY score DESC, p.parcel_key, p.record_number LIMIT 1
       ) m`,
      [scope.countyIds, scope.states, fields, ...addressArrays(questions), questions.map((q) => q.prefix)],
    );
  }

  /**
   * Each row's most alike address by trigram similarity, among those at least pg_trgm's threshold
   * (0.3) alike, walked nearest first by the GiST index as the lookups' address search does: for
   * addresses without a house number, which no range narrows.
   */
  bySimilarAddresses(scope: LookupScope, fields: string[], questions: AddressQuestion[]): Promise<RowMatch[]> {
    if (questions.length === 0) return Promise.resolve([]);
    return this.reader.rows(
      `SELECT q.i, m."parcelKey", m.score, m."values"
       FROM unnest($4::int[], $5::text[], $6::uuid[]) AS q(i, text, county)
       CROSS JOIN LATERAL (
         SELECT p.parcel_key AS "parcelKey",
           round(similarity(p.site_address_search, q.text)::numeric, 3)::float8 AS score, ${VALUES}
         FROM parcels p
         WHERE ${IN_SCOPE} AND (q.county IS NULL OR p.county_id = q.county) AND p.site_address_search % q.text
         ORDER BY p.site_address_search <-> q.text, p.parcel_key, p.record_number LIMIT 1
       ) m`,
      [scope.countyIds, scope.states, fields, ...addressArrays(questions)],
    );
  }
}

const addressArrays = (questions: AddressQuestion[]) => [
  questions.map((q) => q.i),
  questions.map((q) => q.text),
  questions.map((q) => q.countyId),
];
