import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices';
import { OrdersModule } from '../orders';
import { SubscriptionsModule } from '../subscriptions';
import { BillingModule } from './billing.module';
import { BillingProcessor } from './billing.processor';
import { RenewalEnrollmentService } from './renewal-enrollment.service';

/** The worker's side of billing: enrolling County Trackers in their Stripe renewals, and the invoice sweep. */
@Module({
  imports: [BillingModule, InvoicesModule, OrdersModule, SubscriptionsModule],
  providers: [BillingProcessor, RenewalEnrollmentService],
})
export class BillingWorkerModule {}
