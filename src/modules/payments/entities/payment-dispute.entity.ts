import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DisputeStatus = 'open' | 'won' | 'lost';

/**
 * A buyer's dispute (chargeback) of one of our charges, as Stripe reports it: about an order's
 * checkout payment or a subscription's renewal. It only moves forward, open → won or lost.
 */
@Entity('payment_disputes')
export class PaymentDispute {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 255, unique: true })
  stripeDisputeId: string;

  @Column({ type: 'varchar', length: 255 })
  stripeChargeId: string;

  @Column({ type: 'uuid', nullable: true })
  orderId: string | null;

  @Column({ type: 'uuid', nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'integer' })
  amountCents: number;

  @Column({ type: 'char', length: 3 })
  currency: string;

  @Column({ type: 'varchar', length: 100 })
  reason: string;

  @Column({ type: 'varchar', length: 20 })
  status: DisputeStatus;

  @Column({ type: 'timestamptz' })
  openedAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
