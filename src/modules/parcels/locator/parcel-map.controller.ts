import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { ParcelMapStartDto } from './dto/parcel-place.dto';
import { type MapStart, ParcelLocatorService } from './parcel-locator.service';

/** The store's parcel map for the signed-in County Tracker subscriber: where it opens. */
@ApiTags('parcels')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@UseGuards(SignedInGuard)
@Controller('parcel-map')
export class ParcelMapController {
  constructor(private readonly locator: ParcelLocatorService) {}

  @Get()
  @Header('Cache-Control', 'private, no-cache')
  @ApiOperation({
    summary: "The signed-in customer's County Tracker counties, their box and a place with parcels",
    description: 'Where the store’s parcel map opens; its parcels come from /api/parcels and /api/tiles.',
  })
  @ApiOkResponse({ type: ParcelMapStartDto })
  @ApiForbiddenResponse({ description: 'The customer has no active County Tracker' })
  start(@SignedInUserId() userId: string): Promise<MapStart> {
    return this.locator.mapStart(userId);
  }
}
