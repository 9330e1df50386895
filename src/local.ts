import { createApi, createWorker, ensureLocalAdminPassword, listen, runEntryPoint } from './bootstrap';
import { checkPostgis, checkRedis } from './common/service-checks';
import { DEFAULT_WORKER_METRICS_PORT } from './config/metrics.config';
import { WorkerMetricsServer } from './integrations/metrics/worker-metrics-server';
import { prepareDatabase } from './database/prepare-database';
import { ADMIN_PATHS } from './contracts/routes';
import { startBanner } from './local-stand-ins';
import { SampleReleases } from './modules/releases';

/**
 * `npm start`: the whole store in one process for local use — prepares the
 * database (creating it when missing), then runs the API and the worker.
 */
runEntryPoint('County Data Store', async (env) => {
  await checkRedis(env.REDIS_URL as string);
  await checkPostgis(env.DATABASE_URL as string);
  await prepareDatabase(env.DATABASE_URL as string);
  ensureLocalAdminPassword(env);
  // Each role keeps its metrics: the API's at PORT/metrics, the worker's on WORKER_METRICS_PORT.
  const workerMetrics = await WorkerMetricsServer.open(Number(env.WORKER_METRICS_PORT ?? DEFAULT_WORKER_METRICS_PORT));
  workerMetrics.serve(await createWorker());
  const api = await createApi();
  const url = await listen(api, Number(env.PORT));
  const samples = api.get(SampleReleases);
  const firstStart = await samples.wanted();
  console.log(startBanner(env, url, workerMetrics.port));
  if (firstStart) startSampleReleases(samples, url);
});

/** On a store's first start, last month's and this month's sample releases, run by the worker while the store answers. */
function startSampleReleases(samples: SampleReleases, url: string): void {
  console.log(
    `Sample releases: publishing last month's and this month's generated data for ${samples.states.join(', ')} ` +
      `(a minute or two; watch ${url}${ADMIN_PATHS.releases})\n`,
  );
  void samples.run().catch((error: unknown) => {
    console.error(`Sample releases stopped: ${error instanceof Error ? error.message : String(error)}`);
  });
}
