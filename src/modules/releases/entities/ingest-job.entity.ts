import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A source file sent to a release, staged in storage, and its ingest's progress for staff to watch. */
@Entity('ingest_jobs')
export class IngestJobRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  releaseId: string;

  /** The county of a one-county file; null for a file split by its county_fips column. */
  @Column({ type: 'uuid', nullable: true })
  countyId: string | null;

  @Column({ type: 'varchar', length: 10, default: 'queued' })
  state: 'queued' | 'running' | 'completed' | 'failed';

  /** Where the source file waits in storage until ingested; null once deleted. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  stagedKey: string | null;

  /** The county file being stored (written before the object, cleared once recorded): what a run cut short leaves. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  storingKey: string | null;

  @Column({ type: 'bigint', default: 0 })
  stagedBytes: string;

  @Column({ type: 'boolean' })
  gzipped: boolean;

  /** What the staged source is: CSV (gzipped or not), or a GIS source read through GDAL. */
  @Column({ type: 'varchar', length: 20, default: 'csv' })
  sourceFormat: string;

  @Column({ type: 'bigint', default: 0 })
  bytesRead: string;

  @Column({ type: 'bigint', default: 0 })
  recordsRead: string;

  @Column({ type: 'integer', default: 0 })
  countiesFound: number;

  @Column({ type: 'jsonb', default: [] })
  errors: string[];

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;
}
