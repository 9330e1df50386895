import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A County Tracker's delivery of one month: written before its email is queued, so a month is emailed once. */
@Entity('tracker_deliveries')
export class TrackerDelivery {
  @PrimaryColumn({ type: 'uuid' })
  subscriptionId: string;

  /** YYYY-MM. */
  @PrimaryColumn({ type: 'char', length: 7 })
  month: string;

  @Column({ type: 'uuid' })
  datasetId: string;

  @Column({ type: 'boolean' })
  dataChanged: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  mailQueuedAt: Date | null;
}
