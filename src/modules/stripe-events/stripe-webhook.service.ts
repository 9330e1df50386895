import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { RenewalPaymentsService, RenewalRefundsService } from '../billing';
import { ActivationService, DisputesService, RefundsService } from '../checkout';
import { OrdersRepository } from '../orders';
import { StripeEventsRepository } from './stripe-events.repository';

/** The events the store acts on; Stripe's webhook endpoint should send these (others are acknowledged and ignored). */
export const HANDLED_STRIPE_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
];

/**
 * Stripe's events about checkout payments and renewals. Each event id is handled once;
 * the handlers are idempotent besides, so redeliveries, concurrent deliveries
 * and any order of arrival end in the same state.
 */
@Injectable()
export class StripeWebhookService {
  constructor(
    private readonly handledEvents: StripeEventsRepository,
    private readonly activation: ActivationService,
    private readonly orders: OrdersRepository,
    private readonly refunds: RefundsService,
    private readonly renewals: RenewalPaymentsService,
    private readonly renewalRefunds: RenewalRefundsService,
    private readonly disputes: DisputesService,
  ) {}

  async handle(event: Stripe.Event): Promise<'handled' | 'duplicate'> {
    if (await this.handledEvents.isHandled(event.id)) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
        await this.activation.activateFromWebhook(event.data.object.id);
        break;
      case 'payment_intent.payment_failed':
        await this.orders.markFailed(event.data.object.id);
        break;
      case 'charge.refunded': {
        const intentId = event.data.object.payment_intent;
        const order = intentId
          ? await this.orders.findByPaymentIntent(typeof intentId === 'string' ? intentId : intentId.id)
          : null;
        // A checkout charge has its order; a renewal charge has none, and is traced through its invoice.
        if (order) await this.refunds.sync(order.id);
        else await this.renewalRefunds.sync(event.data.object);
        break;
      }
      case 'charge.dispute.created':
        await this.disputes.opened(event.data.object);
        break;
      case 'charge.dispute.closed':
        await this.disputes.closed(event.data.object);
        break;
      case 'invoice.paid':
        await this.renewals.paid(event.data.object);
        break;
      case 'invoice.payment_failed':
        await this.renewals.failed(event.data.object);
        break;
      case 'customer.subscription.deleted':
        await this.renewals.ended(event.data.object);
        break;
      default:
        // Other events are acknowledged and ignored.
        break;
    }
    await this.handledEvents.markHandled(event.id, event.type);
    return 'handled';
  }
}
