import { Module } from '@nestjs/common';
import { ActivationService } from '../checkout/activation.service';
import { OrdersRepository } from '../checkout/orders.repository';
import { RefundsService } from '../checkout/refunds.service';
import { StripeReconciliationService } from '../checkout/stripe-reconciliation.service';
import { StripeWebhookService } from '../checkout/stripe-webhook.service';
import { MailModule } from '../mail/mail.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { UsersModule } from '../users/users.module';
import { BillingModule } from './billing.module';
import { BillingProcessor } from './billing.processor';
import { RenewalEnrollmentService } from './renewal-enrollment.service';

/**
 * The worker's side of billing: renewal enrollment and the reconciliation of
 * missed Stripe events, which are handled exactly as their webhooks would be.
 */
@Module({
  imports: [BillingModule, MailModule, PaymentsModule, UsersModule],
  providers: [
    BillingProcessor,
    RenewalEnrollmentService,
    StripeReconciliationService,
    StripeWebhookService,
    ActivationService,
    RefundsService,
    OrdersRepository,
    SubscriptionsRepository,
  ],
})
export class BillingWorkerModule {}
