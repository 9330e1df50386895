import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiNotAcceptableResponse,
  ApiOperation,
  ApiProduces,
  ApiServiceUnavailableResponse,
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
import { changeStreamFormat } from './change-stream';
import { CHANGE_STREAM_LIMITS, ChangesSinceService } from './changes-since.service';
import { DataApiService } from './data-api.service';
import { ChangesQueryDto } from './dto/changes-query.dto';
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
    private readonly changesSince: ChangesSinceService,
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

  @Get('changes')
  @ApiOperation({
    summary: 'A county’s net changes since a release the token owner’s County Tracker includes, streamed',
    description:
      'Brings a copy of the county at `since` up to the newest release the County Tracker includes now (header ' +
      '`Cds-Release`; `Cds-Since` and `Cds-Schema-Version` too): a row a parcel, with `change` (added, removed or ' +
      'changed), `change_types`, `changed_fields` and the record, as the change files have them. A parcel added and ' +
      'removed again in between is absent; a removed parcel carries its last record; a changed one lists every field ' +
      'its changes touched. Rows come by the release that last changed them. `Accept: text/csv` (the default) or ' +
      '`application/x-ndjson` (an object a line; lists as arrays, empty values as null). A stream cut short ends ' +
      'without its final chunk: load it again. `since` equal to the newest release answers no rows.',
  })
  @ApiProduces('text/csv', 'application/x-ndjson')
  @ApiOkResponse({ description: 'The changes, streamed', schema: { type: 'string', format: 'binary' } })
  @ApiBadRequestResponse({ description: 'county, since or types is missing or malformed' })
  @ApiForbiddenResponse({
    description:
      'No subscription of the token’s owner for the county, a County SnapShot only, a County Tracker that includes ' +
      'nothing now, or `since` before the first release it includes',
  })
  @ApiNotFoundResponse({ description: '`since` is not a published release of the county up to the newest included' })
  @ApiConflictResponse({ description: 'A release in between has no change file (the county was not compared then)' })
  @ApiNotAcceptableResponse({ description: 'Accept names neither text/csv nor application/x-ndjson' })
  @ApiServiceUnavailableResponse({
    description: `More than ${CHANGE_STREAM_LIMITS.process} change streams at once on this server (or ${CHANGE_STREAM_LIMITS.customer} of the owner's, 429): see Retry-After`,
  })
  async changes(
    @ApiTokenUserId() userId: string,
    @Query() query: ChangesQueryDto,
    @Headers('accept') accept: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const format = changeStreamFormat(accept);
    await sendRetryAfter(res, () => this.changesSince.answer(userId, query, format, res));
  }
}
