import { Controller, Delete, Get, Param, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { AdminGuard, AdminSessionId } from '../staff-access/admin.guard';
import { BackgroundWorkService } from './background-work.service';
import { FailedJobDto, JobActionDto, QueueCountsDto } from './dto/background-work.dto';
import { StaffRoleRequired } from '../staff-access/staff-role';

@ApiTags('admin')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid admin token' })
@UseGuards(AdminGuard)
@Controller('admin/queues')
export class AdminBackgroundWorkController {
  constructor(private readonly work: BackgroundWorkService) {}

  @Get()
  @StaffRoleRequired('support')
  @ApiOperation({ summary: 'Every background queue with its waiting, active, failed and delayed counts' })
  @ApiOkResponse({ type: [QueueCountsDto] })
  counts(): Promise<QueueCountsDto[]> {
    return this.work.counts();
  }

  @Get(':name/failed')
  @StaffRoleRequired('support')
  @ApiOperation({ summary: "A queue's failed jobs (the latest 50): what failed, why, after how many attempts" })
  @ApiOkResponse({ type: [FailedJobDto] })
  @ApiNotFoundResponse({ description: 'No queue has this name' })
  failed(@Param('name') name: string): Promise<FailedJobDto[]> {
    return this.work.failed(name);
  }

  @Post(':name/jobs/:jobId/retry')
  @StaffRoleRequired('admin')
  @ApiOperation({ summary: 'Retry a failed job (audited)' })
  @ApiOkResponse({ type: JobActionDto })
  @ApiNotFoundResponse({ description: 'No queue has this name, or no failed job this id' })
  retry(
    @AdminSessionId() sessionId: string,
    @Param('name') name: string,
    @Param('jobId') jobId: string,
  ): Promise<JobActionDto> {
    return this.work.retry(sessionId, name, jobId);
  }

  @Delete(':name/jobs/:jobId')
  @StaffRoleRequired('admin')
  @ApiOperation({ summary: 'Remove a failed job for good (audited)' })
  @ApiOkResponse({ type: JobActionDto })
  @ApiNotFoundResponse({ description: 'No queue has this name, or no failed job this id' })
  remove(
    @AdminSessionId() sessionId: string,
    @Param('name') name: string,
    @Param('jobId') jobId: string,
  ): Promise<JobActionDto> {
    return this.work.remove(sessionId, name, jobId);
  }
}
