import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { CountiesModule } from '../counties/counties.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { UsersModule } from '../users/users.module';
import { ActivationService } from './activation.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { RefundsService } from './refunds.service';

@Module({
  imports: [
    BillingModule,
    CountiesModule,
    InvoicesModule,
    MailModule,
    OrdersModule,
    PaymentsModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [CheckoutController],
  providers: [CheckoutService, ActivationService, RefundsService],
  exports: [ActivationService, RefundsService],
})
export class CheckoutModule {}
