import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthReport, HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Whether PostgreSQL and Redis answer' })
  @ApiOkResponse({ description: 'Both answer', schema: { example: { status: 'ok', postgres: 'up', redis: 'up' } } })
  @ApiServiceUnavailableResponse({
    description: 'One or both do not',
    schema: { example: { status: 'unavailable', postgres: 'up', redis: 'down' } },
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store');
    return report;
  }
}
