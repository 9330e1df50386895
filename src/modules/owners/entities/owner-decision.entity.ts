import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A name at a mailing address, as grouping compares them: what a split moves. */
export interface MentionKey {
  nameKey: string;
  mailKey: string;
}

/**
 * Staff's word on an owner, which every later grouping follows: a split moves some of an owner's
 * names at their mailing addresses to an owner of their own; a merge makes one owner of two.
 */
@Entity('owner_decisions')
export class OwnerDecisionRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 5 })
  kind: 'split' | 'merge';

  /** The owner split, or merged into another. */
  @Column({ type: 'uuid' })
  ownerId: string;

  /** The owner a split made, or the one merged into. */
  @Column({ type: 'uuid' })
  resultOwnerId: string;

  /** A split's names at mailing addresses (none for a merge). */
  @Column({ type: 'jsonb', default: () => `'[]'` })
  mentions: MentionKey[];

  @Column({ type: 'text' })
  reason: string;

  /** The staff session that decided (the audit log names who). */
  @Column({ type: 'uuid' })
  adminSessionId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
