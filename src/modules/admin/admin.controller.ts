import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnauthorizedResponse,
  ApiUnsupportedMediaTypeResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { allowLongBody } from '../../common/http/request-deadline';
import { jsonArrayStream } from '../../common/http/json-array-stream';
import { uuidParam } from '../../common/validation';
import { CatalogCountyDto } from '../counties';
import { AdminCountiesService } from './catalog-operations/admin-counties.service';
import { AuditLogService } from './audit/audit-log.service';
import { AuditEntryDto, AuditLogPageDto, AuditLogQueryDto } from './audit/dto/audit-log.dto';
import { SubscriptionCancellations } from './customer-support/subscription-cancellations.service';
import { CancelledSubscriptionDto } from './customer-support/dto/cancelled-subscription.dto';
import { RemovedCountyDto, UpdateCountyDto } from './catalog-operations/dto/admin-counties.dto';
import { UploadDatasetQueryDto, UploadedDatasetDto } from './catalog-operations/dto/upload-dataset.dto';
import { AdminFiguresService } from './figures/admin-figures.service';
import { AdminAnalyticsDto, AdminSummaryDto } from './figures/dto/admin-figures.dto';
import {
  AdminSubscriptionDto,
  AdminSubscriptionPageDto,
  AdminSubscriptionsQueryDto,
  AdminUserDto,
  AdminUserPageDto,
  AdminUsersQueryDto,
} from './figures/dto/admin-lists.dto';
import { ADMIN_COOKIE, AdminAuthService } from './staff-access/admin-auth.service';
import { AdminGuard, AdminSessionId, AdminStaffRole } from './staff-access/admin.guard';
import { AdminAuthCheckDto, AdminLogoutDto } from './staff-access/dto/admin-session.dto';
import { staffClientOf } from './staff-access/staff-client';
import { StaffRoleRequired, type StaffRole } from './staff-access/staff-role';

/**
 * The console's own routes: its session, the business figures and staff lists, counties on sale and
 * the audit log. Each route hands its work to the service of the job it belongs to.
 */
@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin')
export class AdminController {
  constructor(
    private readonly auth: AdminAuthService,
    private readonly figures: AdminFiguresService,
    private readonly cancellations: SubscriptionCancellations,
    private readonly counties: AdminCountiesService,
    private readonly audit: AuditLogService,
  ) {}

  @Get('check-auth')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: '200 with a valid admin token and its staff role, 401 otherwise' })
  @ApiOkResponse({ type: AdminAuthCheckDto })
  checkAuth(@AdminStaffRole() role: StaffRole): AdminAuthCheckDto {
    return { authenticated: true, role };
  }

  @Post('logout')
  @StaffRoleRequired('support')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke this admin session for good, and clear its cookie' })
  @ApiOkResponse({ type: AdminLogoutDto })
  async logout(
    @AdminSessionId() sessionId: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLogoutDto> {
    await this.auth.logout(sessionId, staffClientOf(req));
    res.clearCookie(ADMIN_COOKIE, { path: '/api/admin' });
    return { loggedOut: true };
  }

  @Get('summary')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'Metric cards: users, subscriptions, revenue, conversion, visitors' })
  @ApiOkResponse({ type: AdminSummaryDto })
  summary(): Promise<AdminSummaryDto> {
    return this.figures.summary();
  }

  @Get('analytics')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'Conversion funnel, event counts and revenue by plan type' })
  @ApiOkResponse({ type: AdminAnalyticsDto })
  analytics(): Promise<AdminAnalyticsDto> {
    return this.figures.analytics();
  }

  @Get('subscriptions')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'Subscriptions with their customer and county: every one, or one page (page and pageSize)',
    description:
      'Without page and pageSize, the answer is every matching subscription as an array. With both, it is one ' +
      'page: {items, total, page, pageSize}. q looks in the customer email and name and in the county name and ' +
      'state; status keeps some statuses; sort and order choose the order (newest first without sort). ' +
      'Example: ?page=1&pageSize=20&sort=startDate&order=descend&status=active&q=harris',
  })
  @ApiExtraModels(AdminSubscriptionDto, AdminSubscriptionPageDto)
  @ApiOkResponse({
    description: 'Every matching subscription (no page asked for), or the page asked for',
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(AdminSubscriptionDto) } },
        { $ref: getSchemaPath(AdminSubscriptionPageDto) },
      ],
    },
  })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unknown; the message names it' })
  subscriptions(@Query() query: AdminSubscriptionsQueryDto): Promise<AdminSubscriptionPageDto | StreamableFile> {
    const { page, pageSize } = query;
    // The whole list is sent as it is read: at 100,000 rows it would not fit the process's memory at once.
    if (page === undefined || pageSize === undefined) return jsonArrayStream(this.figures.everySubscription(query));
    return this.figures.subscriptionPage(query, page, pageSize);
  }

  @Post('subscriptions/:id/cancel')
  @StaffRoleRequired('admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cancel an active subscription and stop its renewal (409 for any other status)' })
  @ApiOkResponse({ type: CancelledSubscriptionDto, description: 'The subscription, now cancelled' })
  @ApiNotFoundResponse({ description: 'No subscription has this id' })
  @ApiConflictResponse({ description: 'The subscription is not active' })
  cancel(@AdminSessionId() sessionId: string, @Param('id', uuidParam('subscription')) id: string) {
    return this.cancellations.cancel(sessionId, id);
  }

  @Get('users')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'Users with their subscriptions (status and amount): every one, or one page (page and pageSize)',
    description:
      'Without page and pageSize, the answer is every matching user as an array. With both, it is one page: ' +
      '{items, total, page, pageSize}. q looks in the email and name; status=active keeps users with an active ' +
      'subscription, inactive the others; sort and order choose the order (newest first without sort).',
  })
  @ApiExtraModels(AdminUserDto, AdminUserPageDto)
  @ApiOkResponse({
    description: 'Every matching user (no page asked for), or the page asked for',
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(AdminUserDto) } },
        { $ref: getSchemaPath(AdminUserPageDto) },
      ],
    },
  })
  @ApiBadRequestResponse({ description: 'A parameter out of range or unknown; the message names it' })
  users(@Query() query: AdminUsersQueryDto): Promise<AdminUserPageDto | StreamableFile> {
    const { page, pageSize } = query;
    if (page === undefined || pageSize === undefined) return jsonArrayStream(this.figures.everyUser(query));
    return this.figures.userPage(query, page, pageSize);
  }

  @Put('counties/:id')
  @StaffRoleRequired('admin')
  @ApiOperation({ summary: 'Edit a county; the public catalog changes at once' })
  @ApiOkResponse({ type: CatalogCountyDto, description: 'The county as the catalog now lists it' })
  updateCounty(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('county')) id: string,
    @Body() dto: UpdateCountyDto,
  ): Promise<CatalogCountyDto> {
    return this.counties.update(sessionId, id, dto);
  }

  @Delete('counties/:id')
  @StaffRoleRequired('admin')
  @ApiOperation({ summary: 'Take a county off sale; history keeps its name and state' })
  @ApiOkResponse({ type: RemovedCountyDto })
  removeCounty(@AdminSessionId() sessionId: string, @Param('id', uuidParam('county')) id: string) {
    return this.counties.remove(sessionId, id);
  }

  @Post('counties/:id/datasets')
  @StaffRoleRequired('admin')
  @ApiOperation({
    summary: "Upload a county's file for a monthly release (replaces that release's file)",
    description:
      'The request body is the file itself, a gzip-compressed CSV, streamed to storage as it arrives. ' +
      'Its header must name fields of the data schema only, each once, including parcel_id and county_fips; ' +
      "every record needs the header's number of fields and this county's FIPS code. The largest accepted " +
      'file is DATASET_UPLOAD_MAX_BYTES (2 GiB by default). Example: ' +
      'curl -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/gzip" ' +
      '--data-binary @baltimore.csv.gz "$STORE/api/admin/counties/$COUNTY/datasets?release=2026-11"',
  })
  @ApiConsumes('application/gzip')
  @ApiBody({ schema: { type: 'string', format: 'binary' }, description: 'The .csv.gz file' })
  @ApiCreatedResponse({ type: UploadedDatasetDto, description: 'The file as recorded' })
  @ApiBadRequestResponse({
    description: 'Bad release, not gzip, empty, unknown or repeated column, missing identifier, bad record',
  })
  @ApiNotFoundResponse({ description: 'No such county' })
  @ApiPayloadTooLargeResponse({ description: 'Larger than the upload limit (refused or cut off)' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Content-Type is not application/gzip' })
  uploadDataset(
    @AdminSessionId() sessionId: string,
    @Param('id', uuidParam('county')) id: string,
    @Query() query: UploadDatasetQueryDto,
    @Req() req: Request,
  ): Promise<UploadedDatasetDto> {
    // A county file of gigabytes may take longer to send than an ordinary request may.
    allowLongBody(req);
    return this.counties.uploadDataset(sessionId, id, query.release, req);
  }

  @Get('audit-log')
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'Staff actions and sign-ins, newest first: filtered by action, staff member, dates and target; paged',
  })
  @ApiExtraModels(AuditLogPageDto, AuditEntryDto)
  @ApiOkResponse({
    description: 'With page and pageSize, that page and the count of all that match; without, the latest 200',
    schema: {
      oneOf: [
        { $ref: getSchemaPath(AuditLogPageDto) },
        { type: 'array', items: { $ref: getSchemaPath(AuditEntryDto) } },
      ],
    },
  })
  @ApiBadRequestResponse({ description: 'A filter or page out of range; the message names it' })
  auditLog(@Query() query: AuditLogQueryDto): Promise<AuditLogPageDto | AuditEntryDto[]> {
    return this.audit.entries(query);
  }
}
