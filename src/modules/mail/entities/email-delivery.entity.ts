import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A message by its idempotency key. Claimed before sending and marked sent
 * after, so a retried or duplicated job never sends the same message twice.
 */
@Entity('email_deliveries')
export class EmailDelivery {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  messageKey: string;

  @Column({ type: 'varchar', length: 320 })
  recipient: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  /** The job sending it (its BullMQ job id): the same job re-run after a crash may take its claim back at once. */
  @Column({ type: 'varchar', length: 200 })
  claimant: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  claimedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
