import Redis from 'ioredis';
import { Client } from 'pg';
import { redisOptionsFromUrl } from '../integrations/redis/redis-options';
import { describeUrl, StartupError } from './startup-error';

const START_POSTGRES = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
const START_REDIS = 'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no';
const CONNECT_TIMEOUT_MS = 3000;

function reason(error: unknown): string {
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'timed out';
    default:
      return e.message ?? String(error);
  }
}

/** The server's maintenance database, reached with the same host and credentials. */
function maintenanceUrl(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Runs work on a connection to `url`; failures are described in terms of DATABASE_URL. */
async function withPostgres<T>(url: string, work: (client: Client) => Promise<T>, databaseUrl = url): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '28P01' || code === '28000') {
      throw new StartupError(`PostgreSQL at ${describeUrl(databaseUrl)} refused the credentials in DATABASE_URL`);
    }
    if (code === '3D000') {
      throw new StartupError(
        `Database "${databaseName(databaseUrl)}" does not exist (DATABASE_URL); run npm run migrate to create it`,
      );
    }
    throw new StartupError(
      `PostgreSQL is not reachable at ${describeUrl(databaseUrl)} (DATABASE_URL): ${reason(error)}. Start it with: ${START_POSTGRES}`,
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Fails with a one-line StartupError unless the database answers. */
export async function checkPostgres(databaseUrl: string): Promise<void> {
  await withPostgres(databaseUrl, (client) => client.query('SELECT 1'));
}

const INSTALL_POSTGIS = 'apt-get install -y postgresql-15-postgis-3 (Debian; the package of your PostgreSQL version)';

/**
 * Fails with a one-line StartupError when the server cannot enable PostGIS (the parcel store's
 * migration needs it): said before migrating, rather than as a failed migration.
 */
export async function checkPostgis(databaseUrl: string): Promise<void> {
  const available = await withPostgres(
    maintenanceUrl(databaseUrl),
    (client) => client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'postgis'`),
    databaseUrl,
  );
  if (!available.rowCount) {
    throw new StartupError(
      `PostgreSQL at ${describeUrl(databaseUrl)} lacks the PostGIS extension (the parcel store). Install it with: ${INSTALL_POSTGIS}`,
    );
  }
}

/** Creates the database named in DATABASE_URL when the server does not have it yet. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseName(databaseUrl);
  return withPostgres(
    maintenanceUrl(databaseUrl),
    async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return false;
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      return true;
    },
    databaseUrl,
  );
}

/** Fails with a one-line StartupError unless Redis answers PING. */
export async function checkRedis(redisUrl: string): Promise<void> {
  const redis = new Redis({
    ...redisOptionsFromUrl(redisUrl),
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new StartupError(
      `Redis is not reachable at ${describeUrl(redisUrl)} (REDIS_URL): ${reason(error)}. Start it with: ${START_REDIS}`,
    );
  } finally {
    redis.disconnect();
  }
}
