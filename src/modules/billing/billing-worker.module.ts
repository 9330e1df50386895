import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices';
import { OrdersModule } from '../orders';
import { SubscriptionsModule } from '../subscriptions';
import { BillingModule } from './billing.module';
import { BillingProcessor } from './billing.processor';
import { OrderPaidListener } from './order-paid.listener';
import { RenewalEnrollmentService } from './renewal-enrollment.service';

/**
 * The worker's side of billing: enrolling County Trackers in their Stripe renewals once their order
 * is paid (order.paid), and the sweeps.
 */
@Module({
  imports: [BillingModule, InvoicesModule, OrdersModule, SubscriptionsModule],
  providers: [BillingProcessor, OrderPaidListener, RenewalEnrollmentService],
})
export class BillingWorkerModule {}
