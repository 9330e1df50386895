import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { KeyFieldCounts } from '../../data-schema';

/** One county's file of one monthly release, in one format, as stored. */
@Entity('county_datasets')
export class CountyDatasetRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  countyId: string;

  /** YYYY-MM. */
  @Column({ type: 'char', length: 7 })
  release: string;

  /** Which file of the release: the whole county, or the parcels changed since its previous release. */
  @Column({ type: 'varchar', length: 10, default: 'full' })
  kind: 'full' | 'changes';

  /** How it is written: 'csv' (gzip CSV, the source), or a format converted from that CSV. */
  @Column({ type: 'varchar', length: 20, default: 'csv' })
  format: 'csv' | 'gpkg' | 'shp' | 'geojson' | 'parquet';

  /** The CSV a converted file was made from, and that CSV's SHA-256 then; null for a CSV. */
  @Column({ type: 'uuid', nullable: true })
  derivedFrom: string | null;

  @Column({ type: 'char', length: 64, nullable: true })
  derivedFromSha256: string | null;

  @Column({ type: 'varchar', length: 300 })
  storageKey: string;

  @Column({ type: 'bigint' })
  bytes: string;

  @Column({ type: 'char', length: 64 })
  sha256: string;

  @Column({ type: 'integer' })
  records: number;

  @Column({ type: 'varchar', length: 20 })
  source: 'generated' | 'uploaded';

  /** The schema version (semantic) the file was written in: its columns are that version's fields. */
  @Column({ type: 'varchar', length: 20 })
  schemaVersion: string;

  @Column({ type: 'jsonb', nullable: true })
  keyFieldCounts: KeyFieldCounts | null;

  /** The release it belongs to; null for a generated stand-in. */
  @Column({ type: 'uuid', nullable: true })
  releaseId: string | null;

  /** When buyers could first see it; null while its release is a draft (or it was left out when published). */
  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
