import { Controller, Get, Headers, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  MVT_TYPE,
  ParcelLookupService,
  ParcelTilesService,
  serveTile,
  TILE_CACHE,
  TileAddressDto,
} from '../../parcels';
import { AdminGuard } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';

/** The console's parcel map: the subscriber tiles of every county the store holds. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/tiles')
export class AdminParcelTilesController {
  constructor(
    private readonly tiles: ParcelTilesService,
    private readonly lookups: ParcelLookupService,
  ) {}

  @Get(':z/:x/:y.mvt')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'A Mapbox Vector Tile of the parcels of every county the store holds (as /api/v1/tiles)' })
  @ApiProduces(MVT_TYPE)
  @ApiOkResponse({ description: 'The tile (empty where no parcel is)', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'z, x or y out of range' })
  async tile(
    @Param() address: TileAddressDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile | undefined> {
    const scope = await this.lookups.everywhere();
    return serveTile(this.tiles, res, {
      scope,
      kind: 'subscriber',
      address,
      ifNoneMatch,
      cacheControl: TILE_CACHE.browser,
    });
  }
}
