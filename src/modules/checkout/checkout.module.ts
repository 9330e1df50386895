import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CountiesModule } from '../counties/counties.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { MailModule } from '../mail/mail.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { ActivationService } from './activation.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { OrdersRepository } from './orders.repository';
import { RefundsService } from './refunds.service';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';

@Module({
  imports: [
    BillingModule,
    CountiesModule,
    InvoicesModule,
    MailModule,
    PaymentsModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [CheckoutController, StripeWebhookController],
  providers: [CheckoutService, ActivationService, RefundsService, OrdersRepository, StripeWebhookService],
  exports: [ActivationService, RefundsService, OrdersRepository],
})
export class CheckoutModule {}
