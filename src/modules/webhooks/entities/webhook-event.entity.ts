import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { User } from '../../users';

/** One event raised for a customer: the same id in every delivery and retry of it, for receivers to drop repeats. */
@Entity('webhook_events')
@Unique('webhook_events_once', ['userId', 'dedupeKey'])
export class WebhookEventRecord {
  /** `evt_` and 24 random characters. */
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 40 })
  type: string;

  /** What the event is about (e.g. a release's publication): raised once per customer however often asked. */
  @Column({ type: 'varchar', length: 200 })
  dedupeKey: string;

  @Column({ type: 'jsonb' })
  data: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
