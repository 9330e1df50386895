import { createApi, createWorker, ensureLocalAdminPassword, listen, runEntryPoint } from './bootstrap';
import { checkRedis } from './common/service-checks';
import { DEFAULT_WORKER_METRICS_PORT } from './config/metrics.config';
import { WorkerMetricsServer } from './integrations/metrics/worker-metrics-server';
import { prepareDatabase } from './database/prepare-database';
import { startBanner } from './local-stand-ins';

/**
 * `npm start`: the whole store in one process for local use — prepares the
 * database (creating it when missing), then runs the API and the worker.
 */
runEntryPoint('County Data Store', async (env) => {
  await checkRedis(env.REDIS_URL as string);
  await prepareDatabase(env.DATABASE_URL as string);
  ensureLocalAdminPassword(env);
  // Each role keeps its metrics: the API's at PORT/metrics, the worker's on WORKER_METRICS_PORT.
  const workerMetrics = await WorkerMetricsServer.open(Number(env.WORKER_METRICS_PORT ?? DEFAULT_WORKER_METRICS_PORT));
  workerMetrics.serve(await createWorker());
  const api = await createApi();
  const url = await listen(api, Number(env.PORT));
  console.log(startBanner(env, url, workerMetrics.port));
});
