/**
 * Parcel map limits the API enforces and the maps (store, preview, console) plan around: one
 * definition, so a map never asks for tiles or boxes the API refuses.
 */

/** What a tile carries of each parcel: a subscriber's (key fields), or the public preview's (outline and number only). */
export type ParcelTileKind = 'subscriber' | 'preview';

/** The zooms each kind of tile is drawn at: parcels are too small to see farther out. */
export const PARCEL_TILE_ZOOMS: Readonly<Record<ParcelTileKind, { readonly min: number; readonly max: number }>> = {
  subscriber: { min: 13, max: 22 },
  preview: { min: 15, max: 22 },
};

/** The deepest zoom any kind of tile is drawn at. */
export const PARCEL_TILE_MAX_ZOOM = Math.max(...Object.values(PARCEL_TILE_ZOOMS).map((zooms) => zooms.max));

/**
 * The performance mark a parcel map sets when its first parcels are on screen: its time from the
 * start of navigation is what a person waited.
 */
export const PARCELS_DRAWN_MARK = 'parcels-drawn';

/** Degrees a bbox lookup (and so a map selection) may span each way (about 55 km north to south). */
export const MAX_BOX_DEGREES = 0.5;

/** The x and y of the Web Mercator tile at zoom z that holds a point (degrees, WGS 84). */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return {
    x: Math.floor(((lon + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n),
  };
}
