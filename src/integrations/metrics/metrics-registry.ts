import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { DataSource } from 'typeorm';

/**
 * Node's process figures, once per process and only from the first scrape: collecting them starts an
 * event-loop-delay timer and a GC observer that nothing stops, so every role (and every app a test
 * starts) shares this one, and a process nobody scrapes never starts them.
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * The metrics of one process role (the API or the worker), in a registry of its own: `npm start`
 * runs both roles in one process, each still serving only its own metrics, so no metric is
 * registered twice. Holds what both roles measure: the PostgreSQL pool, and serves Node's process
 * figures beside them.
 */
@Injectable()
export class MetricsRegistry implements OnModuleDestroy {
  readonly registry = new Registry();

  constructor(@InjectDataSource() db: DataSource) {
    // Read when scraped: the pool's own counts, never a query.
    const pool = () => (db.isInitialized ? ((db.driver as unknown as { master?: Pool }).master ?? null) : null);
    this.gauge(
      'cds_db_pool_connections',
      'PostgreSQL connections the pool holds, busy or idle',
      () => pool()?.totalCount,
    );
    this.gauge('cds_db_pool_idle_connections', 'PostgreSQL connections in the pool, idle', () => pool()?.idleCount);
    this.gauge(
      'cds_db_pool_waiting_clients',
      'Queries waiting for a PostgreSQL connection because every one is busy',
      () => pool()?.waitingCount,
    );
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every metric of this role, and of the process. */
  async metrics(): Promise<string> {
    return (await this.registry.metrics()) + (await processRegistry().metrics());
  }

  onModuleDestroy(): void {
    this.registry.clear();
  }

  private gauge(name: string, help: string, read: () => number | undefined): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        const value = read();
        if (value !== undefined) this.set(value);
      },
    });
  }
}
