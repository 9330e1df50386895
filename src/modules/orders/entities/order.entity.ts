import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OrderItem } from './order-item.entity';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';

/** The money was taken (and possibly given back): activation has happened. */
export function isSettled(status: OrderStatus): boolean {
  return status === 'paid' || status === 'refunded';
}

/** One checkout: created pending, paid once Stripe confirms the money. */
@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ type: 'uuid', nullable: true })
  userId: string | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: OrderStatus;

  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'char', length: 3, default: 'usd' })
  currency: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  stripeCustomerId: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripePaymentIntentId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  receiptQueuedAt: Date | null;

  /** The data license version the buyer accepted (src/contracts/license.ts); null on orders from before it was asked. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  licenseVersion: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  licenseAcceptedAt: Date | null;

  /** Who the invoice bills besides the email, when the buyer says. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  companyName: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  taxId: string | null;

  /** When staff last rotated the order's page links; from then on only tokens minted since work. */
  @Column({ type: 'timestamptz', nullable: true })
  pageLinksRotatedAt: Date | null;

  // By name: the item's entity refers to this one, and neither file may need the other loaded first.
  @OneToMany('OrderItem', (item: OrderItem) => item.order)
  items?: OrderItem[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
