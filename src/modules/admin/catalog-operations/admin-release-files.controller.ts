import { Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { allowLongBody } from '../../../common/http/request-deadline';
import { uuidParam } from '../../../common/validation';
import { IngestFileQueryDto, IngestJobDto } from '../../releases';
import { AdminReleaseFilesService } from './admin-release-files.service';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminReleaseFilesController {
  constructor(private readonly files: AdminReleaseFilesService) {}

  @Post('releases/:id/files')
  @StaffRoleRequired('admin')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a source file to a draft release: one county, or many split by county_fips',
    description:
      'The request body is the file itself, CSV or gzip-compressed CSV (told apart by its first bytes; ' +
      'Content-Encoding: gzip means the same). It is checked as it streams in: UTF-8 text, a header of data ' +
      'schema fields (each once, parcel_id and county_fips among them), records of at most 1 MiB with the ' +
      "header's number of fields, at most RELEASE_FILE_MAX_BYTES (100 GiB by default). The worker then splits it " +
      'into one gzip CSV per county (with ?countyId=, rows of other counties are counted and left out), checks ' +
      'every value against its field type and records each county with its QA row; follow it with ' +
      'GET /api/admin/jobs/{id}. Example: curl -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/gzip" ' +
      '--data-binary @national.csv.gz "$STORE/api/admin/releases/$RELEASE/files"',
  })
  @ApiConsumes('text/csv', 'application/gzip', 'application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'The .csv or .csv.gz file' })
  @ApiAcceptedResponse({ type: IngestJobDto, description: 'The ingest job, queued' })
  @ApiBadRequestResponse({
    description: 'Empty file, header not of the schema, a record too long or with the wrong number of fields',
  })
  @ApiNotFoundResponse({ description: 'No release (or county) has this id' })
  @ApiConflictResponse({ description: 'The release is published' })
  @ApiPayloadTooLargeResponse({ description: 'Larger than RELEASE_FILE_MAX_BYTES (refused or cut off)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Another content type, binary data, UTF-16 or not UTF-8' })
  ingest(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('release')) id: string,
    @Query() query: IngestFileQueryDto,
    @Req() req: Request,
  ): Promise<IngestJobDto> {
    // A national source file takes hours to send: past the guard, its body may take them.
    allowLongBody(req);
    return this.files.ingest(sessionId, id, query.countyId ?? null, req);
  }

  @Get('jobs/:id')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'An ingest job: its state, how far it has read, what it found, what went wrong',
    description: 'Progress is written about every second while the job runs.',
  })
  @ApiOkResponse({ type: IngestJobDto })
  @ApiNotFoundResponse({ description: 'No ingest job has this id' })
  job(@Param('id', uuidParam('job')) id: string): Promise<IngestJobDto> {
    return this.files.job(id);
  }
}
