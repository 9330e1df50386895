import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Which county file a county's parcels in the store came from, and what loading it found. */
@Entity('parcel_loads')
export class ParcelLoadRecord {
  @PrimaryColumn({ type: 'uuid' })
  countyId: string;

  @Column({ type: 'char', length: 5 })
  countyFips: string;

  @Column({ type: 'char', length: 2 })
  state: string;

  /** YYYY-MM. */
  @Column({ type: 'char', length: 7 })
  release: string;

  @Column({ type: 'uuid' })
  datasetId: string;

  /** The file's SHA-256 when loaded: a correction keeps the file's id but not its digest. */
  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'integer' })
  parcels: number;

  /** Parcels loaded with a boundary. */
  @Column({ type: 'integer' })
  shapes: number;

  /** Parcels whose geometry_wkt could not be read as a Polygon or MultiPolygon: loaded without a boundary. */
  @Column({ type: 'integer' })
  unreadableShapes: number;

  @Column({ type: 'real' })
  seconds: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  loadedAt: Date;
}
