import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthReportDto } from './dto/health-report.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Whether PostgreSQL, Redis and the dataset file store answer' })
  @ApiOkResponse({ type: HealthReportDto, description: 'All three answer' })
  @ApiServiceUnavailableResponse({
    type: HealthReportDto,
    description: 'One or more do not',
    example: { status: 'unavailable', postgres: 'up', redis: 'down', storage: 'up' },
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReportDto> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
