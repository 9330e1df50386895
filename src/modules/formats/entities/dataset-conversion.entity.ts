import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A conversion of a county's CSV to another format that is waiting, running or failed: what staff
 * see in the release's QA rows and buyers are told while a format is prepared. Gone once its file
 * is stored (the file's own row in county_datasets says so then).
 */
@Entity('dataset_conversions')
export class DatasetConversionRecord {
  /** The CSV converted. */
  @PrimaryColumn({ type: 'uuid' })
  datasetId: string;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  format: 'gpkg' | 'shp' | 'geojson' | 'parquet';

  /** The CSV's SHA-256 when queued: a conversion of a file since corrected is not this one. */
  @Column({ type: 'char', length: 64 })
  sourceSha256: string;

  @Column({ type: 'varchar', length: 10 })
  state: 'queued' | 'running' | 'failed';

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** The last attempt's error, for staff. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  queuedAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
