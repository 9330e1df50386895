import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CoverageService, releaseOf } from '../../releases';
import { AdminCoverageDto } from './dto/admin-coverage.dto';
import { AdminGuard } from '../staff-access/admin.guard';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/coverage')
export class AdminCoverageController {
  constructor(private readonly coverage: CoverageService) {}

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({
    summary: 'Every county on sale with its current release, records and publication time',
    description:
      'The JSON twin of GET /api/coverage.csv, with county ids, for the console; staff filter it themselves.',
  })
  @ApiOkResponse({ type: AdminCoverageDto })
  async list(): Promise<AdminCoverageDto> {
    const now = new Date();
    const rows = await this.coverage.rows(now);
    return {
      month: releaseOf(now),
      counties: rows.map((row) => ({ ...row, lastPublished: row.lastPublished?.toISOString() ?? null })),
    };
  }
}
