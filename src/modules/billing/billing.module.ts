import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
import { BILLING_QUEUE } from './billing.constants';
import { RenewalChargesService } from './renewal-charges.service';
import { RenewalPaymentsService } from './renewal-payments.service';
import { RenewalRefundsService } from './renewal-refunds.service';

/** Yearly renewals through Stripe Billing: what Stripe says about renewal payments, charges and refunds. */
@Module({
  imports: [
    InvoicesModule,
    MailModule,
    PaymentsModule,
    SubscriptionsModule,
    BullModule.registerQueue({
      name: BILLING_QUEUE,
      defaultJobOptions: {
        attempts: 8,
        backoff: { type: 'exponential', delay: 10_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    }),
  ],
  providers: [RenewalPaymentsService, RenewalChargesService, RenewalRefundsService],
  exports: [RenewalPaymentsService, RenewalChargesService, RenewalRefundsService, BullModule],
})
export class BillingModule {}
