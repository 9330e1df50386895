import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BackgroundWorkService } from './background-work.service';
import { QueueDepthMetrics } from './queue-depth-metrics';

/** Every background queue as staff watch it: counts, failed jobs, and retrying or removing one (audited). */
@Module({
  imports: [AuditModule],
  providers: [BackgroundWorkService, QueueDepthMetrics],
  exports: [BackgroundWorkService],
})
export class BackgroundWorkModule {}
