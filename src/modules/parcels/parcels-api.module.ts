import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens';
import { CountiesModule } from '../counties';
import { SubscriptionsModule } from '../subscriptions';
import { ParcelLookupRepository } from './lookup/parcel-lookup.repository';
import { ParcelLookupService } from './lookup/parcel-lookup.service';
import { ParcelReader } from './lookup/parcel-reader';
import { ParcelsApiController } from './lookup/parcels-api.controller';
import { ParcelPreviewTilesController, ParcelTilesController } from './tiles/parcel-tiles.controller';
import { ParcelTilesRepository } from './tiles/parcel-tiles.repository';
import { ParcelTilesService } from './tiles/parcel-tiles.service';

/**
 * What the API answers from the parcel store: lookups of single parcels and vector tiles for
 * County Tracker subscribers, and the public preview tiles; all read through ParcelReader.
 */
@Module({
  imports: [ApiTokensModule, CountiesModule, SubscriptionsModule],
  controllers: [ParcelsApiController, ParcelTilesController, ParcelPreviewTilesController],
  providers: [ParcelReader, ParcelLookupRepository, ParcelLookupService, ParcelTilesRepository, ParcelTilesService],
  exports: [ParcelLookupService],
})
export class ParcelsApiModule {}
