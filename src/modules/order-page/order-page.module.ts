import { Module } from '@nestjs/common';
import { DownloadsModule } from '../downloads';
import { InvoicesModule } from '../invoices';
import { OrdersModule } from '../orders';
import { PaymentsModule } from '../payments';
import { SubscriptionsModule } from '../subscriptions';
import { OrderPageController } from './order-page.controller';
import { OrderPageService } from './order-page.service';

@Module({
  imports: [DownloadsModule, InvoicesModule, OrdersModule, PaymentsModule, SubscriptionsModule],
  controllers: [OrderPageController],
  providers: [OrderPageService],
})
export class OrderPageModule {}
