import { ApiProperty } from '@nestjs/swagger';
import type { HealthReport, Reachability } from '../health.service';

const REACHABILITY = ['up', 'down'] as const;

/** Whether the API's own dependencies answer, as load balancers and monitors read it. */
export class HealthReportDto implements HealthReport {
  @ApiProperty({ enum: ['ok', 'unavailable'], example: 'ok', description: 'ok only when all three answer' })
  status: 'ok' | 'unavailable';

  @ApiProperty({ enum: REACHABILITY, example: 'up' })
  postgres: Reachability;

  @ApiProperty({ enum: REACHABILITY, example: 'up' })
  redis: Reachability;

  @ApiProperty({
    enum: REACHABILITY,
    example: 'up',
    description: 'The dataset file store: the DATA_DIR directory is writable, or the STORAGE_URL bucket answers',
  })
  storage: Reachability;
}
