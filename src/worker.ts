import { checkServices, createWorker, runEntryPoint } from './bootstrap';
import { serveWorkerMetrics } from './integrations/metrics/worker-metrics-server';

/** The background worker: BullMQ processors and job schedulers; its only HTTP is GET /metrics on WORKER_METRICS_PORT. */
runEntryPoint('Worker', async (env) => {
  await checkServices(env);
  await serveWorkerMetrics(await createWorker());
});
