import { Injectable, Logger } from '@nestjs/common';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { PaymentsLedger, splitProportionally, sumByPurchaseType } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';
import { isSettled, OrdersRepository } from '../orders';

/** Brings an order in line with its refunds at Stripe: each refund in the ledger once; a full refund ends access. */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: PaymentsLedger,
    private readonly stripe: StripeGateway,
  ) {}

  async sync(orderId: string): Promise<void> {
    const order = await this.orders.findById(orderId);
    // Until an order is paid there is no charge in the ledger to refund against; activation syncs again.
    if (!order?.stripePaymentIntentId || !isSettled(order.status)) return;
    const refunds = (await this.stripe.listRefunds(order.stripePaymentIntentId)).filter(
      (r) => r.status === 'succeeded',
    );
    // Nearly every order: nothing to record, so no lock on the order and no read of its items.
    if (refunds.length === 0) return;
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);

    const renewalsToEnd = await this.orders.transaction(async (db) => {
      const locked = await this.orders.lock(db, orderId);
      const items = await this.orders.items(orderId, db);
      const orderSplit = sumByPurchaseType(items);
      for (const refund of refunds) {
        await this.ledger.record(db, {
          kind: 'refund',
          orderId,
          amountCents: -refund.amount,
          amountByPurchaseType: splitProportionally(-refund.amount, orderSplit),
          currency: refund.currency,
          stripeObjectId: refund.id,
          occurredAt: new Date(refund.created * 1000),
        });
      }
      if (refunded < locked.amountCents || locked.status !== 'paid') return [];
      const renewals = await this.subscriptions.cancelForOrderItems(
        db,
        items.map((item) => item.id),
      );
      await this.orders.markRefunded(db, orderId);
      this.logger.log(`Order ${orderId} refunded in full: its subscriptions are cancelled`);
      return renewals;
    });
    // A refunded County Tracker must not renew; if Stripe refuses now, the billing sweep ends it later.
    for (const stripeSubscriptionId of renewalsToEnd) {
      await this.stripe.cancelSubscription(stripeSubscriptionId).catch((error: Error) => {
        this.logger.error(`Renewal ${stripeSubscriptionId} of refunded order ${orderId} not ended: ${error.message}`);
      });
    }
  }
}
