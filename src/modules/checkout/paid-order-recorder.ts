import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { BusinessMetrics } from '../../integrations/metrics/business-metrics';
import { DomainEvents } from '../events';
import { InvoicesRepository } from '../invoices';
import { isSettled, Order, type OrderItemRow, OrdersRepository } from '../orders';
import { PaymentsLedger, sumByPurchaseType } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';
import { UsersRepository } from '../users';

/**
 * What a paid order writes, in one transaction under the order's row lock: the buyer's account,
 * one subscription per item, the charge in the ledger with its invoice (both or neither), the order
 * paid, and `order.paid`. All of it is there when the buyer's payment-success is answered; what
 * follows from it (the receipt, the Trackers' Stripe renewals) is the event's listeners' work.
 */
@Injectable()
export class PaidOrderRecorder {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly users: UsersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: PaymentsLedger,
    private readonly invoices: InvoicesRepository,
    private readonly events: DomainEvents,
    private readonly metrics: BusinessMetrics,
  ) {}

  /**
   * Records the order as paid by this PaymentIntent, checked by the caller. Answers the items it
   * turned into subscriptions, or null when another activation had settled the order first: only
   * the one that moves the order to paid raises the event and counts the sale.
   */
  async record(order: Order, intent: Stripe.PaymentIntent): Promise<OrderItemRow[] | null> {
    const activated = await this.orders.transaction(async (db) => {
      const locked = await this.orders.lock(db, order.id);
      const items = await this.orders.items(order.id, db);
      if (isSettled(locked.status)) return null;
      const charge = intent.latest_charge as Stripe.Charge | null;
      const paidAt = new Date((charge?.created ?? intent.created) * 1000);
      const userId = await this.users.findOrCreateByEmail(db, order.email);
      await this.users.rememberStripeCustomer(db, userId, order.stripeCustomerId);
      await this.subscriptions.createForItems(db, userId, items, new Date());
      await this.ledger.record(db, {
        kind: 'charge',
        orderId: order.id,
        amountCents: intent.amount_received,
        amountByPurchaseType: sumByPurchaseType(items),
        currency: intent.currency,
        stripeObjectId: intent.id,
      });
      await this.invoices.issueForCharge(db, intent.id, { order, items });
      await this.orders.markPaid(db, order.id, userId, paidAt);
      await this.events.raise(db, 'order.paid', { orderId: order.id });
      return items;
    });
    if (activated === null) return null;
    // Counted by the process that activated (the API, or the worker's missed-webhook catch-up), which
    // is where /metrics has always shown a sale; a listener would move the count to the worker's.
    this.metrics.orderPaid(sumByPurchaseType(activated));
    await this.events.relay();
    return activated;
  }
}
