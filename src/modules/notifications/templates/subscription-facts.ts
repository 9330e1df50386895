import { Injectable } from '@nestjs/common';
import type { PurchaseType } from '../../../contracts/plans';
import { CountiesRepository, placeName } from '../../counties';
import { OrdersRepository } from '../../orders';
import { SubscriptionsRepository } from '../../subscriptions';

/** What an email about one subscription needs to say, and to whom. */
export interface SubscriptionFacts {
  id: string;
  orderId: string;
  /** The buyer's checkout email: every message about what they bought goes there. */
  email: string;
  county: string;
  purchaseType: PurchaseType;
  status: string;
  autoRenew: boolean;
  expirationDate: Date | null;
  stripeSubscriptionId: string | null;
}

@Injectable()
export class SubscriptionFactsReader {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly orders: OrdersRepository,
    private readonly counties: CountiesRepository,
  ) {}

  async read(subscriptionId: string): Promise<SubscriptionFacts | null> {
    const subscription = await this.subscriptions.find(subscriptionId);
    if (!subscription?.orderItemId) return null;
    const [orders, places] = await Promise.all([
      this.orders.ordersOfItems([subscription.orderItemId]),
      this.counties.placesOf([subscription.countyId]),
    ]);
    const order = orders.get(subscription.orderItemId);
    const place = places.get(subscription.countyId);
    if (!order || !place) return null;
    return {
      id: subscription.id,
      orderId: order.orderId,
      email: order.email,
      county: placeName(place),
      purchaseType: subscription.purchaseType,
      status: subscription.status,
      autoRenew: subscription.autoRenew,
      expirationDate: subscription.expirationDate,
      stripeSubscriptionId: subscription.stripeSubscriptionId,
    };
  }
}
