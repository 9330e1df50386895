import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A business fact, written in the same transaction as the change it reports (the outbox): it cannot
 * be lost between the commit and its listeners. Relayed once into one job per listener.
 */
@Entity('domain_events')
@Index('domain_events_unrelayed', ['raisedAt'], { where: 'relayed_at IS NULL' })
export class DomainEventRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'jsonb' })
  payload: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  raisedAt: Date;

  /** When its listeners' jobs were queued; null until then. */
  @Column({ type: 'timestamptz', nullable: true })
  relayedAt: Date | null;
}
