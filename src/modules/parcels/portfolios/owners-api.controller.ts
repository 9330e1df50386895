import { Controller, Get, Param, Query, Res, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
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
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId } from '../../api-tokens';
import { ParcelLookupService } from '../lookup/parcel-lookup.service';
import { OwnerMatchesDto, OwnerPortfolioDto } from './dto/owner-portfolio.dto';
import { OwnerExportQueryDto, OwnerPortfolioQueryDto, OwnerSearchQueryDto } from './dto/owner-query.dto';
import { type OwnerPortfolio, OwnerPortfolioService } from './owner-portfolio.service';
import { exportFile, OWNER_ID_PARAM, PORTFOLIO_DEFAULT_PAGE, SEARCH_DEFAULT_MATCHES } from './portfolio-routes';

/**
 * /api/v1/owners: owners across the token owner's County Tracker counties, however the county
 * records spell them; what an owner holds in other counties is counted, never shown.
 */
@ApiTags('owners')
@ApiBearerAuth('apiToken')
@ApiUnauthorizedResponse({ description: 'No API token, or one that is malformed, unknown or revoked' })
@ApiForbiddenResponse({ description: 'The token’s owner has no active County Tracker' })
@ApiTooManyRequestsResponse({
  description: `More than ${API_TOKEN_RATE_LIMIT.max} requests with this token in ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds; see Retry-After`,
})
@UseGuards(ApiTokenGuard)
@Controller('v1/owners')
export class OwnersApiController {
  constructor(
    private readonly lookups: ParcelLookupService,
    private readonly portfolios: OwnerPortfolioService,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Owners by name, best matches first, with their parcels in your counties and elsewhere',
    description:
      'Case, punctuation, word order ("SMITH JOHN A" / "John A. Smith"), legal forms (LLC / L.L.C.) and common ' +
      'abbreviations (HLDGS / HOLDINGS) do not matter. Only owners of parcels in your County Tracker counties answer.',
  })
  @ApiOkResponse({ type: OwnerMatchesDto })
  @ApiBadRequestResponse({ description: 'No name, or a value out of range; the message says which' })
  async search(@ApiTokenUserId() userId: string, @Query() query: OwnerSearchQueryDto): Promise<OwnerMatchesDto> {
    const scope = await this.lookups.scopeOf(userId);
    return { owners: await this.portfolios.search(scope, query.name, query.limit ?? SEARCH_DEFAULT_MATCHES) };
  }

  @Get(':ownerId')
  @ApiOperation({
    summary: 'An owner’s portfolio in your counties: names seen, mailing addresses, totals by county, parcels',
  })
  @ApiParam(OWNER_ID_PARAM)
  @ApiOkResponse({ type: OwnerPortfolioDto })
  @ApiBadRequestResponse({
    description: 'An owner id that is no UUID, limit out of range, or a cursor this API did not give',
  })
  @ApiNotFoundResponse({ description: 'No owner of parcels in your counties has this id' })
  async portfolio(
    @ApiTokenUserId() userId: string,
    @Param('ownerId', uuidParam('owner')) ownerId: string,
    @Query() query: OwnerPortfolioQueryDto,
  ): Promise<OwnerPortfolio> {
    const scope = await this.lookups.scopeOf(userId);
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
    @ApiTokenUserId() userId: string,
    @Param('ownerId', uuidParam('owner')) ownerId: string,
    @Query() query: OwnerExportQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const scope = await this.lookups.scopeOf(userId);
    return exportFile(this.portfolios, scope, ownerId, query.format ?? 'csv', res);
  }
}
