import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import type { PurchaseType } from '../../../contracts/plans';
import { County } from '../../counties';
import { Order } from './order.entity';

@Entity('order_items')
export class OrderItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'uuid' })
  orderId: string;

  @ManyToOne(() => Order, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  // Relation<>: no eager reference to Order in the emitted metadata, so either file may load first.
  order?: Relation<Order>;

  @Column({ type: 'uuid' })
  countyId: string;

  @ManyToOne(() => County)
  @JoinColumn({ name: 'county_id' })
  county?: County;

  @Column({ type: 'varchar', length: 20 })
  purchaseType: PurchaseType;

  @Column({ type: 'integer' })
  amountCents: number;
}
