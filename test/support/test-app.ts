import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { API_APP_OPTIONS, configureApp } from '../../src/app.setup';
import { createWorker, listen } from '../../src/bootstrap';
import { createTestDatabase, dropDatabase } from './test-database';
import { freePort } from '../../bench/support/bench-app';

export const TEST_ADMIN_PASSWORD = 'correct horse battery staple, admin edition';

export interface TestEnvironment {
  databaseName: string;
  env: Record<string, string>;
}

/**
 * A private world for one test file: its own database (cloned from the
 * template) and its own Redis key prefix, so files can run in parallel.
 */
export async function createTestEnvironment(overrides: Record<string, string> = {}): Promise<TestEnvironment> {
  const database = await createTestDatabase();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    // Workers of parallel test files must not meet on one metrics port.
    WORKER_METRICS_PORT: '0',
    ...overrides,
    // Whatever else is overridden, a test file keeps its own database, keys, mailbox and files.
    DATABASE_URL: database.url,
    REDIS_KEY_PREFIX: `test:${randomUUID()}`,
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'cds-mail-')),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'cds-data-')),
  };
  return { databaseName: database.name, env };
}

export interface TestApp {
  app: NestExpressApplication;
  server: Server;
  db: DataSource;
  close(): Promise<void>;
}

/**
 * The real API (same setup as main.ts) on a test environment. With `listen`,
 * it serves on a free port and receives the Stripe simulator's webhooks.
 */
export async function startTestApp(environment: TestEnvironment, options: { listen?: boolean } = {}): Promise<TestApp> {
  Object.assign(process.env, environment.env);
  // Listening apps get a port first, so that links and the sign-in issuer name it.
  const port = options.listen ? await freePort() : 0;
  if (options.listen) Object.assign(process.env, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  const app = await configureApp(moduleRef.createNestApplication<NestExpressApplication>(API_APP_OPTIONS));
  if (options.listen) await listen(app, port);
  else await app.init();
  return {
    app,
    server: app.getHttpServer(),
    db: app.get(DataSource),
    close: () => app.close(),
  };
}

export async function startTestWorker(environment: TestEnvironment): Promise<INestApplicationContext> {
  Object.assign(process.env, environment.env);
  return createWorker();
}

/** Drops the file's database and removes its mailbox and county files (generated releases run to megabytes). */
export async function destroyTestEnvironment(environment: TestEnvironment): Promise<void> {
  await dropDatabase(environment.databaseName);
  for (const dir of [environment.env.MAIL_OUTBOX_DIR, environment.env.DATA_DIR])
    rmSync(dir, { recursive: true, force: true });
}

export interface TestContext {
  environment: TestEnvironment;
  store: TestApp;
  worker?: INestApplicationContext;
}

/**
 * Gives a test file its own environment and a running API (and worker, if
 * asked), started before its tests and torn down after them.
 */
export function useTestApp(
  options: { env?: Record<string, string>; listen?: boolean; worker?: boolean } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.environment = await createTestEnvironment(options.env);
    context.store = await startTestApp(context.environment, { listen: options.listen });
    if (options.worker) context.worker = await startTestWorker(context.environment);
  });
  afterAll(async () => {
    await context.worker?.close();
    await context.store?.close();
    if (context.environment) await destroyTestEnvironment(context.environment);
  });
  return context;
}
