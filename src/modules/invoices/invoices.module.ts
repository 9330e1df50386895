import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
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
