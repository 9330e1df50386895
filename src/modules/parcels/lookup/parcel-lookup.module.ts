import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../../api-tokens';
import { CountiesModule } from '../../counties';
import { SubscriptionsModule } from '../../subscriptions';
import { ParcelLookupRepository } from './parcel-lookup.repository';
import { ParcelLookupService } from './parcel-lookup.service';
import { ParcelReader } from './parcel-reader';
import { ParcelsApiController } from './parcels-api.controller';

/** Parcel lookups (the API's): single parcels of a customer's County Tracker counties, read from the parcel store. */
@Module({
  imports: [ApiTokensModule, CountiesModule, SubscriptionsModule],
  controllers: [ParcelsApiController],
  providers: [ParcelReader, ParcelLookupRepository, ParcelLookupService],
  exports: [ParcelLookupService],
})
export class ParcelLookupModule {}
