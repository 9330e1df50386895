import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { WebhookEndpointRecord } from './webhook-endpoint.entity';
import { WebhookEventRecord } from './webhook-event.entity';

/** One event's delivery to one endpoint, with its last attempt: the delivery log's row. */
@Entity('webhook_deliveries')
@Unique('webhook_deliveries_once', ['endpointId', 'eventId'])
export class WebhookDeliveryRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  endpointId: string;

  @ManyToOne(() => WebhookEndpointRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'endpoint_id' })
  endpoint?: WebhookEndpointRecord;

  @Column({ type: 'varchar', length: 40 })
  eventId: string;

  @ManyToOne(() => WebhookEventRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id' })
  event?: WebhookEventRecord;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  state: 'pending' | 'delivered' | 'failed';

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  firstAttemptAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'integer', nullable: true })
  lastStatus: number | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  @Column({ type: 'integer', nullable: true })
  lastLatencyMs: number | null;

  /** The start of the receiver's last answer (at most 1,000 characters). */
  @Column({ type: 'text', nullable: true })
  lastAnswer: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
