/** The parcels module's public API: the parcel store (PostGIS), loaded from published county files. */
export { ParcelsWorkerModule } from './parcels-worker.module';
export { ParcelLoader } from './parcel-loader.service';
export { ParcelStoreQueue } from './parcel-store-queue.service';
export { ParcelStoreRepository } from './parcel-store.repository';
export type { ParcelLoad } from './parcel-store.repository';
export { ParcelsApiModule } from './parcels-api.module';
export { ParcelLookupService } from './lookup/parcel-lookup.service';
export type { ParcelCollection } from './lookup/parcel-lookup.service';
export { ParcelFieldsQueryDto, ParcelQueryDto } from './lookup/dto/parcel-query.dto';
export type { ParcelFeature } from './lookup/parcel-feature';
export { ParcelCollectionDto, ParcelFeatureDto } from './lookup/dto/parcel-feature.dto';
export { ParcelTilesService } from './tiles/parcel-tiles.service';
export { MVT_TYPE, serveTile, TILE_CACHE } from './tiles/tile-response';
export { TileAddressDto } from './tiles/dto/tile-address.dto';
export { ParcelBatchesApiModule } from './batches/parcel-batches-api.module';
export { ParcelBatchesController } from './batches/parcel-batches.controller';
export { PARCEL_MAP_SESSION_CONTROLLERS } from './parcels-api.module';
