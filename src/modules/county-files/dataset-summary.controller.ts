import { Controller, Get, Logger, Param, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
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
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { matchesIfNoneMatch } from '../../common/http/precompressed-body';
import { sendRetryAfter } from '../../common/http/retry-after';
import { uuidParam } from '../../common/validation';
import { SAMPLE_RECORDS } from '../../contracts/county-dataset';
import { Limit, RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { DatasetSummaryService } from './dataset-summary.service';
import { CountyDatasetSummaryDto } from './dto/county-dataset-summary.dto';
import { ClientAddress } from '../../common/http/client-address';

// Public reads: outside production either may generate a county's file, and in production
// the sample reads a stored one. Ample for a person comparing counties, not for a crawler.
const SUMMARY_LIMIT = { max: 300, windowSeconds: 600 };
const SAMPLE_LIMIT = { max: 30, windowSeconds: 600 };
const TOO_MANY = 'Too many requests for county data from your address. Please wait a few minutes and try again.';
const CACHE = 'public, max-age=300';

@ApiTags('counties')
@ApiBadRequestResponse({ description: 'The county id is not a UUID' })
@ApiNotFoundResponse({ description: 'No county on sale has this id (unknown or removed)' })
@ApiConflictResponse({ description: "The county's data is not available yet (no file for this month)" })
@ApiTooManyRequestsResponse({ description: 'Too many requests from this address; see Retry-After' })
@Controller('counties/:id')
export class DatasetSummaryController {
  private readonly logger = new Logger('CountySample');

  constructor(
    private readonly summaries: DatasetSummaryService,
    private readonly limiter: RateLimiter,
  ) {}

  @Get('dataset-summary')
  @ApiOperation({
    summary: "What a county's current release holds: parcels, file size, key-field fill rates, and its sample",
  })
  @ApiOkResponse({
    type: CountyDatasetSummaryDto,
    description: 'Cacheable for 5 minutes, unless its fill rates are still being counted',
  })
  async summary(
    @Param('id', uuidParam('county')) id: string,
    @ClientAddress() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CountyDatasetSummaryDto> {
    await this.limit(res, { key: ['dataset-summary', 'ip', ip], ...SUMMARY_LIMIT });
    const summary = await this.summaries.summary(id);
    // Rates still being counted come within minutes: a cached answer without them would hide them.
    res.setHeader('Cache-Control', summary.fillRates ? CACHE : 'no-store');
    return summary;
  }

  @Get('sample.csv')
  @ApiOperation({
    summary: `The first ${SAMPLE_RECORDS} records of the county's current release, as CSV with its header`,
  })
  @ApiProduces('text/csv')
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'An ETag from an earlier answer' })
  @ApiOkResponse({ description: 'A CSV attachment; strong ETag', schema: { type: 'string' } })
  @ApiNotModifiedResponse({ description: 'The sample has not changed since that ETag' })
  async sample(
    @Param('id', uuidParam('county')) id: string,
    @ClientAddress() ip: string,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.limit(res, { key: ['county-sample', 'ip', ip], ...SAMPLE_LIMIT });
    const sample = await this.summaries.sample(id);
    const headers = { ETag: sample.etag, 'Cache-Control': CACHE };
    if (matchesIfNoneMatch(req.headers['if-none-match'], sample.etag)) {
      res.status(304).set(headers).end();
      return;
    }
    const chunks = sample.open();
    // The first part is read before anything is sent, so that a file that cannot be read
    // is answered as an error rather than as a cut-off sample.
    const first = await chunks.next();
    res.status(200).set({
      ...headers,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${sample.filename}"`,
    });
    async function* body() {
      if (!first.done) yield first.value;
      yield* chunks;
    }
    try {
      await pipeline(Readable.from(body()), res);
    } catch (error) {
      // Headers are out: all that is left is to cut the answer short, which pipeline did.
      if (!res.writableFinished) this.logger.warn(`Sample of county ${id} cut short: ${(error as Error).message}`);
    }
  }

  private limit(res: Response, limit: Limit): Promise<void> {
    return sendRetryAfter(res, () => this.limiter.enforce(TOO_MANY, limit));
  }
}
