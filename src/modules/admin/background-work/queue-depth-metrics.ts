import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '../../../integrations/metrics/metrics-registry';
import { BackgroundWorkService } from './background-work.service';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
// A scrape must answer even while Redis does not: the queue figures are then left out of it.
const COUNTS_TIMEOUT_MS = 2000;

/**
 * Jobs in each queue by state, read from Redis when Prometheus scrapes the API. Reported by the
 * API, which runs whether or not any worker does: a queue that only grows is what a stopped
 * worker looks like.
 */
@Injectable()
export class QueueDepthMetrics {
  private readonly logger = new Logger('Metrics');

  constructor({ registry }: MetricsRegistry, work: BackgroundWorkService) {
    const logger = this.logger;
    new Gauge({
      name: 'cds_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed), when scraped',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        try {
          for (const counts of await withTimeout(work.counts(), COUNTS_TIMEOUT_MS)) {
            for (const state of STATES) this.set({ queue: counts.name, state }, counts[state]);
          }
        } catch (error) {
          logger.warn(`Queue depths left out of the metrics: ${(error as Error).message}`);
        }
      },
    });
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
