import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One parcel of a county's current release in the parcel store. The table is partitioned by state
 * (one partition a state, made when its first county is loaded); this maps the parent. Rows are
 * written by COPY only (ParcelLoader), never through this entity.
 */
@Entity('parcels')
export class ParcelRecord {
  /** County FIPS + the parcel number without separators, upper case: stable across releases. */
  @PrimaryColumn({ type: 'text', collation: 'C' })
  parcelKey: string;

  /** The record's place in its county file (1 for the first): parcel numbers may repeat in a file. */
  @PrimaryColumn({ type: 'integer' })
  recordNumber: number;

  /** Two-letter state code: the partition. */
  @PrimaryColumn({ type: 'char', length: 2 })
  state: string;

  @Column({ type: 'uuid' })
  countyId: string;

  @Column({ type: 'char', length: 5 })
  countyFips: string;

  /** YYYY-MM of the county file the parcel was loaded from. */
  @Column({ type: 'char', length: 7 })
  release: string;

  @Column({ type: 'uuid' })
  datasetId: string;

  /** The parcel number as the county gives it. */
  @Column({ type: 'text', nullable: true })
  parcelId: string | null;

  /** The boundary (a Polygon promoted to MultiPolygon); null where the county has no shapes or the shape was unreadable. */
  @Column({ type: 'geometry', spatialFeatureType: 'MultiPolygon', srid: 4326, nullable: true })
  geom: unknown;

  /** The boundary in Web Mercator, for vector tiles: set from geom by the database as the row is inserted. */
  @Column({ type: 'geometry', spatialFeatureType: 'MultiPolygon', srid: 3857, nullable: true })
  tileGeom: unknown;

  /** From the record's latitude/longitude, else a point on the boundary. */
  @Column({ type: 'geometry', spatialFeatureType: 'Point', srid: 4326, nullable: true })
  centroid: unknown;

  /** site_address normalized for search (see search-text.ts). */
  @Column({ type: 'text', nullable: true })
  siteAddressSearch: string | null;

  /** owner_name normalized for search. */
  @Column({ type: 'text', nullable: true })
  ownerNameSearch: string | null;

  /** Every field of the record that has a value, by its schema name (the boundary is geom). */
  @Column({ type: 'jsonb' })
  fields: Record<string, string>;
}
