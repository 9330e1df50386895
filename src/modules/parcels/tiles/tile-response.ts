import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { LookupScope } from '../lookup/parcel-lookup.repository';
import type { TileAddressDto } from './dto/tile-address.dto';
import type { ParcelTilesService } from './parcel-tiles.service';
import type { TileKind } from './parcel-tiles.repository';

export const MVT_TYPE = 'application/vnd.mapbox-vector-tile';

/** How long a browser or cache may keep each kind of tile response. */
export const TILE_CACHE = {
  /**
   * A browser's tiles (the store's map, the console): from zoom 16 they carry owner names and
   * values, so a browser asks again each time (the ETag makes that a 304) and a shared computer
   * never shows the account that signed in before its tiles.
   */
  browser: 'private, no-cache',
  /** An API token's tiles go to a script, not to a shared browser: kept a few minutes. */
  token: 'private, max-age=300',
  /** The public preview: outlines and parcel numbers only, cacheable by a CDN. */
  public: 'public, max-age=3600',
} as const;

export interface TileRequest {
  scope: LookupScope;
  kind: TileKind;
  address: TileAddressDto;
  ifNoneMatch: string | undefined;
  cacheControl: (typeof TILE_CACHE)[keyof typeof TILE_CACHE];
}

/** Draws a tile and sends it (or 304 when the caller's copy is current) with its tag and how long it may be kept. */
export async function serveTile(
  tiles: ParcelTilesService,
  res: Response,
  { scope, kind, address, ifNoneMatch, cacheControl }: TileRequest,
): Promise<StreamableFile | undefined> {
  const tile = await tiles.draw(scope, kind, address, ifNoneMatch);
  res.setHeader('ETag', tile.etag);
  res.setHeader('Cache-Control', cacheControl);
  if (!tile.body) {
    res.status(304);
    return undefined;
  }
  return new StreamableFile(tile.body, { type: MVT_TYPE });
}
