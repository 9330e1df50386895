import { Column, Entity, PrimaryColumn } from 'typeorm';

/** `receiving` while its CSV streams in: seen by no customer, and removed by the sweep if the API died meanwhile. */
export type ParcelBatchStatus = 'receiving' | 'queued' | 'running' | 'done' | 'failed';

/** A customer's batch append: the CSV they sent, how far matching has come, and the result file. */
@Entity('parcel_batches')
export class ParcelBatchRecord {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  /** The customer who sent it: only they see it. */
  @Column({ type: 'uuid' })
  userId: string;

  @Column({ type: 'varchar', length: 10 })
  status: ParcelBatchStatus;

  /** Schema field names appended to each row, in the order written. */
  @Column({ type: 'text', array: true })
  fields: string[];

  /** Data rows of the input (the header not counted). */
  @Column({ type: 'integer' })
  rows: number;

  @Column({ type: 'integer', default: 0 })
  processed: number;

  @Column({ type: 'integer', default: 0 })
  matched: number;

  /** Bytes of the input as sent. */
  @Column({ type: 'integer' })
  inputBytes: number;

  /** Storage keys (DatasetStorage); the result's is set once it is written. */
  @Column({ type: 'text' })
  inputKey: string;

  @Column({ type: 'text', nullable: true })
  resultKey: string | null;

  @Column({ type: 'bigint', nullable: true })
  resultBytes: string | null;

  /** Why a failed batch failed, for the customer. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  /** When the batch and its files are deleted. */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;
}
