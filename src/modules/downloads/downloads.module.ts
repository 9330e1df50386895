import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties/counties.module';
import { DatasetFilesModule } from '../datasets/dataset-files.module';
import { OrdersModule } from '../orders/orders.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';

/** Links to the files a subscription includes, checked when made and again when used, and the files behind them. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, OrdersModule, SubscriptionsModule],
  controllers: [DownloadsController],
  providers: [DownloadsService],
  exports: [DownloadsService],
})
export class DownloadsModule {}
