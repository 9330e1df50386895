import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job, Worker } from 'bullmq';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** The worker's jobs, per queue: each one done, each failed attempt, and how long they ran. */
@Injectable()
export class JobMetrics implements OnApplicationBootstrap {
  private readonly completed: Counter<'queue'>;
  private readonly failed: Counter<'queue'>;
  private readonly duration: Histogram<'queue' | 'outcome'>;

  constructor(
    { registry }: MetricsRegistry,
    private readonly discovery: DiscoveryService,
  ) {
    const registers = [registry];
    this.completed = new Counter({
      name: 'cds_jobs_completed_total',
      help: 'Background jobs this worker finished, per queue',
      labelNames: ['queue'],
      registers,
    });
    this.failed = new Counter({
      name: 'cds_jobs_failed_total',
      help: 'Background job attempts that failed in this worker, per queue (retried ones included)',
      labelNames: ['queue'],
      registers,
    });
    this.duration = new Histogram({
      name: 'cds_job_duration_seconds',
      help: 'How long a job attempt ran, per queue and outcome (completed or failed)',
      labelNames: ['queue', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers,
    });
  }

  /** Listens to every processor's BullMQ worker, whichever module owns it. */
  onApplicationBootstrap(): void {
    for (const provider of this.discovery.getProviders()) {
      const host: unknown = provider.instance;
      if (!(host instanceof WorkerHost)) continue;
      const worker = host.worker as Worker;
      const queue = worker.name;
      worker.on('completed', (job: Job) => {
        this.completed.inc({ queue });
        this.observe(queue, 'completed', job);
      });
      worker.on('failed', (job: Job | undefined) => {
        this.failed.inc({ queue });
        if (job) this.observe(queue, 'failed', job);
      });
    }
  }

  private observe(queue: string, outcome: 'completed' | 'failed', job: Job): void {
    if (!job.processedOn) return;
    const ended = job.finishedOn ?? Date.now();
    this.duration.observe({ queue, outcome }, Math.max(0, ended - job.processedOn) / 1000);
  }
}
