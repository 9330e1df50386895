import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiNotModifiedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ClientAddress } from '../../common/http/client-address';
import { matchesIfNoneMatch } from '../../common/http/precompressed-body';
import { sendRetryAfter } from '../../common/http/retry-after';
import { uuidParam } from '../../common/validation';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { CoverageService } from '../releases';
import { CountyReleaseDto } from '../releases';
import { ReleaseHistoryService } from '../releases';

// As the county summary: outside production a county without data may have its stand-in generated.
const HISTORY_LIMIT = { max: 300, windowSeconds: 600 };
const TOO_MANY = 'Too many requests for county data from your address. Please wait a few minutes and try again.';
// A new release comes monthly; five minutes late is nothing, and spares the database every reload.
const HISTORY_CACHE = 'public, max-age=300';
// The coverage list is rebuilt on the server after a publication; clients revalidate each minute (ETag).
const COVERAGE_CACHE = 'public, max-age=60';

@ApiTags('counties')
@Controller()
export class ReleaseHistoryController {
  constructor(
    private readonly releases: ReleaseHistoryService,
    private readonly coverage: CoverageService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('counties/:id/releases')
  @ApiOperation({
    summary: "A county's published releases, newest first, with the parcels each added, removed and changed",
    description:
      'Drafts never appear. A county with no published release has, outside production, the generated stand-in ' +
      'a purchase made now would include (change counts null); in production, an empty list.',
  })
  @ApiOkResponse({ type: CountyReleaseDto, isArray: true, description: 'Cacheable for 5 minutes' })
  @ApiBadRequestResponse({ description: 'The county id is not a UUID' })
  @ApiNotFoundResponse({ description: 'No county on sale has this id (unknown or removed)' })
  @ApiTooManyRequestsResponse({ description: 'Too many requests from this address; see Retry-After' })
  async history(
    @Param('id', uuidParam('county')) id: string,
    @ClientAddress() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CountyReleaseDto[]> {
    await sendRetryAfter(res, () =>
      this.limiter.enforce(TOO_MANY, { key: ['county-releases', 'ip', ip], ...HISTORY_LIMIT }),
    );
    const releases = await this.releases.releasesOf(id);
    res.setHeader('Cache-Control', HISTORY_CACHE);
    return releases;
  }

  @Get('coverage.csv')
  @ApiOperation({
    summary: 'Every county on sale with its current release, records and when that release was published (CSV)',
    description:
      'Columns fips,name,state,current_release,records,last_published (ISO 8601); the last three are empty for a ' +
      'county with no published release. Rebuilt on the server at most every 5 minutes and at once after a publication.',
  })
  @ApiProduces('text/csv')
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' })
  @ApiOkResponse({ description: 'A CSV attachment (county-coverage.csv); strong ETag', schema: { type: 'string' } })
  @ApiNotModifiedResponse({ description: 'The list has not changed since that ETag' })
  async coverageCsv(@Req() req: Request, @Res() res: Response): Promise<void> {
    const csv = await this.coverage.csv();
    const headers = { ETag: csv.etag, 'Cache-Control': COVERAGE_CACHE };
    if (matchesIfNoneMatch(req.headers['if-none-match'], csv.etag)) {
      res.status(304).set(headers).end();
      return;
    }
    res
      .status(200)
      .set({
        ...headers,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="county-coverage.csv"',
      })
      .send(csv.body);
  }
}
