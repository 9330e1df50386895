import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { OrdersModule } from '../orders/orders.module';
import { PaymentsModule } from '../payments/payments.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesRepository } from './invoices.repository';
import { InvoicesService } from './invoices.service';

/** Invoices of every payment taken: written with the ledger entry, listed and rendered as PDF. */
@Module({
  imports: [CountiesModule, OrdersModule, PaymentsModule, SubscriptionsModule],
  controllers: [InvoicesController],
  providers: [InvoicesRepository, InvoicesService],
  exports: [InvoicesRepository, InvoicesService],
})
export class InvoicesModule {}
