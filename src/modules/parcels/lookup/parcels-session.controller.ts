import { Controller, Get, Header, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { sendRetryAfter } from '../../../common/http/retry-after';
import { RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { ParcelCollectionDto, ParcelFeatureDto } from './dto/parcel-feature.dto';
import { ParcelFieldsQueryDto, ParcelQueryDto } from './dto/parcel-query.dto';
import type { ParcelFeature } from './parcel-feature';
import { type ParcelCollection, ParcelLookupService } from './parcel-lookup.service';

/**
 * Lookups a signed-in customer's map makes: searches, a clicked parcel and the pages of a
 * selection (10,000 parcels are ten pages of a box).
 */
export const SESSION_LOOKUP_LIMIT = { max: 600, windowSeconds: 600 };
/**
 * Answers carry owners and values to a cookie session: no browser or proxy keeps them, so the next
 * person at a shared computer never sees the previous account's parcels.
 */
export const NOT_KEPT = 'private, no-store';

export const TOO_MANY_SESSION_LOOKUPS =
  'Too many parcel lookups from your account in the last minutes. Wait the seconds that Retry-After gives, ' +
  'or use the data API (/api/v1/parcels) for scripts.';

/**
 * /api/parcels: the store's parcel map asks what /api/v1/parcels answers, with the session
 * instead of an API token; the same counties (the customer's County Trackers) and the same answers.
 */
@ApiTags('parcels')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiForbiddenResponse({ description: 'The customer has no active County Tracker' })
@ApiTooManyRequestsResponse({ description: 'Too many lookups from this account; see Retry-After' })
@UseGuards(SignedInGuard)
@Controller('parcels')
export class ParcelsSessionController {
  constructor(
    private readonly lookups: ParcelLookupService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get()
  @Header('Cache-Control', NOT_KEPT)
  @ApiOperation({
    summary: 'Parcels of your County Tracker counties by point, parcel number, address, owner or box',
    description: 'As GET /api/v1/parcels, signed in (the store’s parcel map).',
  })
  @ApiOkResponse({ type: ParcelCollectionDto, description: 'A FeatureCollection (empty when nothing matches)' })
  @ApiBadRequestResponse({ description: 'No question, two at once, or a value out of range; the message says which' })
  async find(
    @SignedInUserId() userId: string,
    @Query() query: ParcelQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ParcelCollection> {
    const scope = await this.lookups.scopeOf(userId);
    await this.count(res, userId);
    return this.lookups.find(scope, query);
  }

  @Get(':parcelKey')
  @Header('Cache-Control', NOT_KEPT)
  @ApiOperation({ summary: 'One parcel of your County Tracker counties by its parcel_key (as /api/v1/parcels/:key)' })
  @ApiParam({ name: 'parcelKey', example: '24510A12345', description: 'County FIPS + parcel number, no separators' })
  @ApiOkResponse({ type: ParcelFeatureDto, description: 'The Feature' })
  @ApiBadRequestResponse({ description: 'fields names a field the schema lacks' })
  @ApiNotFoundResponse({ description: 'No parcel of your County Tracker counties has this key (or it is no key)' })
  async one(
    @SignedInUserId() userId: string,
    @Param('parcelKey') key: string,
    @Query() query: ParcelFieldsQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ParcelFeature> {
    const scope = await this.lookups.scopeOf(userId);
    await this.count(res, userId);
    return this.lookups.one(scope, key, query.fields);
  }

  private count(res: Response, userId: string): Promise<void> {
    return countSessionLookup(this.limiter, res, userId);
  }
}

/** Counts a lookup of the signed-in customer's (parcels or owners), refused past SESSION_LOOKUP_LIMIT. */
export function countSessionLookup(limiter: RateLimiter, res: Response, userId: string): Promise<void> {
  return sendRetryAfter(res, () =>
    limiter.enforce(TOO_MANY_SESSION_LOOKUPS, { key: ['parcel-session-lookups', userId], ...SESSION_LOOKUP_LIMIT }),
  );
}
