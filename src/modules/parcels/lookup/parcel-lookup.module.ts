import { Module } from '@nestjs/common';
import { CountiesModule } from '../../counties';
import { OwnersModule } from '../../owners';
import { SubscriptionsModule } from '../../subscriptions';
import { ParcelLookupRepository } from './parcel-lookup.repository';
import { ParcelLookupService } from './parcel-lookup.service';
import { ParcelReader } from './parcel-reader';

/**
 * Reading the parcel store for a customer: the reader's pool, the lookups' queries, and whose
 * County Tracker scope they are bounded to. One module, for the API's routes and the worker's
 * batches alike.
 */
@Module({
  imports: [CountiesModule, OwnersModule, SubscriptionsModule],
  providers: [ParcelReader, ParcelLookupRepository, ParcelLookupService],
  exports: [ParcelReader, ParcelLookupRepository, ParcelLookupService],
})
export class ParcelLookupModule {}
