import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Counter, Histogram, Registry } from 'prom-client';
import { markRouteTemplate } from '../../common/http/route-template';
import { HttpMetrics } from './http-metrics';
import type { MetricsRegistry } from './metrics-registry';

/** One answered request: its route, status and how long it took, in seconds. */
type Answer = [method: string, path: string, route: string | null, status: number, seconds: number];

function send(server: Server, method: string, path: string): Promise<void> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = request({ port, path, method }, (res) => res.resume().on('end', resolve));
    req.on('error', reject);
    req.end();
  });
}

describe('HttpMetrics', () => {
  let server: Server;
  afterEach(() => {
    jest.restoreAllMocks();
    server?.close();
  });

  it("gives the same exposition as prom-client's own counter and histogram fed each request", async () => {
    const answers: Answer[] = [
      ['GET', '/api/counties', '/api/counties', 304, 0.0004],
      ['GET', '/api/counties', '/api/counties', 304, 0.003],
      ['GET', '/api/counties', '/api/counties', 200, 0.02],
      ['POST', '/api/journey-events', '/api/journey-events', 202, 0.07],
      ['POST', '/api/journey-events', '/api/journey-events', 202, 42],
      ['GET', '/nowhere?x=1', null, 404, 0.001],
      ['GET', '/assets/app.js?v=2', null, 200, 0.001],
      ['GET', '/metrics', '/metrics', 200, 0.001],
    ];
    // Requests one at a time: each reads the clock as it arrives and as it closes.
    const clock = answers.flatMap(([, , , , seconds], i) => [i * 100_000, i * 100_000 + seconds * 1000]);
    jest.spyOn(performance, 'now').mockImplementation(() => clock.shift()!);

    const registry = new Registry();
    const metrics = new HttpMetrics({ registry } as MetricsRegistry);
    let answering = 0;
    server = createServer((req, res) => {
      const [, , route, status] = answers[answering++];
      if (route) markRouteTemplate(req, route);
      res.statusCode = status;
      res.end();
    });
    metrics.instrument(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    for (const [method, path] of answers) await send(server, method, path);
    await new Promise((resolve) => setImmediate(resolve));

    const reference = new Registry();
    const labelNames = ['method', 'route', 'status'];
    const counter = new Counter({
      name: 'cds_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames,
      registers: [reference],
    });
    const histogram = new Histogram({
      name: 'cds_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer ending, by method, route template and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [reference],
    });
    const expectedRoutes = [
      '/api/counties',
      '/api/counties',
      '/api/counties',
      '/api/journey-events',
      '/api/journey-events',
      'unmatched',
      '/*',
    ];
    answers.slice(0, 7).forEach(([method, , , status, seconds], i) => {
      const labels = { method, route: expectedRoutes[i], status: String(status) };
      counter.inc(labels);
      histogram.observe(labels, seconds);
    });

    expect(await registry.metrics()).toBe(await reference.metrics());
    expect(await registry.getMetricsAsJSON()).toEqual(await reference.getMetricsAsJSON());
  });
});
