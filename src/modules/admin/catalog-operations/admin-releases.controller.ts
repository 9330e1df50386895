import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { JsonBodyOnly } from '../../../common/http/json-body';
import { uuidParam } from '../../../common/validation';
import {
  CreateReleaseDto,
  PublishReleaseDto,
  ReleaseDetailDto,
  ReleaseDto,
  ReleasePreviewService,
} from '../../releases';
import { AdminReleasesService } from './admin-releases.service';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import { RecordsPreviewDto } from './dto/admin-coverage.dto';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/releases')
export class AdminReleasesController {
  constructor(
    private readonly releases: AdminReleasesService,
    private readonly previews: ReleasePreviewService,
  ) {}

  @Post()
  @StaffRoleRequired('admin')
  @ApiOperation({
    summary: 'Start the draft release of a month',
    description:
      'A draft is invisible to buyers until published; its county files are ingested with POST /api/admin/releases/{id}/files.',
  })
  @ApiCreatedResponse({ type: ReleaseDto })
  @ApiBadRequestResponse({ description: 'month is not YYYY-MM' })
  @ApiConflictResponse({ description: 'That month has a release already' })
  create(@AdminSessionId() sessionId: string, @Body() dto: CreateReleaseDto): Promise<ReleaseDto> {
    return this.releases.create(sessionId, dto.month);
  }

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'The releases, newest month first' })
  @ApiOkResponse({ type: ReleaseDto, isArray: true })
  list(): Promise<ReleaseDto[]> {
    return this.releases.list();
  }

  @Get(':id')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'A release and one QA row per county: checks, comparison with the previous release, flags' })
  @ApiOkResponse({ type: ReleaseDetailDto })
  @ApiNotFoundResponse({ description: 'No release has this id' })
  detail(@Param('id', uuidParam('release')) id: string): Promise<ReleaseDetailDto> {
    return this.releases.detail(id);
  }

  @Get(':id/counties/:countyId/preview')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: "The first records of a county's file in the release, to check before publishing" })
  @ApiOkResponse({ type: RecordsPreviewDto })
  @ApiNotFoundResponse({ description: 'No release has this id, or the county has no file in it' })
  preview(
    @Param('id', uuidParam('release')) id: string,
    @Param('countyId', uuidParam('county')) countyId: string,
  ): Promise<RecordsPreviewDto> {
    return this.previews.preview(id, countyId);
  }

  @Post(':id/publish')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: "Publish a draft's counties, all at once",
    description:
      'Every county of the draft is published in one transaction, except those in exclude. A county still being ' +
      'checked, or with a QA flag not listed in acknowledge, stops the publication (409 naming it). A month still ' +
      'to come cannot be published before its first day (UTC; 409 naming it): a published release is current for ' +
      'buyers at once. County Tracker subscribers of the published counties are emailed what changed.',
  })
  @ApiOkResponse({ type: ReleaseDto, description: 'The release as published' })
  @ApiBadRequestResponse({ description: 'An id listed is not a county of the release' })
  @ApiNotFoundResponse({ description: 'No release has this id' })
  @ApiConflictResponse({
    description: 'Published already, a month still to come, nothing to publish, counties being checked or flagged',
  })
  @ApiUnsupportedMediaTypeResponse({ description: 'A body that is not JSON' })
  @UseGuards(JsonBodyOnly)
  publish(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('release')) id: string,
    @Body() dto: PublishReleaseDto,
  ): Promise<ReleaseDto> {
    return this.releases.publish(sessionId, id, dto);
  }
}
