import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AppModule } from './app.module';
import { API_APP_OPTIONS, configureApp } from './app.setup';
import { limitRequestTime, REQUEST_TIMEOUT_MS } from './common/http/request-deadline';
import { localSecret, localSecretsDir } from './common/local-secret';
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

/**
 * Locally, with no ADMIN_PASSWORD, the console's password is made once per machine and kept in
 * var/local-secrets/ like the session secret: shown the first time, and where it is kept after.
 */
export function ensureLocalAdminPassword(env: Environment, secretsDir = localSecretsDir()): void {
  if (env.NODE_ENV === 'production' || env.ADMIN_PASSWORD) return;
  const password = localSecret('admin-password', secretsDir);
  process.env.ADMIN_PASSWORD = password.value;
  // As the developer would type it from where they started the store.
  const where = password.file.startsWith(process.cwd()) ? relative(process.cwd(), password.file) : password.file;
  console.log(
    password.created
      ? `\nAdmin password (ADMIN_PASSWORD is unset), kept in ${where}: ${password.value}\n`
      : `\nAdmin password: the one kept in ${where} (ADMIN_PASSWORD is unset)\n`,
  );
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

const IDLE_CONNECTION_MS = 120_000;

/** Starts serving; with the Stripe simulator active, its webhooks then come here like Stripe's. */
export async function listen(
  app: NestExpressApplication,
  port: number,
  options: { requestTimeoutMs?: number; idleTimeoutMs?: number } = {},
): Promise<string> {
  const server = app.getHttpServer();
  // A request's body has 5 minutes to arrive, except on the upload routes: a release's source
  // file of tens of GB takes longer. A connection that goes quiet for two minutes is cut off.
  limitRequestTime(server, options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS);
  server.setTimeout(options.idleTimeoutMs ?? IDLE_CONNECTION_MS);
  await app.listen(port);
  const { port: actual } = app.getHttpServer().address() as { port: number };
  const simulator = app.get<StripeSimulator | null>(STRIPE_SIMULATOR);
  simulator?.deliverWebhooksTo(`http://127.0.0.1:${actual}/api/stripe/webhook`);
  return `http://localhost:${actual}`;
}
