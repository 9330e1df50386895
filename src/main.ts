import { checkServices, createApi, ensureLocalAdminPassword, listen, runEntryPoint } from './bootstrap';

/** The HTTP API (and the built web apps). Run `npm run migrate` before the first start. */
runEntryPoint('API', async (env) => {
  await checkServices(env);
  ensureLocalAdminPassword(env);
  const app = await createApi();
  await listen(app, Number(env.PORT));
});
