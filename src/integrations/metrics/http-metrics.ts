import { Injectable } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  Counter,
  Histogram,
  type MetricObjectWithValues,
  type MetricType,
  type MetricValueWithName,
} from 'prom-client';
import { routeTemplateOf } from '../../common/http/route-template';
import { METRICS_PATH } from './metrics-access';
import { MetricsRegistry } from './metrics-registry';

type Labels = 'method' | 'route' | 'status';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route label of a request no declared route answered. Made from a fixed set, never from
 * the address, so that made-up URLs cannot grow the number of series without bound.
 */
export function unroutedLabel(url: string, status: number): string {
  if (status === 404) return 'unmatched';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  for (const prefix of ['/api', '/admin', '/dev']) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return `${prefix}/*`;
  }
  // The store's pages and built assets.
  return '/*';
}

/** One method, route and status: its answers so far, as plain numbers. */
interface Series {
  labels: Record<Labels, string>;
  count: number;
  /** Seconds, summed. */
  sum: number;
  /** Answers per bucket, not cumulated (the last one is beyond the largest bound). */
  buckets: number[];
}

/** A value as prom-client's registry reads it for its text exposition: bucket labels apart from the series' own. */
type ExposedValue = MetricValueWithName<Labels> & { sharedLabels: Record<Labels, string>; exemplar?: null };

/**
 * The request-duration histogram, whose counts the requests keep in their series as plain
 * numbers and which hands them to prom-client only when scraped, in the shape prom-client's own
 * histogram gives its registry: the same exposition, line for line.
 */
class SeriesHistogram extends Histogram<Labels> {
  constructor(
    private readonly about: { name: string; help: string; registers: MetricsRegistry['registry'][] },
    private readonly series: () => Iterable<Series>,
  ) {
    super({ ...about, labelNames: ['method', 'route', 'status'], buckets: BUCKETS });
  }

  /** What the registry's text exposition reads (prom-client's own histogram has it too). */
  async getForPromString() {
    const { name, help } = this.about;
    const values: ExposedValue[] = [];
    for (const { labels, count, sum, buckets } of this.series()) {
      let cumulated = 0;
      for (let i = 0; i < BUCKETS.length; i++) {
        cumulated += buckets[i];
        values.push({
          labels: { le: BUCKETS[i] } as never,
          sharedLabels: labels,
          exemplar: null,
          value: cumulated,
          metricName: `${name}_bucket`,
        });
      }
      values.push({
        labels: { le: '+Inf' } as never,
        sharedLabels: labels,
        exemplar: null,
        value: count,
        metricName: `${name}_bucket`,
      });
      values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${name}_sum` });
      values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${name}_count` });
    }
    // prom-client's typings declare the type a numeric enum; its registry writes the string.
    return { name, help, type: 'histogram' as unknown as MetricType, aggregator: 'sum' as const, values };
  }

  /** The same figures with each value's labels in one object (the registry's JSON). */
  override async get(): Promise<MetricObjectWithValues<MetricValueWithName<Labels>>> {
    const data = await this.getForPromString();
    const values = data.values.map(({ sharedLabels, labels, ...value }) => ({
      ...value,
      labels: { ...labels, ...sharedLabels },
    }));
    // As prom-client's histogram answers: no collect function of its own in the figures.
    return { ...data, values } as unknown as MetricObjectWithValues<MetricValueWithName<Labels>>;
  }
}

const STARTED = Symbol('requestStarted');
type TimedResponse = ServerResponse & { [STARTED]?: number };

/**
 * Requests the API answered, by method, route template and status; its own scrapes left out.
 * Every request passes here, the fastest routes included, so a request costs a few lookups in
 * maps keyed by strings the request already holds and a few additions: each method, route and
 * status has its series made once, and prom-client is handed the counts only when scraped.
 */
@Injectable()
export class HttpMetrics {
  /** route → method → status → series. */
  private readonly routes = new Map<string, Map<string, Map<number, Series>>>();

  constructor({ registry }: MetricsRegistry) {
    const series = () => this.allSeries();
    new Counter<Labels>({
      name: 'cds_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { labels, count } of series()) this.inc(labels, count);
      },
    });
    new SeriesHistogram(
      {
        name: 'cds_http_request_duration_seconds',
        help: 'Time from a request arriving to its answer ending, by method, route template and status',
        registers: [registry],
      },
      series,
    );
  }

  /** Measures every request the server gets, whichever part of the app answers it. */
  instrument(server: Server): void {
    // One listener function for every response ('close' calls it with the response as `this`), so
    // that a request allocates no closure of its own.
    const record = (res: TimedResponse) => this.record(res);
    function closed(this: TimedResponse) {
      record(this);
    }
    server.prependListener('request', (_req: IncomingMessage, res: TimedResponse) => {
      res[STARTED] = performance.now();
      // 'close' comes after the answer ends, or when the client goes away before that.
      res.on('close', closed);
    });
  }

  private record(res: TimedResponse): void {
    const seconds = (performance.now() - res[STARTED]!) / 1000;
    const req = res.req;
    const template = routeTemplateOf(req);
    if (template === METRICS_PATH) return;
    const status = res.statusCode;
    const method = req.method !== undefined && METHODS.has(req.method) ? req.method : 'other';
    const series = this.seriesOf(method, template ?? unroutedLabel(req.url ?? '/', status), status);
    series.count++;
    series.sum += seconds;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]) i++;
    series.buckets[i]++;
  }

  private seriesOf(method: string, route: string, status: number): Series {
    let byMethod = this.routes.get(route);
    if (!byMethod) this.routes.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(BUCKETS.length + 1).fill(0),
      };
      byStatus.set(status, series);
    }
    return series;
  }

  private *allSeries(): Iterable<Series> {
    for (const byMethod of this.routes.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }
}
