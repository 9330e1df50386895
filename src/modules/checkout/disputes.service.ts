import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { RenewalChargesService } from '../billing';
import { MailQueue } from '../mail';
import { isSettled, OrdersRepository } from '../orders';
import {
  DisputeReport,
  DisputeStatus,
  PaymentDisputesRepository,
  PaymentsLedger,
  splitProportionally,
  sumByPurchaseType,
} from '../payments';
import { DisputedPayment, SubscriptionsRepository } from '../subscriptions';

/** Stripe's closed statuses that leave the money with the store (an inquiry that never became a chargeback too). */
const CLOSED_IN_OUR_FAVOUR = new Set(['won', 'warning_closed', 'prevented']);

/**
 * Chargebacks. While a buyer's dispute of a payment is open, what it paid for (an order's
 * subscriptions, or the subscription a renewal renewed) is suspended, and staff are told. Won, the
 * suspension is lifted and nothing else changes; lost, the money is recorded as a negative
 * `chargeback` in the ledger, and those subscriptions and their Stripe renewals end. A dispute only
 * moves forward (open → won or lost), so repeated or late events change nothing twice.
 */
@Injectable()
export class DisputesService {
  private readonly logger = new Logger('Disputes');

  constructor(
    private readonly stripe: StripeGateway,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly disputes: PaymentDisputesRepository,
    private readonly ledger: PaymentsLedger,
    private readonly renewalCharges: RenewalChargesService,
    private readonly mail: MailQueue,
  ) {}

  opened(dispute: Stripe.Dispute): Promise<void> {
    return this.advance(dispute, 'open');
  }

  closed(dispute: Stripe.Dispute): Promise<void> {
    return this.advance(dispute, CLOSED_IN_OUR_FAVOUR.has(dispute.status) ? 'won' : 'lost');
  }

  private async advance(dispute: Stripe.Dispute, status: DisputeStatus): Promise<void> {
    const target = await this.disputedPayment(dispute);
    if (!target) {
      this.logger.warn(`Dispute ${dispute.id} is about no payment of ours`);
      return;
    }
    const report: DisputeReport = {
      stripeDisputeId: dispute.id,
      stripeChargeId: typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
      orderId: target.orderId ?? null,
      subscriptionId: target.subscriptionId ?? null,
      amountCents: dispute.amount,
      currency: dispute.currency,
      reason: dispute.reason,
      status,
      openedAt: new Date(dispute.created * 1000),
    };
    const renewalsToEnd = await this.subscriptions.transaction(async (db) => {
      // The order's (or subscription's) lock: refunds and renewals of the same payment take turns with this.
      if (target.orderId) await this.orders.lock(db, target.orderId);
      else await this.subscriptions.lock(db, target.subscriptionId!);
      const before = await this.disputes.advance(db, report);
      if (before === 'unchanged') return [];
      const paidFor: DisputedPayment = target.orderId
        ? { orderItemIds: await this.orders.itemIds(target.orderId, db) }
        : { subscriptionId: target.subscriptionId };
      let renewals: string[] = [];
      if (status === 'open') {
        await this.subscriptions.suspendForDispute(db, paidFor, dispute.id);
      } else {
        await this.subscriptions.liftDisputeSuspension(db, dispute.id);
        if (status === 'lost') renewals = await this.chargeBack(db, report, paidFor);
      }
      // Queued in the transaction: if Redis fails, nothing is recorded and Stripe's redelivery tries again.
      await this.mail.queueDisputeNotice({
        stripeDisputeId: dispute.id,
        status,
        amountCents: dispute.amount,
        currency: dispute.currency,
        reason: dispute.reason,
        orderId: report.orderId,
        subscriptionId: report.subscriptionId,
        evidenceDueBy:
          status === 'open' && dispute.evidence_details?.due_by
            ? new Date(dispute.evidence_details.due_by * 1000).toISOString()
            : null,
      });
      this.logger.log(
        `Dispute ${dispute.id} of ${report.orderId ? `order ${report.orderId}` : `subscription ${report.subscriptionId}`} is ${status}`,
      );
      return renewals;
    });
    // A charged-back County Tracker must not renew; if Stripe refuses now, the billing sweep ends it later.
    for (const stripeSubscriptionId of renewalsToEnd) {
      await this.stripe.cancelSubscription(stripeSubscriptionId).catch((error: Error) => {
        this.logger.error(
          `Renewal ${stripeSubscriptionId} after lost dispute ${dispute.id} not ended: ${error.message}`,
        );
      });
    }
  }

  /** The lost money in the ledger, and an end to what it paid for. Answers the Stripe renewals to end. */
  private async chargeBack(db: EntityManager, report: DisputeReport, paidFor: DisputedPayment): Promise<string[]> {
    const split = report.orderId
      ? splitProportionally(-report.amountCents, sumByPurchaseType(await this.orders.items(report.orderId, db)))
      : { annual: -report.amountCents };
    await this.ledger.record(db, {
      kind: 'chargeback',
      orderId: report.orderId,
      subscriptionId: report.subscriptionId,
      amountCents: -report.amountCents,
      amountByPurchaseType: split,
      currency: report.currency,
      stripeObjectId: report.stripeDisputeId,
    });
    if (paidFor.orderItemIds) return this.subscriptions.cancelForOrderItems(db, paidFor.orderItemIds);
    const renewal = await this.subscriptions.cancelWithRenewal(db, paidFor.subscriptionId!);
    return renewal ? [renewal] : [];
  }

  /** The order a checkout charge paid, or else the subscription a renewal charge renewed. */
  private async disputedPayment(
    dispute: Stripe.Dispute,
  ): Promise<{ orderId?: string; subscriptionId?: string } | null> {
    const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
    const order = intentId ? await this.orders.findByPaymentIntent(intentId) : null;
    if (order && isSettled(order.status)) return { orderId: order.id };
    if (order) return null;
    const charge =
      typeof dispute.charge === 'string' ? await this.stripe.retrieveCharge(dispute.charge) : dispute.charge;
    const renewal = await this.renewalCharges.of(charge);
    return renewal ? { subscriptionId: renewal.subscriptionId } : null;
  }
}
