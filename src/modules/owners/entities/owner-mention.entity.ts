import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One owner named on one parcel of the parcel store (owner_name is slot 1, owner2_name slot 2), and
 * the owner the latest grouping made it. Rows are written by COPY only (OwnerGroupingRepository).
 */
@Entity('owner_mentions')
export class OwnerMentionRecord {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  parcelKey: string;

  @PrimaryColumn({ type: 'integer' })
  recordNumber: number;

  @PrimaryColumn({ type: 'smallint' })
  slot: number;

  @Column({ type: 'char', length: 2 })
  state: string;

  @Column({ type: 'uuid' })
  countyId: string;

  /** The owner, after staff's merges. */
  @Column({ type: 'uuid' })
  ownerId: string;

  /** The owner the rules and staff's splits made (before merges): what the next grouping's ids follow. */
  @Column({ type: 'uuid' })
  groupId: string;

  /** The name as the county wrote it. */
  @Column({ type: 'text' })
  name: string;

  /** The name as grouping compares it (owner-names.ts). */
  @Column({ type: 'text' })
  nameKey: string;

  /** The mailing address as the county wrote it, on one line ('' when none). */
  @Column({ type: 'text' })
  mail: string;

  /** The mailing address as grouping compares it ('' when none). */
  @Column({ type: 'text' })
  mailKey: string;
}
