import { checkServices, createWorker, runEntryPoint } from './bootstrap';
import { DEFAULT_WORKER_METRICS_PORT } from './config/metrics.config';
import { WorkerMetricsServer } from './integrations/metrics/worker-metrics-server';

/** The background worker: BullMQ processors and job schedulers; its only HTTP is GET /metrics on WORKER_METRICS_PORT. */
runEntryPoint('Worker', async (env) => {
  await checkServices(env);
  // Before the worker takes any job: a port already taken stops it here.
  const metrics = await WorkerMetricsServer.open(Number(env.WORKER_METRICS_PORT ?? DEFAULT_WORKER_METRICS_PORT));
  metrics.serve(await createWorker());
});
