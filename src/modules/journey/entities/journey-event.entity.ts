import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('journey_events')
export class JourneyEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'uuid' })
  visitorId: string;

  @Column({ type: 'varchar', length: 50 })
  event: string;

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;
}
