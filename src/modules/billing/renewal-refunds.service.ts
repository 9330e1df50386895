import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { PaymentsLedger } from '../payments';
import { SubscriptionsRepository } from '../subscriptions';
import { RenewalChargesService } from './renewal-charges.service';

/**
 * Refunds of renewal charges: each in the ledger once (negative, against the subscription); a renewal
 * refunded in full takes back the year it added. Checkout refunds are the checkout module's.
 */
@Injectable()
export class RenewalRefundsService {
  private readonly logger = new Logger('RenewalRefunds');

  constructor(
    private readonly charges: RenewalChargesService,
    private readonly stripe: StripeGateway,
    private readonly ledger: PaymentsLedger,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  /** Brings a refunded charge's renewal in line with its refunds at Stripe; false when it paid no renewal of ours. */
  async sync(charge: Stripe.Charge): Promise<boolean> {
    const renewal = await this.charges.of(charge);
    if (!renewal) return false;
    const refunds = (await this.stripe.listRefunds(charge.payment_intent as string)).filter(
      (r) => r.status === 'succeeded',
    );
    if (refunds.length === 0) return true;
    const refunded = refunds.reduce((sum, r) => sum + r.amount, 0);
    await this.subscriptions.transaction(async (db) => {
      // Refunds of one renewal are recorded one sync at a time, so exactly one sees the total reach the whole.
      await this.subscriptions.lock(db, renewal.subscriptionId);
      let recordedNow = 0;
      for (const refund of refunds) {
        const recorded = await this.ledger.record(db, {
          kind: 'refund',
          orderId: null,
          subscriptionId: renewal.subscriptionId,
          amountCents: -refund.amount,
          amountByPurchaseType: { annual: -refund.amount },
          currency: refund.currency,
          stripeObjectId: refund.id,
          occurredAt: new Date(refund.created * 1000),
        });
        if (recorded) recordedNow += refund.amount;
      }
      const whole = renewal.amountPaidCents;
      if (refunded >= whole && refunded - recordedNow < whole) {
        await this.subscriptions.takeBackRenewal(db, renewal.subscriptionId, renewal.period);
        this.logger.log(
          `Renewal ${renewal.invoiceId} of subscription ${renewal.subscriptionId} refunded in full: its year is taken back`,
        );
      }
    });
    return true;
  }
}
