import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisService } from '../../../src/integrations/redis/redis.service';
import {
  createTestEnvironment,
  destroyTestEnvironment,
  startTestWorker,
  TestEnvironment,
} from '../../support/test-app';

describe('The worker process', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await startTestWorker(environment);
  });

  afterAll(async () => {
    await worker.close();
    await destroyTestEnvironment(environment);
  });

  it('starts without HTTP and is connected to PostgreSQL and Redis', async () => {
    const [{ counties }] = await worker.get(DataSource).query(`SELECT count(*)::int AS counties FROM counties`);
    expect(counties).toBeGreaterThan(3000);
    expect(await worker.get(RedisService).client.ping()).toBe('PONG');
  });
});
