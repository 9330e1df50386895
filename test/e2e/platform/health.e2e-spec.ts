import request from 'supertest';
import { withMaintenanceClient } from '../../support/test-database';
import { createTestEnvironment, destroyTestEnvironment, startTestApp, useTestApp } from '../../support/test-app';

// As the file starts: a test below points REDIS_URL elsewhere, and starting an app keeps its variables.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('GET /api/health', () => {
  const context = useTestApp();

  it('answers 200 when PostgreSQL, Redis and the file store all answer', async () => {
    const res = await request(context.store.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', postgres: 'up', redis: 'up', storage: 'up' });
  });

  it('answers 503 while PostgreSQL refuses connections, and 200 again once it is back, without a restart', async () => {
    const setConnections = (allow: boolean) =>
      withMaintenanceClient(async (client) => {
        await client.query(`ALTER DATABASE "${context.environment.databaseName}" ALLOW_CONNECTIONS ${allow}`);
        if (!allow) {
          await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [
            context.environment.databaseName,
          ]);
        }
      });
    await setConnections(false);
    try {
      const down = await request(context.store.server).get('/api/health').expect(503);
      expect(down.body).toEqual({ status: 'unavailable', postgres: 'down', redis: 'up', storage: 'up' });
    } finally {
      await setConnections(true);
    }
    await request(context.store.server).get('/api/health').expect(200);
  });

  it('answers 503 naming Redis when Redis cannot be reached, while the catalog is still served', async () => {
    const cutOff = await createTestEnvironment({ REDIS_URL: 'redis://127.0.0.1:1' });
    const isolated = await startTestApp(cutOff);
    try {
      const res = await request(isolated.server).get('/api/health').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', postgres: 'up', redis: 'down', storage: 'up' });
      const catalog = await request(isolated.server).get('/api/counties').expect(200);
      expect(catalog.body.length).toBeGreaterThan(3000);
    } finally {
      await isolated.close();
      await destroyTestEnvironment(cutOff);
    }
  });

  it('answers 503 naming the file store when its bucket cannot be reached', async () => {
    const cutOff = await createTestEnvironment({
      REDIS_URL,
      STORAGE_URL: 's3://county-files/store',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_ACCESS_KEY_ID: 'store',
      S3_SECRET_ACCESS_KEY: 'not-a-real-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    const isolated = await startTestApp(cutOff);
    try {
      const res = await request(isolated.server).get('/api/health').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', postgres: 'up', redis: 'up', storage: 'down' });
    } finally {
      await isolated.close();
      await destroyTestEnvironment(cutOff);
    }
  });
});
