/** The counties module's public API: what other modules may use of it. */
export { CountiesModule } from './counties.module';
export { CountiesRepository, compareByStateThenName, placeName } from './counties.repository';
export type { CountyPlace, CountyRecord } from './counties.repository';
export { CountyCatalogModule } from './county-catalog.module';
export { CountyCatalogService } from './county-catalog.service';
export { CountyEdits } from './county-edits.service';
export { CatalogCountyDto } from './dto/catalog-county.dto';
export { County } from './entities/county.entity';
export { boundaryArea, boundingBox, containsPoint, countyBoundary } from './county-boundaries';
export type { BoundingBox, CountyBoundary, Position } from './county-boundaries';
