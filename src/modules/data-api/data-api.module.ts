import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens';
import { CountiesModule } from '../counties';
import { DownloadsModule } from '../downloads';
import { SubscriptionsModule } from '../subscriptions';
import { DataApiController } from './data-api.controller';
import { DataApiService } from './data-api.service';

/** /api/v1: a customer's subscriptions and download links, for their scripts, with an API token. */
@Module({
  imports: [ApiTokensModule, CountiesModule, DownloadsModule, SubscriptionsModule],
  controllers: [DataApiController],
  providers: [DataApiService],
})
export class DataApiModule {}
