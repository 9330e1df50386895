import { Injectable } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Counter, Histogram } from 'prom-client';
import { routeTemplateOf } from '../../common/http/route-template';
import { METRICS_PATH } from './metrics-access';
import { MetricsRegistry } from './metrics-registry';

type Labels = 'method' | 'route' | 'status';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route label of a request no declared route answered. Made from a fixed set, never from
 * the address, so that made-up URLs cannot grow the number of series without bound.
 */
export function unroutedLabel(url: string, status: number): string {
  if (status === 404) return 'unmatched';
  const path = url.split('?')[0];
  for (const prefix of ['/api', '/admin', '/dev']) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return `${prefix}/*`;
  }
  // The store's pages and built assets.
  return '/*';
}

/** Requests the API answered, by method, route template and status; its own scrapes left out. */
@Injectable()
export class HttpMetrics {
  private readonly requests: Counter<Labels>;
  private readonly duration: Histogram<Labels>;

  constructor({ registry }: MetricsRegistry) {
    const labelNames: Labels[] = ['method', 'route', 'status'];
    this.requests = new Counter({
      name: 'cds_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames,
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'cds_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer ending, by method, route template and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
  }

  /** Measures every request the server gets, whichever part of the app answers it. */
  instrument(server: Server): void {
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const started = process.hrtime.bigint();
      // 'close' comes after the answer ends, or when the client goes away before that.
      res.once('close', () => {
        const template = routeTemplateOf(req);
        if (template === METRICS_PATH) return;
        const status = res.statusCode;
        const labels = {
          method: METHODS.has(req.method ?? '') ? req.method! : 'other',
          route: template ?? unroutedLabel(req.url ?? '/', status),
          status: String(status),
        };
        this.requests.inc(labels);
        this.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
    });
  }
}
