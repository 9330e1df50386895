import { Module } from '@nestjs/common';
import { ApiTokensModule } from '../api-tokens';
import { CountiesModule } from '../counties';
import { OwnersModule } from '../owners';
import { SubscriptionsModule } from '../subscriptions';
import { ParcelLookupModule } from './lookup/parcel-lookup.module';
import { ParcelsApiController } from './lookup/parcels-api.controller';
import { ParcelsSessionController } from './lookup/parcels-session.controller';
import { ParcelLocatorRepository } from './locator/parcel-locator.repository';
import { ParcelLocatorService } from './locator/parcel-locator.service';
import { ParcelMapController } from './locator/parcel-map.controller';
import { ParcelPreviewPlaceController } from './locator/parcel-preview-place.controller';
import { ParcelPreviewTilesController, ParcelTilesController } from './tiles/parcel-tiles.controller';
import { ParcelSessionTilesController } from './tiles/parcel-session-tiles.controller';
import { ParcelTilesRepository } from './tiles/parcel-tiles.repository';
import { ParcelTilesService } from './tiles/parcel-tiles.service';
import { OwnerPortfolioService } from './portfolios/owner-portfolio.service';
import { OwnersApiController } from './portfolios/owners-api.controller';
import { OwnersSessionController } from './portfolios/owners-session.controller';

/** The routes of the store's parcel map and owner pages that read the customer's session (AppModule gives them the session middleware). */
export const PARCEL_MAP_SESSION_CONTROLLERS = [
  ParcelsSessionController,
  ParcelSessionTilesController,
  ParcelMapController,
  OwnersSessionController,
];

/**
 * What the API answers from the parcel store: lookups of single parcels and vector tiles for
 * County Tracker subscribers (with an API token, or signed in for the store's map), where a map of
 * them opens, and the public preview; all read through ParcelReader.
 */
@Module({
  imports: [ApiTokensModule, CountiesModule, OwnersModule, SubscriptionsModule, ParcelLookupModule],
  controllers: [
    ParcelsApiController,
    OwnersApiController,
    ParcelTilesController,
    ParcelPreviewTilesController,
    // The store's map, signed in; after the preview, whose /api/tiles/preview/… paths stay its own.
    ...PARCEL_MAP_SESSION_CONTROLLERS,
    ParcelPreviewPlaceController,
  ],
  providers: [
    ParcelTilesRepository,
    ParcelTilesService,
    ParcelLocatorRepository,
    ParcelLocatorService,
    OwnerPortfolioService,
  ],
  exports: [ParcelLookupModule, ParcelTilesService],
})
export class ParcelsApiModule {}
