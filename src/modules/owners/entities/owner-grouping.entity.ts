import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One grouping of every mention in the store into owners: what it read, found and took. */
@Entity('owner_groupings')
export class OwnerGroupingRecord {
  @PrimaryGeneratedColumn()
  id: number;

  /** The parcel loads and staff decisions it grouped: a grouping of the same is not run again. */
  @Column({ type: 'text' })
  fingerprint: string;

  @Column({ type: 'integer' })
  mentions: number;

  @Column({ type: 'integer' })
  owners: number;

  @Column({ type: 'real' })
  seconds: number;

  @CreateDateColumn({ type: 'timestamptz' })
  groupedAt: Date;
}
