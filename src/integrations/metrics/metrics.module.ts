import { Global, Module } from '@nestjs/common';
import { BusinessMetrics } from './business-metrics';
import { MetricsRegistry } from './metrics-registry';

/** The role's metrics registry and the business counters, for any module to count with. */
@Global()
@Module({
  providers: [MetricsRegistry, BusinessMetrics],
  exports: [MetricsRegistry, BusinessMetrics],
})
export class MetricsModule {}
