import { registerAs } from '@nestjs/config';
import { isProduction, readEnvironment } from './environment';

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
