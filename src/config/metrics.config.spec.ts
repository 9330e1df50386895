import { PRODUCTION_ENVIRONMENT } from '../../test/support/production-environment';
import { metricsConfig } from './metrics.config';

describe('metricsConfig', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('takes any free port for the worker metrics locally and 9464 in production, when WORKER_METRICS_PORT is unset', () => {
    delete process.env.WORKER_METRICS_PORT;
    process.env.NODE_ENV = 'development';
    // A second `npm start` on the same machine must not meet the first on one port.
    expect(metricsConfig().workerPort).toBe(0);

    process.env = { ...PRODUCTION_ENVIRONMENT };
    delete process.env.WORKER_METRICS_PORT;
    // Where Prometheus is told to scrape the worker.
    expect(metricsConfig().workerPort).toBe(9464);
    process.env.WORKER_METRICS_PORT = '9500';
    expect(metricsConfig().workerPort).toBe(9500);
  });
});
