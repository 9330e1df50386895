import { INestApplicationContext, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '../../common/startup-error';
import { metricsConfig } from '../../config';
import { answerScrape, METRICS_PATH } from './metrics-access';
import { MetricsRegistry } from './metrics-registry';

/**
 * The worker serves no HTTP but this: GET /metrics on WORKER_METRICS_PORT, under the API's
 * rules (METRICS_TOKEN; in production nothing without it). Started by the entry points, so
 * that workers started inside tests open no port.
 */
export async function serveWorkerMetrics(worker: INestApplicationContext): Promise<Server> {
  const rules = worker.get<ConfigType<typeof metricsConfig>>(metricsConfig.KEY);
  const metrics = worker.get(MetricsRegistry);
  const visible = rules.token || !rules.production;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (visible && path === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      void answerScrape(req, res, rules, metrics);
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ statusCode: 404, message: `Cannot ${req.method} ${path}`, error: 'Not Found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartupError(
              `port ${rules.workerPort} (WORKER_METRICS_PORT) is in use: stop what listens there or set another port`,
            )
          : error,
      ),
    );
    server.listen(rules.workerPort, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  new Logger('Metrics').log(`Worker metrics at http://localhost:${port}/metrics`);
  return server;
}
