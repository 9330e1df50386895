import { Module } from '@nestjs/common';
import { DownloadsModule } from '../downloads/downloads.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { OrdersModule } from '../orders/orders.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { OrderPageController } from './order-page.controller';
import { OrderPageService } from './order-page.service';

@Module({
  imports: [DownloadsModule, InvoicesModule, OrdersModule, SubscriptionsModule],
  controllers: [OrderPageController],
  providers: [OrderPageService],
})
export class OrderPageModule {}
