import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { BusinessMetrics } from '../../integrations/metrics/business-metrics';
import { InvoicesRepository } from '../invoices';
import { MailQueue } from '../mail';
import { PaymentsLedger } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';

/** The period a renewal invoice pays for. */
export function billedPeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  return {
    start: new Date(Math.min(...invoice.lines.data.map((line) => line.period.start)) * 1000),
    end: new Date(Math.max(...invoice.lines.data.map((line) => line.period.end)) * 1000),
  };
}

/**
 * What Stripe Billing tells us about renewals. Each handler is idempotent
 * (the ledger records a Stripe invoice once, and our invoice with it; emails are keyed by invoice), and
 * queues its email inside the transaction, so a failure leaves nothing half
 * done and Stripe's redelivery (or reconciliation) completes it.
 */
@Injectable()
export class RenewalPaymentsService {
  private readonly logger = new Logger('RenewalPayments');

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly ledger: PaymentsLedger,
    private readonly mail: MailQueue,
    private readonly invoices: InvoicesRepository,
    private readonly metrics: BusinessMetrics,
  ) {}

  /** A renewal was paid: another year, in the ledger as a renewal and on an invoice of ours, with a receipt. */
  async paid(invoice: Stripe.Invoice): Promise<void> {
    if (invoice.billing_reason !== 'subscription_cycle') return;
    const subscriptionId = await this.subscriptionOf(invoice);
    if (!subscriptionId) return;
    const { start: periodStart, end: periodEnd } = billedPeriod(invoice);
    let charged = false;
    await this.subscriptions.transaction(async (db) => {
      await this.subscriptions.lock(db, subscriptionId);
      const recorded = await this.ledger.record(db, {
        kind: 'renewal',
        orderId: null,
        subscriptionId,
        amountCents: invoice.amount_paid,
        amountByPurchaseType: { annual: invoice.amount_paid },
        currency: invoice.currency,
        stripeObjectId: invoice.id,
        occurredAt: new Date((invoice.status_transitions.paid_at ?? invoice.created) * 1000),
      });
      // Money was taken, so it is invoiced, even if the subscription below turns out cancelled; and
      // even if it was recorded before without one (by a version that wrote no invoices).
      const invoiced = await this.invoices.issueForRenewal(db, invoice.id, {
        start: periodStart,
        end: periodEnd,
      });
      if (!recorded) return;
      charged = true;
      if (!invoiced)
        this.logger.warn(`Renewal ${invoice.id} of subscription ${subscriptionId} has no order to invoice`);
      // Paid late (after a retry) it still counts: the subscription is active to the new period's end.
      if (!(await this.subscriptions.extend(db, subscriptionId, periodEnd))) {
        // Cancelled by staff or refunded, yet charged before its renewal could be ended: a person must refund it.
        this.logger.error(`Invoice ${invoice.id} renewed cancelled subscription ${subscriptionId}: refund it`);
        return;
      }
      await this.mail.queueRenewalReceipt({ subscriptionId, invoiceId: invoice.id });
      this.logger.log(`Subscription ${subscriptionId} renewed until ${periodEnd.toISOString()}`);
    });
    // Counted once the charge is committed to the ledger, whatever became of the subscription.
    if (charged) this.metrics.charged('annual', invoice.amount_paid);
  }

  /** A renewal charge was declined: the customer learns how to pay with another card. */
  async failed(invoice: Stripe.Invoice): Promise<void> {
    if (invoice.billing_reason !== 'subscription_cycle') return;
    const subscriptionId = await this.subscriptionOf(invoice);
    if (!subscriptionId) return;
    await this.mail.queueRenewalFailure({
      subscriptionId,
      invoiceId: invoice.id,
      amountCents: invoice.amount_due,
      attempt: invoice.attempt_count,
      payUrl: invoice.hosted_invoice_url ?? null,
    });
  }

  /** The Stripe subscription ended (cancelled at Stripe, or after failed retries): nothing renews any more. */
  async ended(stripeSubscription: Stripe.Subscription): Promise<void> {
    await this.subscriptions.renewalEnded(stripeSubscription.id);
  }

  /** Our subscription a Stripe invoice renews, if any. */
  async subscriptionOf(invoice: Stripe.Invoice): Promise<string | null> {
    const details = invoice.parent?.subscription_details;
    const stripeSubscriptionId =
      typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id;
    const id = await this.subscriptions.idForRenewal(
      stripeSubscriptionId ?? null,
      details?.metadata?.subscription_id ?? null,
    );
    if (!id) this.logger.warn(`Invoice ${invoice.id} is for no subscription of ours`);
    return id;
  }
}
