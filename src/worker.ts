import { checkServices, createWorker, runEntryPoint } from './bootstrap';

/** The background worker: BullMQ processors and job schedulers, no HTTP. */
runEntryPoint('Worker', async (env) => {
  await checkServices(env);
  await createWorker();
});
