import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendRetryAfter } from '../../common/http/retry-after';
import { lenientQuery, uuidParam } from '../../common/validation';
import { FORMAT_IDS } from '../../contracts/dataset-formats';
import { DownloadChoiceDto, DownloadLinkDto, FILE_KINDS } from '../downloads';
import { EmailDownloadQueryDto } from './dto/email-download-query.dto';
import { invoicePdfHeaders } from '../invoices';
import { OrderPageDto } from './dto/order-page.dto';
import { OrderPageService } from './order-page.service';

const isConflict = (error: unknown) =>
  error instanceof HttpException && error.getStatus() === Number(HttpStatus.CONFLICT);

@ApiTags('orders')
@ApiNotFoundResponse({ description: 'The token names no paid order (or, for an invoice, none of this order’s)' })
@ApiForbiddenResponse({ description: 'A dispute of the order’s payment is open, or was lost' })
@ApiGoneResponse({ description: 'A link staff made, past its 30 days; the message says how to get a new one' })
@Controller('orders/:token')
export class OrderPageController {
  constructor(private readonly orderPages: OrderPageService) {}

  @Get()
  @ApiOperation({ summary: 'An order and what each of its subscriptions can download, by the token from the receipt' })
  @ApiOkResponse({ type: OrderPageDto })
  show(@Param('token') token: string): Promise<OrderPageDto> {
    return this.orderPages.show(token);
  }

  @Post('subscriptions/:id/download-link')
  @HttpCode(200)
  @ApiOperation({
    summary: 'A fresh 15-minute download link for one of the order’s subscriptions',
    description:
      'Without a body, the full file the subscription includes now, as CSV; with `release` and/or `kind`, that ' +
      'release’s full file or change file (County Tracker only), if the subscription includes it; with `format`, ' +
      'in that format (GET /api/formats). A format not made yet of the file is prepared: 409 with Retry-After ' +
      'meanwhile.',
  })
  @ApiBody({ type: DownloadChoiceDto, required: false })
  @ApiOkResponse({ type: DownloadLinkDto })
  @ApiBadRequestResponse({
    description:
      'The release is not YYYY-MM, the kind not full or changes, or the format not one GET /api/formats lists',
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
  @ApiTooManyRequestsResponse({ description: 'Too many download links for this order; see Retry-After' })
  link(
    @Param('token') token: string,
    @Param('id', uuidParam('subscription')) id: string,
    @Body() choice: DownloadChoiceDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<DownloadLinkDto> {
    return sendRetryAfter(res, () => this.orderPages.linkFor(token, id, choice));
  }

  @Get('subscriptions/:id/download')
  @ApiOperation({
    summary: 'The lasting link in emails: makes a fresh download link and redirects to it',
    description:
      'Without a query, to the full file the subscription includes now, as CSV; with ' +
      '`?release=YYYY-MM&kind=full|changes&format=csv|gpkg|shp|geojson|parquet`, to that release’s full file or change ' +
      'file in that format, checked as the download-link call checks it. `file=` (the old name of `kind`) still works.',
  })
  @ApiQuery({
    name: 'release',
    required: false,
    type: String,
    example: '2026-11',
    description: 'A monthly release, YYYY-MM',
  })
  @ApiQuery({
    name: 'kind',
    required: false,
    enum: FILE_KINDS,
    description: 'The full file (default) or the change file',
  })
  @ApiQuery({ name: 'format', required: false, enum: FORMAT_IDS, description: 'The format (default csv)' })
  @ApiFoundResponse({
    description:
      'Redirect to the file; for a browser (Accept: text/html) asking for a format still being prepared, ' +
      'to the order page, which waits for it and then downloads it',
  })
  @ApiBadRequestResponse({
    description:
      'The release is not YYYY-MM, the kind not full or changes, or the format not one GET /api/formats lists',
  })
  @ApiForbiddenResponse({
    description:
      'The subscription includes no file now (cancelled, expired, refunded, or on hold during a payment dispute), ' +
      'does not include the chosen release, or is a County SnapShot asking for a change file',
  })
  @ApiConflictResponse({
    description:
      "The county's data is not available yet, or the chosen format of the file is being prepared: see Retry-After",
  })
  @ApiTooManyRequestsResponse({ description: 'Too many download links for this order; see Retry-After' })
  async download(
    @Param('token') token: string,
    @Param('id', uuidParam('subscription')) id: string,
    @Query(lenientQuery(EmailDownloadQueryDto)) query: Record<string, unknown> & EmailDownloadQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { file, ...choice } = query;
    const kind = choice.kind ?? file;
    try {
      const { url } = await sendRetryAfter(res, () =>
        this.orderPages.linkFor(token, id, { ...choice, ...(kind && { kind }) }),
      );
      res.redirect(302, url);
    } catch (error) {
      // A buyer who clicked an email's link for a format still being prepared would see a bare error:
      // their order page waits for the file instead and starts the download when it is ready.
      if (!(choice.format && isConflict(error) && req.accepts(['json', 'html']) === 'html')) throw error;
      const wanted = new URLSearchParams({
        subscription: id,
        ...(choice.release && { release: choice.release }),
        kind: kind ?? 'full',
        format: choice.format,
      });
      res.redirect(302, `/orders/${encodeURIComponent(token)}?${wanted.toString()}`);
    }
  }

  @Get('invoices/:invoiceId/pdf')
  @ApiOperation({ summary: 'One of the order’s invoices (the checkout, or a renewal) as a PDF' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The invoice PDF, as an attachment named after its number',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiBadRequestResponse({ description: 'The invoice id is not a UUID' })
  async invoicePdf(
    @Param('token') token: string,
    @Param('invoiceId', uuidParam('invoice')) invoiceId: string,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.orderPages.invoicePdf(token, invoiceId);
    res.status(200).set(invoicePdfHeaders(file)).end(file.body);
  }
}
