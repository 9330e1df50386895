import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Order } from './entities/order.entity';
import { type ItemOrder, OrdersRepository } from './orders.repository';

/** A customer's orders as staff look after them: what they bought, one order read or held still, an item's order. */
@Injectable()
export class CustomerOrders {
  constructor(private readonly orders: OrdersRepository) {}

  /** What each of these customers has bought: paid orders, cents charged before refunds, the latest payment. */
  purchasesOf(userIds: string[]): Promise<Map<string, { orders: number; spentCents: number; lastPaidAt: Date }>> {
    return this.orders.purchasesOfUsers(userIds);
  }

  /** Every order linked to the customer, newest first. */
  async ofCustomer(userId: string): Promise<Order[]> {
    const ids = await this.orders.idsOfUser(userId);
    const orders = (await Promise.all(ids.map((id) => this.orders.findById(id)))).filter((order) => order !== null);
    return orders.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  find(orderId: string): Promise<Order | null> {
    return this.orders.findById(orderId);
  }

  /** The order, locked until the caller's transaction ends; undefined when there is none. */
  lock(db: EntityManager, orderId: string): Promise<Order | undefined> {
    // The repository's row type says Order, but no row comes back for an unknown id.
    return this.orders.lock(db, orderId);
  }

  /** The order an item was bought in, with the buyer's checkout email; undefined for an unknown item. */
  async ofItem(itemId: string): Promise<ItemOrder | undefined> {
    return (await this.orders.ordersOfItems([itemId])).get(itemId);
  }
}
