import { Controller, Get, Headers, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { sendRetryAfter } from '../../../common/http/retry-after';
import { RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { TileAddressDto } from './dto/tile-address.dto';
import { ParcelTilesService, TILE_ZOOMS } from './parcel-tiles.service';
import { MVT_TYPE, serveTile, TILE_CACHE } from './tile-response';

/** Tiles a signed-in customer's map may fetch: a few hundred views of a full-screen map in 10 minutes. */
export const SESSION_TILE_LIMIT = { max: 6000, windowSeconds: 600 };
export const TOO_MANY_SESSION_TILES =
  'Too many parcel tiles from your account in the last minutes. Wait the seconds that Retry-After gives.';

/**
 * /api/tiles/{z}/{x}/{y}.mvt: the subscriber tiles of /api/v1/tiles for the store's parcel map,
 * with the session. The public preview (/api/tiles/preview/…) is another controller, declared
 * first; its paths have one segment more, so neither can answer the other's.
 */
@ApiTags('parcels')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiForbiddenResponse({ description: 'The customer has no active County Tracker' })
@ApiTooManyRequestsResponse({ description: 'Too many tiles from this account; see Retry-After' })
@UseGuards(SignedInGuard)
@Controller('tiles')
export class ParcelSessionTilesController {
  constructor(
    private readonly tiles: ParcelTilesService,
    private readonly lookups: ParcelLookupService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get(':z/:x/:y.mvt')
  @ApiOperation({
    summary: 'A Mapbox Vector Tile of the parcels of your County Tracker counties (as /api/v1/tiles)',
    description: `Zoom ${TILE_ZOOMS.subscriber.min} to ${TILE_ZOOMS.subscriber.max}; layer \`parcels\`, as GET /api/v1/tiles; Cache-Control private, no-cache (revalidated by ETag).`,
  })
  @ApiProduces(MVT_TYPE)
  @ApiOkResponse({
    description: 'The tile (empty where no parcel of yours is)',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiBadRequestResponse({ description: 'z, x or y out of range' })
  async tile(
    @SignedInUserId() userId: string,
    @Param() address: TileAddressDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    const scope = await this.lookups.scopeOf(userId);
    await sendRetryAfter(res, () =>
      this.limiter.enforce(TOO_MANY_SESSION_TILES, { key: ['parcel-session-tiles', userId], ...SESSION_TILE_LIMIT }),
    );
    return serveTile(this.tiles, res, {
      scope,
      kind: 'subscriber',
      address,
      ifNoneMatch,
      cacheControl: TILE_CACHE.browser,
    });
  }
}
