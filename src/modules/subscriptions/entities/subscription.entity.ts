import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { centsColumn } from '../../../common/money';
import type { PurchaseType } from '../../../contracts/plans';
import { User } from '../../users';
import { County } from '../../counties';

export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

@Entity('subscriptions')
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  userId: string;

  @ManyToOne(() => User)
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'uuid' })
  countyId: string;

  /** Read with deleted counties too: a subscription keeps its county's name and state. */
  @ManyToOne(() => County)
  @JoinColumn({ name: 'county_id' })
  county?: County;

  @Column({ type: 'varchar', length: 20 })
  purchaseType: PurchaseType;

  @Column({ type: 'varchar', length: 20, default: 'active' })
  status: SubscriptionStatus;

  @Column({ type: 'boolean', default: true })
  autoRenew: boolean;

  @Column({ name: 'amount', type: 'numeric', precision: 10, scale: 2, transformer: centsColumn })
  amountCents: number;

  @Column({ type: 'varchar', length: 255, nullable: true, unique: true })
  stripeSubscriptionId: string | null;

  /** The paid order item this subscription was created for. */
  @Column({ type: 'uuid', nullable: true, unique: true })
  orderItemId: string | null;

  /** The Stripe disputes (dp_…) open against its payment: while any is, it gives no access. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  suspendingDisputes: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  startDate: Date;

  @Column({ type: 'timestamptz', nullable: true })
  expirationDate: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
