import { INestApplicationContext, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StartupError } from '../../common/startup-error';
import { metricsConfig } from '../../config';
import { answerScrape, METRICS_PATH } from './metrics-access';
import { MetricsRegistry } from './metrics-registry';

function answer(res: ServerResponse, statusCode: number, error: string, message: string): void {
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ statusCode, message, error }));
}

/**
 * The worker serves no HTTP but this: GET /metrics on WORKER_METRICS_PORT, under the API's
 * rules (METRICS_TOKEN; in production nothing without it). Opened by the entry points before
 * the worker starts, so that a port already taken stops it before it takes any job, and so
 * that workers started inside tests open no port.
 */
export class WorkerMetricsServer {
  private handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;

  private constructor(readonly server: Server) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (this.handler) return this.handler(req, res);
      answer(res, 503, 'Service Unavailable', 'The worker is starting');
    });
  }

  static async open(port: number): Promise<WorkerMetricsServer> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new StartupError(
                `port ${port} (WORKER_METRICS_PORT) is in use: stop what listens there or set another port`,
              )
            : error,
        ),
      );
      server.listen(port, () => resolve());
    });
    return new WorkerMetricsServer(server);
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** Serves the started worker's metrics from now on. */
  serve(worker: INestApplicationContext): this {
    const rules = worker.get<ConfigType<typeof metricsConfig>>(metricsConfig.KEY);
    const metrics = worker.get(MetricsRegistry);
    const visible = rules.token || !rules.production;
    this.handler = (req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (visible && path === METRICS_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        void answerScrape(req, res, rules, metrics);
        return;
      }
      answer(res, 404, 'Not Found', `Cannot ${req.method} ${path}`);
    };
    new Logger('Metrics').log(`Worker metrics at http://localhost:${this.port}/metrics`);
    return this;
  }
}

/** Opens the worker's metrics port and serves the worker's metrics there. */
export async function serveWorkerMetrics(worker: INestApplicationContext): Promise<Server> {
  const rules = worker.get<ConfigType<typeof metricsConfig>>(metricsConfig.KEY);
  return (await WorkerMetricsServer.open(rules.workerPort)).serve(worker).server;
}
