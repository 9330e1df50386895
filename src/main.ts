import { checkServices, createApi, runEntryPoint } from './bootstrap';

/** The HTTP API (and the built web apps). Run `npm run migrate` before the first start. */
runEntryPoint('API', async (env) => {
  await checkServices(env);
  const app = await createApi();
  await app.listen(Number(env.PORT));
});
