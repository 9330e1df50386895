import { Controller, Get, Headers, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ClientAddress } from '../../../common/http/client-address';
import { sendRetryAfter } from '../../../common/http/retry-after';
import { RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { ApiTokenGuard, ApiTokenUserId } from '../../api-tokens';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { TileAddressDto } from './dto/tile-address.dto';
import { ParcelTilesService, TILE_ZOOMS } from './parcel-tiles.service';
import { MVT_TYPE, serveTile, TILE_CACHE } from './tile-response';

/** Preview tiles a client address may fetch: a few hundred map views in 10 minutes. */
export const PREVIEW_TILE_LIMIT = { max: 3000, windowSeconds: 600 };
export const TOO_MANY_PREVIEW_TILES =
  'Too many preview tiles from your address. Wait the seconds that Retry-After gives; subscribe with County ' +
  'Tracker to browse a county’s parcels without this limit.';

/** Subscriber tiles: the parcels of the token owner's County Tracker counties, with key fields. */
@ApiTags('parcels')
@ApiBearerAuth('apiToken')
@ApiUnauthorizedResponse({ description: 'No API token, or one that is malformed, unknown or revoked' })
@ApiForbiddenResponse({ description: 'The token’s owner has no active County Tracker' })
@ApiTooManyRequestsResponse({ description: 'Over the token’s rate limit; see Retry-After' })
@UseGuards(ApiTokenGuard)
@Controller('v1/tiles')
export class ParcelTilesController {
  constructor(
    private readonly tiles: ParcelTilesService,
    private readonly lookups: ParcelLookupService,
  ) {}

  @Get(':z/:x/:y.mvt')
  @ApiOperation({
    summary: 'A Mapbox Vector Tile of the parcels of your County Tracker counties',
    description:
      `Layer \`parcels\`: each parcel's outline with parcel_key, and from zoom 16 in parcel_id, site_address, ` +
      `owner_name, assessed_total_value, property_use_standard and zoning_code (full records from /api/v1/parcels). ` +
      `Zoom ${TILE_ZOOMS.subscriber.min} to ${TILE_ZOOMS.subscriber.max}; ETag by the parcel store's ` +
      `releases (If-None-Match answers 304); Cache-Control private (kept 5 minutes).`,
  })
  @ApiProduces(MVT_TYPE)
  @ApiOkResponse({
    description: 'The tile (empty where no parcel of yours is)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiBadRequestResponse({ description: 'z, x or y out of range' })
  async tile(
    @ApiTokenUserId() userId: string,
    @Param() address: TileAddressDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    const scope = await this.lookups.scopeOf(userId);
    return serveTile(this.tiles, res, {
      scope,
      kind: 'subscriber',
      address,
      ifNoneMatch,
      cacheControl: TILE_CACHE.token,
    });
  }
}

/** The public preview: outlines and parcel numbers of every county on sale, close in, for anyone. */
@ApiTags('parcels')
@Controller('tiles/preview')
export class ParcelPreviewTilesController {
  constructor(
    private readonly tiles: ParcelTilesService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get(':z/:x/:y.mvt')
  @ApiOperation({
    summary: 'A preview tile: parcel outlines and parcel numbers of every county on sale',
    description:
      `Layer \`parcels\` with parcel_id only (no owner or value fields), zoom ${TILE_ZOOMS.preview.min} to ` +
      `${TILE_ZOOMS.preview.max}. Cacheable by a CDN (public, an hour); at most ${PREVIEW_TILE_LIMIT.max} ` +
      `tiles per client address in ${PREVIEW_TILE_LIMIT.windowSeconds / 60} minutes.`,
  })
  @ApiProduces(MVT_TYPE)
  @ApiOkResponse({ description: 'The tile (empty where no parcel is)', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'z below the preview’s zoom, or x, y out of range' })
  @ApiTooManyRequestsResponse({ description: 'Too many preview tiles from this address; see Retry-After' })
  async tile(
    @Param() address: TileAddressDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @ClientAddress() client: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    await sendRetryAfter(res, () =>
      this.limiter.enforce(TOO_MANY_PREVIEW_TILES, { key: ['parcel-preview-tiles', client], ...PREVIEW_TILE_LIMIT }),
    );
    const scope = await this.tiles.previewScope();
    return serveTile(this.tiles, res, {
      scope,
      kind: 'preview',
      address,
      ifNoneMatch,
      cacheControl: TILE_CACHE.public,
    });
  }
}
