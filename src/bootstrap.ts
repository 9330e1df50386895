import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { API_APP_OPTIONS, configureApp } from './app.setup';
import { projectRoot } from './common/project-root';
import { checkPostgres, checkRedis } from './common/service-checks';
import { StartupError } from './common/startup-error';
import { ConfigError, Environment, readEnvironment } from './config';
import type { StripeSimulator } from './dev/stripe-simulator/stripe-simulator';
import { STRIPE_SIMULATOR } from './integrations/stripe/stripe-simulator.provider';
import { WorkerModule } from './worker.module';

/**
 * Runs an entry point: reads .env when there is one, validates the whole
 * configuration, then starts. A configuration or reachability problem ends
 * the process with one line naming the variable or service at fault.
 */
export function runEntryPoint(name: string, start: (env: Environment) => Promise<unknown>): void {
  const run = async () => {
    const dotenv = join(projectRoot(), '.env');
    if (existsSync(dotenv)) process.loadEnvFile(dotenv);
    await start(readEnvironment());
  };
  run().catch((error: unknown) => {
    if (error instanceof ConfigError || error instanceof StartupError) {
      console.error(`${name} cannot start: ${error.message}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  });
}

/** Locally, with no ADMIN_PASSWORD, one is made for this run and shown once, here. */
export function ensureLocalAdminPassword(env: Environment): void {
  if (env.NODE_ENV === 'production' || env.ADMIN_PASSWORD) return;
  process.env.ADMIN_PASSWORD = randomBytes(24).toString('base64url');
  console.log(`\nAdmin password for this run (ADMIN_PASSWORD is unset): ${process.env.ADMIN_PASSWORD}\n`);
}

export async function checkServices(env: Environment): Promise<void> {
  await checkPostgres(env.DATABASE_URL as string);
  await checkRedis(env.REDIS_URL as string);
}

export async function createApi(): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule, API_APP_OPTIONS);
  app.useLogger(app.get(Logger));
  return configureApp(app);
}

export async function createWorker(): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  worker.useLogger(worker.get(Logger));
  worker.enableShutdownHooks(undefined, { useProcessExit: true });
  return worker.init();
}

/** Starts serving; with the Stripe simulator active, its webhooks then come here like Stripe's. */
export async function listen(app: NestExpressApplication, port: number): Promise<string> {
  await app.listen(port);
  const { port: actual } = app.getHttpServer().address() as { port: number };
  const simulator = app.get<StripeSimulator | null>(STRIPE_SIMULATOR);
  simulator?.deliverWebhooksTo(`http://127.0.0.1:${actual}/api/stripe/webhook`);
  return `http://localhost:${actual}`;
}
