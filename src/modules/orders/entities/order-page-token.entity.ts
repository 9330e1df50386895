import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Order } from './order.entity';

/** One order page link that went out (in an email or to staff): only its SHA-256 is kept. */
@Entity('order_page_tokens')
export class OrderPageToken {
  @PrimaryColumn({ type: 'char', length: 64 })
  tokenHash: string;

  @Index('order_page_tokens_order')
  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: Relation<Order>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  /** A staff link's end (30 days); null for the links of receipt emails, which do not expire. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
