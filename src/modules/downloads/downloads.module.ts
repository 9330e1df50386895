import { Module } from '@nestjs/common';
import { CountiesModule } from '../counties';
import { FormatsModule } from '../formats';
import { DatasetFilesModule } from '../releases';
import { OrdersModule } from '../orders';
import { SubscriptionsModule } from '../subscriptions';
import { DownloadsController } from './downloads.controller';
import { DownloadsService } from './downloads.service';
import { IncludedFilesService } from './included-files.service';

/** Links to the files a subscription includes, checked when made and again when used, and the files behind them. */
@Module({
  imports: [CountiesModule, DatasetFilesModule, FormatsModule, OrdersModule, SubscriptionsModule],
  controllers: [DownloadsController],
  providers: [DownloadsService, IncludedFilesService],
  exports: [DownloadsService, IncludedFilesService],
})
export class DownloadsModule {}
