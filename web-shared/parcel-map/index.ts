/** The parcel maps of both web apps (MapLibre GL JS over the store's own tiles); import lazily, it loads MapLibre. */
export { ParcelMap } from './parcel-map';
export type { Bounds, CoveredEdges, MapView, ParcelMapHandle, ParcelMapProps } from './parcel-map';
export type { ParcelTileKind } from './parcel-map-style';
export { loadMapLibre as preloadMapLibre } from './load-maplibre';
