import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A release's QA row for one county: its checks, and its comparison with the previous published release. */
@Entity('release_counties')
export class ReleaseCountyRecord {
  @PrimaryColumn({ type: 'uuid' })
  releaseId: string;

  @PrimaryColumn({ type: 'uuid' })
  countyId: string;

  @Column({ type: 'uuid' })
  datasetId: string;

  @Column({ type: 'uuid', nullable: true })
  changeDatasetId: string | null;

  @Column({ type: 'varchar', length: 10, default: 'checking' })
  status: 'checking' | 'ready' | 'published' | 'excluded';

  @Column({ type: 'integer' })
  records: number;

  @Column({ type: 'jsonb' })
  keyFieldCounts: Record<string, number>;

  @Column({ type: 'jsonb', default: {} })
  invalidValues: Record<string, number>;

  @Column({ type: 'bigint', default: 0 })
  invalidValueCount: string;

  @Column({ type: 'integer', default: 0 })
  foreignFipsRows: number;

  /** The file's parcel boundaries counted (ShapeCounts); null for a file without geometry_wkt. */
  @Column({ type: 'jsonb', nullable: true })
  shapeChecks: Record<string, number> | null;

  @Column({ type: 'integer', nullable: true })
  duplicateParcelIds: number | null;

  @Column({ type: 'char', length: 7, nullable: true })
  previousRelease: string | null;

  @Column({ type: 'integer', nullable: true })
  added: number | null;

  @Column({ type: 'integer', nullable: true })
  removed: number | null;

  @Column({ type: 'integer', nullable: true })
  changed: number | null;

  @Column({ type: 'jsonb', nullable: true })
  changedFields: Record<string, number> | null;

  @Column({ type: 'text', array: true, default: [] })
  flags: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  checkedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  comparedAt: Date | null;
}
