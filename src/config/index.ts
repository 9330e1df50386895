import { adminConfig } from './admin.config';
import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { databaseConfig } from './database.config';
import { mailConfig } from './mail.config';
import { metricsConfig } from './metrics.config';
import { redisConfig } from './redis.config';
import { storageConfig } from './storage.config';
import { stripeConfig } from './stripe.config';

export {
  adminConfig,
  appConfig,
  authConfig,
  databaseConfig,
  mailConfig,
  metricsConfig,
  redisConfig,
  storageConfig,
  stripeConfig,
};
export { ConfigError, readEnvironment } from './environment';
export type { Environment } from './environment';

/** Every configuration namespace, loaded by the API and the worker alike. */
export const configNamespaces = [
  appConfig,
  databaseConfig,
  redisConfig,
  stripeConfig,
  mailConfig,
  authConfig,
  adminConfig,
  storageConfig,
  metricsConfig,
];
