import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import {
  ParcelCollectionDto,
  ParcelFeatureDto,
  ParcelFieldsQueryDto,
  ParcelLookupService,
  ParcelQueryDto,
} from '../../parcels';
import type { ParcelCollection, ParcelFeature } from '../../parcels';
import { AdminGuard } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';

/** Staff look up any parcel of any county the store holds: the customers' questions, without their limits. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/parcels')
export class AdminParcelsController {
  constructor(private readonly lookups: ParcelLookupService) {}

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'Parcels of any county by point, parcel number, address, owner or box (as GET /api/v1/parcels)',
  })
  @ApiOkResponse({ type: ParcelCollectionDto, description: 'A GeoJSON FeatureCollection' })
  @ApiBadRequestResponse({ description: 'No question, two at once, or a value out of range' })
  async find(@Query() query: ParcelQueryDto): Promise<ParcelCollection> {
    return this.lookups.find(await this.lookups.everywhere(), query);
  }

  @Get(':parcelKey')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'One parcel of any county by its parcel_key' })
  @ApiOkResponse({ type: ParcelFeatureDto, description: 'A GeoJSON Feature' })
  @ApiNotFoundResponse({ description: 'No parcel of the store has this key' })
  async one(@Param('parcelKey') key: string, @Query() query: ParcelFieldsQueryDto): Promise<ParcelFeature> {
    return this.lookups.one(await this.lookups.everywhere(), key, query.fields);
  }
}
