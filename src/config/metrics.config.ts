import { registerAs } from '@nestjs/config';
import { isProduction, readEnvironment } from './environment';

/** Production's port when WORKER_METRICS_PORT is unset: where Prometheus is told to look. Locally the default is 0. */
export const DEFAULT_WORKER_METRICS_PORT = 9464;

export const metricsConfig = registerAs('metrics', () => {
  const env = readEnvironment();
  return {
    production: isProduction(env),
    /** What Prometheus must send as `Authorization: Bearer …`; unset: 404 in production, open locally. */
    token: env.METRICS_TOKEN,
    workerPort: Number(env.WORKER_METRICS_PORT ?? DEFAULT_WORKER_METRICS_PORT),
  };
});
