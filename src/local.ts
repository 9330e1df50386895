import { createApi, createWorker, ensureLocalAdminPassword, listen, runEntryPoint } from './bootstrap';
import { checkRedis } from './common/service-checks';
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
  await createWorker();
  const api = await createApi();
  const url = await listen(api, Number(env.PORT));
  console.log(startBanner(env, url));
});
