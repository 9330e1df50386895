import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Why a County Tracker was sent a file: the monthly run, or the publication of the county's release. */
export type DeliveryOccasion = 'monthly' | 'release';

/**
 * A County Tracker's delivery of one county file, written before its email is queued. The monthly
 * run delivers once per subscription and month (one made at a release counts as the month's);
 * a file new to the subscriber is delivered as news once, whichever made it.
 */
@Entity('tracker_deliveries')
export class TrackerDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  subscriptionId: string;

  /** The month it was delivered in, YYYY-MM. */
  @Column({ type: 'char', length: 7 })
  month: string;

  @Column({ type: 'uuid' })
  datasetId: string;

  @Column({ type: 'boolean' })
  dataChanged: boolean;

  @Column({ type: 'text', default: 'monthly' })
  occasion: DeliveryOccasion;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  mailQueuedAt: Date | null;
}
