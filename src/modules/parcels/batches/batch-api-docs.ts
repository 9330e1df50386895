import { applyDecorators } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { ParcelBatchDto } from './dto/parcel-batch.dto';
import {
  BATCH_KEPT_DAYS,
  MAX_ACTIVE_BATCHES,
  MAX_BATCH_BYTES,
  MAX_BATCH_ROWS,
  MAX_KEPT_BATCHES,
} from './parcel-batches.constants';

/** The OpenAPI description of the batch routes, shared by the data API's and the dashboard's. */
export const BatchDocs = {
  send: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Send a CSV of rows to match to parcels (batch append); answers 202 with the batch',
        description:
          `The body is the CSV itself (Content-Type: text/csv, UTF-8), at most ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows ` +
          `and ${MAX_BATCH_BYTES / 1024 / 1024} MB. Its header names an \`id\` column and the columns to match by: ` +
          '`address`; `lat` and `lon`; or `county` (FIPS) and `parcel`. Each row is matched by the first of these it ' +
          'has, against the parcels of your County Tracker counties’ current release. The batch is matched in the ' +
          'background: follow it at links.self; once done, links.result is the CSV with parcel_key, match_kind, ' +
          'match_score and the chosen fields appended to every row.',
      }),
      ApiConsumes('text/csv'),
      ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'The CSV' }),
      ApiAcceptedResponse({ type: ParcelBatchDto, description: 'The batch, queued' }),
      ApiBadRequestResponse({
        description:
          'A header without id or without columns to match by, a county that is not a FIPS code (naming the row), ' +
          'too many rows, or a CSV that cannot be read',
      }),
      ApiForbiddenResponse({ description: 'No active County Tracker' }),
      ApiPayloadTooLargeResponse({ description: `A body over ${MAX_BATCH_BYTES} bytes` }),
      ApiUnsupportedMediaTypeResponse({ description: 'A body that is not text/csv in UTF-8' }),
      ApiTooManyRequestsResponse({
        description:
          `${MAX_ACTIVE_BATCHES} of your batches are queued or running, or you have sent ${MAX_KEPT_BATCHES} in the last ` +
          `${BATCH_KEPT_DAYS} days (or, with a token, too many requests): see Retry-After. The body is not read.`,
      }),
    ),
  list: () =>
    applyDecorators(
      ApiOperation({ summary: 'Your batches of the last 7 days, newest first (at most 50)' }),
      ApiOkResponse({ type: ParcelBatchDto, isArray: true }),
    ),
  one: () =>
    applyDecorators(
      ApiOperation({ summary: 'A batch: its status and progress, and its result link once done' }),
      ApiParam({ name: 'id', format: 'uuid' }),
      ApiOkResponse({ type: ParcelBatchDto }),
      ApiNotFoundResponse({ description: 'No batch of yours has this id' }),
    ),
  result: () =>
    applyDecorators(
      ApiOperation({
        summary: 'Download a done batch’s result CSV',
        description:
          'With local file storage the API sends the file. With object storage (STORAGE_URL) it answers 302 to a ' +
          '15-minute presigned URL of the file: clients must follow redirects (curl -L).',
      }),
      ApiParam({ name: 'id', format: 'uuid' }),
      ApiProduces('text/csv'),
      ApiOkResponse({ description: 'The result CSV', schema: { type: 'string', format: 'binary' } }),
      ApiFoundResponse({ description: 'With object storage: Location is a presigned URL of the file' }),
      ApiNotFoundResponse({ description: 'No batch of yours has this id' }),
      ApiConflictResponse({ description: 'The batch is not done (queued, running or failed)' }),
    ),
};
