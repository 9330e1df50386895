import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiFoundResponse,
  ApiPartialContentResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendRetryAfter } from '../../common/http/retry-after';
import { uuidParam } from '../../common/validation';
import { attachmentDisposition } from '../../integrations/storage/attachment-disposition';
import { formatInfo } from '../../contracts/dataset-formats';
import { BusinessMetrics } from '../../integrations/metrics/business-metrics';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { SignedInGuard, SignedInUserId } from '../auth';
import { parseByteRange } from './byte-range';
import { DownloadsService } from './downloads.service';
import { DownloadChoiceDto } from './dto/download-choice.dto';
import { DownloadLinkDto } from './dto/download-link.dto';

@ApiTags('downloads')
@Controller()
export class DownloadsController {
  constructor(
    private readonly downloads: DownloadsService,
    private readonly storage: DatasetStorage,
    private readonly metrics: BusinessMetrics,
  ) {}

  @Post('subscriptions/:id/download-link')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @ApiOperation({
    summary: "A 15-minute link to the file the customer's subscription includes now, or to one release's file",
    description:
      'Without a body (or with an empty one), the full file the subscription includes now, as CSV. With `release` ' +
      'and/or `kind`, that release’s full file or change file, if the subscription includes it. With `format`, in ' +
      'that format (GET /api/formats lists them). A format not made yet of the file is prepared on this request: ' +
      'the answer is 409 with Retry-After ("The GeoPackage of this file is being prepared. Try again in a minute."), ' +
      'and the same call gives the link once it is ready.',
  })
  @ApiBody({ type: DownloadChoiceDto, required: false })
  @ApiOkResponse({ type: DownloadLinkDto })
  @ApiBadRequestResponse({
    description:
      'The release is not YYYY-MM, the kind not full or changes, or the format not one GET /api/formats lists',
  })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiNotFoundResponse({
    description:
      'No subscription of this customer has this id; or the county has no such release, or that release no change file',
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
  link(
    @SignedInUserId() userId: string,
    @Param('id', uuidParam('subscription'))
    id: string,
    @Body() choice: DownloadChoiceDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DownloadLinkDto> {
    return sendRetryAfter(res, () => this.downloads.linkFor(id, { userId }, choice));
  }

  @Get('downloads/:token')
  @ApiOperation({
    summary: 'Download a county file through a signed link (supports Range to resume)',
    description:
      'With local file storage the API sends the file itself. With object storage (STORAGE_URL) it answers 302 ' +
      'to a 15-minute presigned URL of the bucket, which serves the same bytes, file name and Range support: ' +
      'clients must follow redirects (curl -L). ' +
      'Content-Type and the file name follow the format: .csv.gz and .geojson.gz (newline-delimited GeoJSON) as ' +
      'application/gzip, .gpkg as application/geopackage+sqlite3, .shp.zip as application/zip, .parquet as ' +
      'application/vnd.apache.parquet.',
  })
  @ApiProduces(
    'application/gzip',
    'application/geopackage+sqlite3',
    'application/zip',
    'application/vnd.apache.parquet',
  )
  @ApiOkResponse({ description: 'The file', schema: { type: 'string', format: 'binary' } })
  @ApiFoundResponse({ description: 'With object storage: Location is a presigned URL of the file, valid 15 minutes' })
  @ApiPartialContentResponse({ description: 'The requested byte range', schema: { type: 'string', format: 'binary' } })
  @ApiGoneResponse({ description: 'The link has expired; get a fresh one' })
  @ApiNotFoundResponse({ description: 'Not a link the store made (altered or made up)' })
  @ApiForbiddenResponse({
    description: 'The subscription no longer includes this file, or is on hold during a payment dispute',
  })
  async download(@Param('token') token: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { dataset, filename } = await this.downloads.open(token);
    const contentType = formatInfo(dataset.format).mediaType;
    // Checked above: only an entitled link reaches the store. The URL is a bearer credential for
    // 15 minutes, so it goes to the client in Location and nowhere else (never into a log).
    const direct = await this.storage.downloadUrl(dataset.storageKey, { filename, contentType });
    if (direct) {
      // Not res.redirect(): it would repeat the URL in a body for browsers to render.
      res.status(302).set({ Location: direct, 'Cache-Control': 'private, no-store' }).end();
      this.metrics.downloaded(dataset.format);
      return;
    }
    const size = dataset.bytes;
    const range = parseByteRange(req.headers.range, size);
    const headers = {
      'Content-Type': contentType,
      'Content-Disposition': attachmentDisposition(filename),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
      ETag: `"${dataset.sha256}"`,
    };
    if (range === 'unsatisfiable') {
      res
        .status(416)
        .set({ ...headers, 'Content-Range': `bytes */${size}` })
        .end();
      return;
    }
    const part = range ?? { start: 0, end: size - 1 };
    const head = {
      status: range ? 206 : 200,
      headers: {
        ...headers,
        'Content-Length': String(part.end - part.start + 1),
        ...(range && { 'Content-Range': `bytes ${part.start}-${part.end}/${size}` }),
      },
    };
    // A HEAD asks what a download would be: nothing to read, nothing downloaded.
    if (req.method === 'HEAD') {
      res.writeHead(head.status, head.headers).end();
      return;
    }
    // A download is counted once, at its first byte: a client resuming it asks for a later range.
    if (part.start === 0) this.metrics.downloaded(dataset.format);
    // Written only once the file is open: a file that cannot be read gets the error answer instead.
    await this.storage.send(dataset.storageKey, part, res, head);
  }
}
