import { appConfig } from './app.config';
import { databaseConfig } from './database.config';
import { redisConfig } from './redis.config';

export { appConfig, databaseConfig, redisConfig };
export { ConfigError, readEnvironment } from './environment';
export type { Environment } from './environment';

/** Every configuration namespace, loaded by the API and the worker alike. */
export const configNamespaces = [appConfig, databaseConfig, redisConfig];
