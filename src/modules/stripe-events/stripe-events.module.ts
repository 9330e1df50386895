import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing';
import { CheckoutModule } from '../checkout';
import { OrdersModule } from '../orders';
import { StripeEvent } from './entities/stripe-event.entity';
import { StripeEventsRepository } from './stripe-events.repository';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

/**
 * What Stripe tells the store, by webhook or found again by reconciliation: each event handled
 * once, by the module that owns what it is about (checkout payments, refunds, renewals).
 */
@Module({
  imports: [TypeOrmModule.forFeature([StripeEvent]), BillingModule, CheckoutModule, OrdersModule],
  controllers: [StripeWebhookController],
  providers: [StripeEventsRepository, StripeWebhookService],
  exports: [StripeWebhookService],
})
export class StripeEventsModule {}
