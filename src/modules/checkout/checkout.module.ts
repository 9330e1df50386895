import { Module } from '@nestjs/common';
import { BillingModule } from '../billing';
import { CountiesModule } from '../counties';
import { EventsModule } from '../events';
import { InvoicesModule } from '../invoices';
import { MailModule } from '../mail';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
import { UsersModule } from '../users';
import { ActivationService } from './activation.service';
import { CheckoutController } from './checkout.controller';
import { CheckoutService } from './checkout.service';
import { DisputesService } from './disputes.service';
import { PaidOrderRecorder } from './paid-order-recorder';
import { RefundsService } from './refunds.service';
import { UnpaidIntents } from './unpaid-intents';

@Module({
  imports: [
    BillingModule,
    CountiesModule,
    EventsModule,
    InvoicesModule,
    MailModule,
    OrdersModule,
    PaymentsModule,
    SubscriptionsModule,
    UsersModule,
  ],
  controllers: [CheckoutController],
  providers: [CheckoutService, ActivationService, PaidOrderRecorder, RefundsService, UnpaidIntents, DisputesService],
  exports: [ActivationService, RefundsService, DisputesService],
})
export class CheckoutModule {}
