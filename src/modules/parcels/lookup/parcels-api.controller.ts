import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId } from '../../api-tokens';
import { ParcelCollectionDto, ParcelFeatureDto } from './dto/parcel-feature.dto';
import { ParcelFieldsQueryDto, ParcelQueryDto } from './dto/parcel-query.dto';
import type { ParcelFeature } from './parcel-feature';
import { type ParcelCollection, ParcelLookupService } from './parcel-lookup.service';

/**
 * /api/v1/parcels: single parcels of the token owner's County Tracker counties, as GeoJSON. A
 * parcel of any other county answers as if it did not exist.
 */
@ApiTags('parcels')
@ApiBearerAuth('apiToken')
@ApiUnauthorizedResponse({ description: 'No API token, or one that is malformed, unknown or revoked' })
@ApiForbiddenResponse({ description: 'The token’s owner has no active County Tracker' })
@ApiTooManyRequestsResponse({
  description: `More than ${API_TOKEN_RATE_LIMIT.max} requests with this token in ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds; see Retry-After`,
})
@UseGuards(ApiTokenGuard)
@Controller('v1/parcels')
export class ParcelsApiController {
  constructor(private readonly lookups: ParcelLookupService) {}

  @Get()
  @ApiOperation({
    summary: 'Parcels by point, parcel number, address, owner or box (a GeoJSON FeatureCollection)',
    description:
      'One question a request. `lat`+`lon`: the parcel containing the point (none in a street); with `radius` ' +
      '(metres, ≤ 1,000) the parcels within it, nearest first, with `match.distance_m`. `county`+`parcel`: by ' +
      'parcel number, with or without separators. `address` or `owner` (optionally with `county`): best matches ' +
      'first, with `match.score` (0–1); case, punctuation, street suffixes and directions (ST/STREET, N/NORTH) ' +
      'do not matter. `bbox`: the parcels meeting the box, a page at a time; `next` is the cursor of the next ' +
      'page (null on the last). Each Feature has the boundary, `parcel_key`, `county_fips`, the `release` it ' +
      'comes from and every schema field (typed as the schema says; `fields=` narrows them).',
  })
  @ApiOkResponse({ type: ParcelCollectionDto, description: 'A FeatureCollection (empty when nothing matches)' })
  @ApiBadRequestResponse({ description: 'No question, two at once, or a value out of range; the message says which' })
  async find(@ApiTokenUserId() userId: string, @Query() query: ParcelQueryDto): Promise<ParcelCollection> {
    return this.lookups.find(await this.lookups.scopeOf(userId), query);
  }

  @Get(':parcelKey')
  @ApiOperation({ summary: 'One parcel by its parcel_key (a GeoJSON Feature)' })
  @ApiParam({ name: 'parcelKey', example: '24510A12345', description: 'County FIPS + parcel number, no separators' })
  @ApiOkResponse({ type: ParcelFeatureDto, description: 'The Feature' })
  @ApiBadRequestResponse({ description: 'fields names a field the schema lacks' })
  @ApiNotFoundResponse({
    description: 'No parcel of the owner’s County Tracker counties has this key (or it is no key)',
  })
  async one(
    @ApiTokenUserId() userId: string,
    @Param('parcelKey') key: string,
    @Query() query: ParcelFieldsQueryDto,
  ): Promise<ParcelFeature> {
    return this.lookups.one(await this.lookups.scopeOf(userId), key, query.fields);
  }
}
