import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PaymentKind = 'charge' | 'renewal' | 'refund' | 'chargeback';

/**
 * The payments ledger: every charge, renewal, refund and lost dispute (chargeback), once each
 * (keyed by its Stripe object). Revenue figures are sums over it; refunds and chargebacks are negative.
 */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'varchar', length: 20 })
  kind: PaymentKind;

  @Column({ type: 'integer' })
  amountCents: number;

  /** The amount split by plan type, e.g. `{ "one-time": 50000, "annual": 120000 }`. */
  @Column({ type: 'jsonb' })
  amountByPurchaseType: Record<string, number>;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  stripeObjectId: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  occurredAt: Date;
}
