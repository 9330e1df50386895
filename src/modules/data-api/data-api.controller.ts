import { Body, Controller, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { JsonBodyOnly } from '../../common/http/json-body';
import { sendRetryAfter } from '../../common/http/retry-after';
import { releaseMonthParam, uuidParam } from '../../common/validation';
import { API_TOKEN_RATE_LIMIT, ApiTokenGuard, ApiTokenUserId, REFUSED_TOKEN_LIMIT } from '../api-tokens';
import { DownloadChoiceDto, DownloadLinkDto, DownloadsService } from '../downloads';
import { DataApiService } from './data-api.service';
import { ApiSubscriptionDto } from './dto/api-subscription.dto';
import { ReleaseManifestDto } from './dto/release-manifest.dto';
import { ReleaseManifestService } from './release-manifest.service';

/** The OpenAPI security scheme of the data API (declared in src/api-docs/api-document.ts). */
export const API_TOKEN_SCHEME = 'apiToken';

/**
 * The data API: what a customer's scripts do on their behalf with an API token, the same calls
 * and rules as the dashboard. Only the bearer token counts (no session is read here: see
 * AppModule), so the answers are those of the token's owner and no one else.
 */
@ApiTags('data api')
@ApiBearerAuth(API_TOKEN_SCHEME)
@ApiUnauthorizedResponse({
  description: 'No API token, or one that is malformed, unknown or revoked (with WWW-Authenticate: Bearer)',
})
@ApiTooManyRequestsResponse({
  description:
    `More than ${API_TOKEN_RATE_LIMIT.max} requests with this token in ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds, ` +
    `or more than ${REFUSED_TOKEN_LIMIT.max} refused tokens from this address in ${REFUSED_TOKEN_LIMIT.windowSeconds / 60} minutes; see Retry-After`,
})
@UseGuards(ApiTokenGuard)
@Controller('v1')
export class DataApiController {
  constructor(
    private readonly data: DataApiService,
    private readonly downloads: DownloadsService,
    private readonly manifests: ReleaseManifestService,
  ) {}

  @Get('subscriptions')
  @ApiOperation({
    summary: "The token owner's subscriptions, newest first, with the releases each may download now",
  })
  @ApiOkResponse({ type: ApiSubscriptionDto, isArray: true })
  list(@ApiTokenUserId() userId: string): Promise<ApiSubscriptionDto[]> {
    return this.data.subscriptionsOf(userId);
  }

  @Post('subscriptions/:id/download-link')
  @HttpCode(200)
  // `curl -d release=…` sends a form: refused, rather than read as no choice and answered with another file.
  @UseGuards(JsonBodyOnly)
  @ApiOperation({
    summary: 'A 15-minute link to a file of one of the token owner’s subscriptions (as the dashboard’s call)',
    description:
      'Without a body (or with an empty one), the full CSV the subscription includes now. With `release` and/or ' +
      '`kind`, that release’s full file or change file, if the subscription includes it; `format` picks its format ' +
      '(GET /api/formats). GET the link’s url (no token needed; `curl -L` follows any redirect).',
  })
  @ApiBody({ type: DownloadChoiceDto, required: false })
  @ApiOkResponse({ type: DownloadLinkDto })
  @ApiBadRequestResponse({
    description: 'The id is not a UUID, or the body names no release, kind or format there can be',
  })
  @ApiNotFoundResponse({
    description:
      'No subscription of the token’s owner has this id; or the county has no such release, or that release no change file',
  })
  @ApiForbiddenResponse({
    description:
      'The subscription includes no file now (cancelled, expired, refunded, or on hold during a payment dispute), ' +
      'does not include the chosen release, or is a County SnapShot asking for a change file',
  })
  @ApiConflictResponse({
    description:
      "The county's data is not available yet (no file for the purchase's month), or the chosen format of the file " +
      'is being prepared: try again after Retry-After seconds',
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'A body that is not JSON' })
  link(
    @ApiTokenUserId() userId: string,
    @Param('id', uuidParam('subscription')) id: string,
    @Body() choice: DownloadChoiceDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DownloadLinkDto> {
    return sendRetryAfter(res, () => this.downloads.linkFor(id, { userId }, choice));
  }

  @Get('releases/:month/manifest.json')
  @ApiOperation({
    summary:
      'What the token owner holds of one release: every file of each county, with size, SHA-256, records and schema version',
    description:
      'Each county the owner holds in the release (as download links allow: a County SnapShot its one release, ' +
      'County Tracker every release of its period, change files included), with each stored file in every format. ' +
      'A pipeline checks what it downloaded against `sha256` and `bytes`. Formats not made yet are listed under ' +
      '`preparing`; a download link for one has it made. A release holding none of the owner’s counties answers an ' +
      'empty list.',
  })
  @ApiOkResponse({ type: ReleaseManifestDto })
  @ApiBadRequestResponse({ description: 'The month is not written as YYYY-MM' })
  manifest(
    @ApiTokenUserId() userId: string,
    @Param('month', releaseMonthParam()) month: string,
  ): Promise<ReleaseManifestDto> {
    return this.manifests.manifestOf(userId, month);
  }
}
