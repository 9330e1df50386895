import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens';
import { CountiesModule } from '../counties';
import { DatasetFilesModule } from '../releases';
import { DownloadsModule } from '../downloads';
import { SubscriptionsModule } from '../subscriptions';
import { ChangesSinceService } from './changes-since.service';
import { DataApiController } from './data-api.controller';
import { DataApiService } from './data-api.service';
import { ReleaseManifestService } from './release-manifest.service';

/** /api/v1: a customer's subscriptions, download links, release manifests and changes since a release, for their scripts, with an API token. */
@Module({
  imports: [ApiTokensModule, CountiesModule, DatasetFilesModule, DownloadsModule, SubscriptionsModule],
  controllers: [DataApiController],
  providers: [DataApiService, ReleaseManifestService, ChangesSinceService],
  exports: [ReleaseManifestService],
})
export class DataApiModule {}
