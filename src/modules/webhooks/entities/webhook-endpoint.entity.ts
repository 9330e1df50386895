import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users';

/** A customer's HTTPS endpoint for webhooks: which events, of which subscriptions, signed with which secret. */
@Entity('webhook_endpoints')
export class WebhookEndpointRecord {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  description: string;

  @Column({ type: 'text', array: true })
  events: string[];

  /** Null: every subscription of the customer, those bought later included. */
  @Column({ type: 'uuid', array: true, nullable: true })
  subscriptionIds: string[] | null;

  /** The signing secret, encrypted (see EndpointSecrets). */
  @Column({ type: 'text' })
  secretSealed: string;

  /** The secret a roll replaced, still signing until previousSecretUntil. */
  @Column({ type: 'text', nullable: true })
  previousSecretSealed: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  previousSecretUntil: Date | null;

  /** Set when deliveries failed for three days (or the customer disabled it): nothing is sent until enabled. */
  @Column({ type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ type: 'text', nullable: true })
  disabledReason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
