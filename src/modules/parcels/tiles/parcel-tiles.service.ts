import { BadRequestException, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PARCEL_TILE_ZOOMS } from '../../../contracts/parcel-map';
import { CountiesRepository } from '../../counties';
import { type LookupScope, scopeOfCounties } from '../lookup/parcel-lookup.repository';
import { ParcelTilesRepository, type TileKind } from './parcel-tiles.repository';

/** The zooms each kind of tile is drawn at: parcels are too small to see farther out. */
export const TILE_ZOOMS: Readonly<Record<TileKind, { readonly min: number; readonly max: number }>> = PARCEL_TILE_ZOOMS;
/** How long the public preview's list of counties on sale is kept before it is read again. */
const ON_SALE_SECONDS = 60;

/** A tile and the tag of what it was drawn from. */
export interface DrawnTile {
  etag: string;
  /** Null when the caller's copy (If-None-Match) is current. */
  body: Buffer | null;
}

/**
 * Parcel tiles: checks a tile's address, tags it by the parcel store's version and the scope it
 * is drawn for, and draws it unless the caller's copy is current.
 */
@Injectable()
export class ParcelTilesService {
  private onSale: { scope: LookupScope; until: number } | null = null;

  constructor(
    private readonly tiles: ParcelTilesRepository,
    private readonly counties: CountiesRepository,
  ) {}

  /** Every county on sale: the preview's scope (outlines and parcel numbers are shown to anyone). */
  async previewScope(): Promise<LookupScope> {
    if (!this.onSale || this.onSale.until < Date.now()) {
      const counties = await this.counties.onSale();
      const scope = scopeOfCounties(counties.map(({ id, stateCode }) => ({ id, state: stateCode })));
      this.onSale = { scope, until: Date.now() + ON_SALE_SECONDS * 1000 };
    }
    return this.onSale.scope;
  }

  async draw(scope: LookupScope, kind: TileKind, address: TileAddress, ifNoneMatch?: string): Promise<DrawnTile> {
    const { z, x, y } = drawnAt(kind, address);
    const version = await this.tiles.storeVersion();
    const etag = `"${createHash('sha256')
      .update([kind, z, x, y, version, ...[...scope.countyIds].sort()].join('|'))
      .digest('base64url')
      .slice(0, 27)}"`;
    if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === etag)) return { etag, body: null };
    return { etag, body: await this.tiles.tile(scope, kind, z, x, y) };
  }
}

/** A tile's zoom, column and row (TileAddressDto checks that the tile exists at its zoom). */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** The address when its zoom is one this kind is drawn at; 400 otherwise. */
function drawnAt(kind: TileKind, address: TileAddress): TileAddress {
  const { z, x, y } = address;
  const { min, max } = TILE_ZOOMS[kind];
  if (!Number.isInteger(z) || z < min || z > max) {
    throw new BadRequestException(
      `Parcel tiles${kind === 'preview' ? ' of the preview' : ''} are drawn from zoom ${min} to ${max}: z must be a whole number in that range`,
    );
  }
  const tiles = 2 ** z;
  if (![x, y].every((n) => Number.isInteger(n) && n >= 0 && n < tiles)) {
    throw new BadRequestException(`At zoom ${z}, x and y must be whole numbers from 0 to ${tiles - 1}`);
  }
  return address;
}
