import { Injectable } from '@nestjs/common';
import { StripeGateway } from '../../integrations/stripe/stripe.gateway';
import { RECONCILE_WINDOW_MS } from './stripe-events.constants';
import { HANDLED_STRIPE_EVENTS, StripeWebhookService } from './stripe-webhook.service';

/**
 * Catches up on Stripe events whose webhooks never arrived (the store was
 * down, or the endpoint failed past Stripe's retries): the recent events are
 * fetched from Stripe and handled, oldest first; handled ones are skipped by id.
 */
@Injectable()
export class StripeReconciliationService {
  constructor(
    private readonly stripe: StripeGateway,
    private readonly webhooks: StripeWebhookService,
  ) {}

  async run(now = new Date()): Promise<string> {
    if (!this.stripe.configured) return 'Stripe is not configured';
    const events = await this.stripe.eventsSince(new Date(now.getTime() - RECONCILE_WINDOW_MS), HANDLED_STRIPE_EVENTS);
    let handled = 0;
    for (const event of events) {
      if ((await this.webhooks.handle(event)) === 'handled') handled++;
    }
    return `${handled} missed Stripe event(s) handled of ${events.length}`;
  }
}
