import { Controller, Get, Header, Param, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { uuidParam } from '../../../common/validation';
import { RateLimiter } from '../../../integrations/redis/rate-limiter.service';
import { SignedInGuard, SignedInUserId } from '../../auth';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { countSessionLookup, NOT_KEPT } from '../lookup/parcels-session.controller';
import { OwnerMatchesDto, OwnerPortfolioDto } from './dto/owner-portfolio.dto';
import { OwnerExportQueryDto, OwnerPortfolioQueryDto, OwnerSearchQueryDto } from './dto/owner-query.dto';
import { type OwnerPortfolio, OwnerPortfolioService } from './owner-portfolio.service';
import { exportFile, OWNER_ID_PARAM, PORTFOLIO_DEFAULT_PAGE, SEARCH_DEFAULT_MATCHES } from './portfolio-routes';

/** /api/owners: the store's owner pages ask what /api/v1/owners answers, signed in instead of with a token. */
@ApiTags('owners')
@ApiUnauthorizedResponse({ description: 'Not signed in' })
@ApiForbiddenResponse({ description: 'The customer has no active County Tracker' })
@ApiTooManyRequestsResponse({ description: 'Too many lookups from this account; see Retry-After' })
@UseGuards(SignedInGuard)
@Controller('owners')
export class OwnersSessionController {
  constructor(
    private readonly lookups: ParcelLookupService,
    private readonly portfolios: OwnerPortfolioService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get()
  @Header('Cache-Control', NOT_KEPT)
  @ApiOperation({ summary: 'Owners of parcels in your County Tracker counties by name (as GET /api/v1/owners)' })
  @ApiOkResponse({ type: OwnerMatchesDto })
  @ApiBadRequestResponse({ description: 'No name, or a value out of range; the message says which' })
  async search(
    @SignedInUserId() userId: string,
    @Query() query: OwnerSearchQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OwnerMatchesDto> {
    const scope = await this.lookups.scopeOf(userId);
    await countSessionLookup(this.limiter, res, userId);
    return { owners: await this.portfolios.search(scope, query.name, query.limit ?? SEARCH_DEFAULT_MATCHES) };
  }

  @Get(':ownerId')
  @Header('Cache-Control', NOT_KEPT)
  @ApiOperation({ summary: 'An owner’s portfolio in your counties (as GET /api/v1/owners/:ownerId)' })
  @ApiParam(OWNER_ID_PARAM)
  @ApiOkResponse({ type: OwnerPortfolioDto })
  @ApiBadRequestResponse({
    description: 'An owner id that is no UUID, limit out of range, or a cursor this API did not give',
  })
  @ApiNotFoundResponse({ description: 'No owner of parcels in your counties has this id' })
  async portfolio(
    @SignedInUserId() userId: string,
    @Param('ownerId', uuidParam('owner')) ownerId: string,
    @Query() query: OwnerPortfolioQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<OwnerPortfolio> {
    const scope = await this.lookups.scopeOf(userId);
    await countSessionLookup(this.limiter, res, userId);
    return this.portfolios.portfolio(scope, ownerId, query.limit ?? PORTFOLIO_DEFAULT_PAGE, query.cursor);
  }

  @Get(':ownerId/export')
  @ApiOperation({ summary: 'Every parcel of the owner in your counties, as a CSV or GeoJSON file' })
  @ApiParam(OWNER_ID_PARAM)
  @ApiProduces('text/csv', 'application/geo+json')
  @ApiOkResponse({ description: 'The file, as an attachment', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'An owner id that is no UUID, or a format other than csv and geojson' })
  @ApiNotFoundResponse({ description: 'No owner of parcels in your counties has this id' })
  async export(
    @SignedInUserId() userId: string,
    @Param('ownerId', uuidParam('owner')) ownerId: string,
    @Query() query: OwnerExportQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const scope = await this.lookups.scopeOf(userId);
    await countSessionLookup(this.limiter, res, userId);
    return exportFile(this.portfolios, scope, ownerId, query.format ?? 'csv', res);
  }
}
