import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { billedPeriod, RenewalPaymentsService } from './renewal-payments.service';

/** A charge Stripe Billing made for a renewal: whose subscription, which invoice, and the year it paid for. */
export interface RenewalCharge {
  subscriptionId: string;
  invoiceId: string;
  amountPaidCents: number;
  period: { start: Date; end: Date };
}

/**
 * Finds the renewal a charge paid. A renewal's charge has no order (only checkout charges do) and
 * names no invoice, so it is traced through the customer's paid invoices to the one it paid.
 */
@Injectable()
export class RenewalChargesService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly renewals: RenewalPaymentsService,
  ) {}

  async of(charge: Stripe.Charge): Promise<RenewalCharge | null> {
    const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    const customerId = typeof charge.customer === 'string' ? charge.customer : charge.customer?.id;
    if (!intentId || !customerId) return null;
    const invoice = await this.stripe.invoicePaidBy(customerId, intentId, charge.created);
    if (!invoice || invoice.billing_reason !== 'subscription_cycle') return null;
    const subscriptionId = await this.renewals.subscriptionOf(invoice);
    if (!subscriptionId) return null;
    return {
      subscriptionId,
      invoiceId: invoice.id,
      amountPaidCents: invoice.amount_paid,
      period: billedPeriod(invoice),
    };
  }
}
