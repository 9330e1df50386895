import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe event already handled; a redelivery of it is acknowledged and skipped. */
@Entity('stripe_events')
export class StripeEvent {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  processedAt: Date;
}
