import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { RenewalPaymentsService } from '../billing/renewal-payments.service';
import { ActivationService } from './activation.service';
import { OrdersRepository } from './orders.repository';
import { RefundsService } from './refunds.service';

/** The events the store acts on; Stripe's webhook endpoint should send these (others are acknowledged and ignored). */
export const HANDLED_STRIPE_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
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
    @InjectDataSource() private readonly db: DataSource,
    private readonly activation: ActivationService,
    private readonly orders: OrdersRepository,
    private readonly refunds: RefundsService,
    private readonly renewals: RenewalPaymentsService,
  ) {}

  async handle(event: Stripe.Event): Promise<'handled' | 'duplicate'> {
    const [seen] = await this.db.query<unknown[]>(`SELECT 1 FROM stripe_events WHERE id = $1`, [event.id]);
    if (seen) return 'duplicate';
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
        if (order) await this.refunds.sync(order.id);
        break;
      }
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
    await this.db.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [
      event.id,
      event.type,
    ]);
    return 'handled';
  }
}
