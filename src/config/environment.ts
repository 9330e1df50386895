import { isIP } from 'node:net';
import { VARIABLES, VariableKind, VariableName, VariableSpec } from './variables';

/** A configuration problem, worded for a one-line message at start-up. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MIN_SECRET_LENGTH = 32;

function hasProtocol(raw: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}

/** Why a value is not acceptable for its kind, or undefined when it is. */
function problemWith(kind: VariableKind, raw: string): string | undefined {
  switch (kind) {
    case 'node-env':
      return ['development', 'test', 'production'].includes(raw)
        ? undefined
        : 'must be development, test or production';
    case 'port': {
      const port = Number(raw);
      return /^\d+$/.test(raw) && port >= 1 && port <= 65535 ? undefined : 'must be a port number from 1 to 65535';
    }
    case 'listen-port': {
      const port = Number(raw);
      return /^\d+$/.test(raw) && port <= 65535
        ? undefined
        : 'must be a port number from 1 to 65535, or 0 for any free port';
    }
    case 'http-url':
      return hasProtocol(raw, ['http:', 'https:']) ? undefined : 'must be an http:// or https:// URL';
    case 'postgres-url':
      return hasProtocol(raw, ['postgres:', 'postgresql:']) && new URL(raw).pathname.length > 1
        ? undefined
        : 'must be a postgres:// URL that names a database';
    case 'redis-url':
      return hasProtocol(raw, ['redis:', 'rediss:']) ? undefined : 'must be a redis:// or rediss:// URL';
    case 'smtp-url':
      return hasProtocol(raw, ['smtp:', 'smtps:']) ? undefined : 'must be an smtp:// or smtps:// URL';
    case 'email':
      return /^[^\s@<>]+@[^\s@<>]+$/.test(raw) ? undefined : 'must be an email address';
    case 'mailbox':
      return /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw)
        ? undefined
        : 'must be an address or "Name <address>"';
    case 'secret':
      return raw.length >= MIN_SECRET_LENGTH ? undefined : `must be at least ${MIN_SECRET_LENGTH} characters`;
    case 'log-level':
      return LOG_LEVELS.includes(raw) ? undefined : `must be one of ${LOG_LEVELS.join(', ')}`;
    case 'byte-count':
      return /^[1-9]\d{0,15}$/.test(raw) ? undefined : 'must be a whole number of bytes, at least 1';
    case 'seconds':
      return /^[1-9]\d{0,6}$/.test(raw) ? undefined : 'must be a whole number of seconds, at least 1';
    case 'flag':
      return raw === 'true' || raw === 'false' ? undefined : 'must be true or false';
    case 'proxy-trust':
      return proxyTrustProblem(raw);
    case 'storage-url':
      return parseStorageUrl(raw)
        ? undefined
        : 'must be s3://bucket or s3://bucket/prefix (a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens)';
    case 'state-codes':
      return /^[A-Z]{2}(,[A-Z]{2})*$/.test(raw)
        ? undefined
        : 'must be two-letter state codes separated by commas, such as DE,MD';
    case 'text':
      return undefined;
  }
}

/** An object-storage location: a bucket and a key prefix (no leading or trailing slash, may be empty). */
export interface StorageLocation {
  bucket: string;
  prefix: string;
}

/** `s3://bucket/prefix` as bucket and prefix; undefined when it is not such a URL (credentials never go in it). */
export function parseStorageUrl(raw: string): StorageLocation | undefined {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/[^?#@\s]*)?$/.exec(raw);
  if (!match) return undefined;
  const segments = (match[2] ?? '').split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  return { bucket: match[1], prefix: segments.join('/') };
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A hop count, or addresses, CIDR ranges and Express's names for private ranges. */
function proxyTrustProblem(raw: string): string | undefined {
  if (/^\d{1,2}$/.test(raw)) return undefined;
  const wrong = raw
    .split(',')
    .map((entry) => entry.trim())
    .find((entry) => !PROXY_NAMES.includes(entry) && !isAddressOrRange(entry));
  return wrong === undefined
    ? undefined
    : `must be a hop count or a comma-separated list of addresses or CIDR ranges ("${wrong}" is neither)`;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

export type Environment = Partial<Record<VariableName, string>>;

/**
 * Reads and checks every variable. Unset variables take their local default
 * outside production; production requires its variables to be set. Throws a
 * ConfigError naming the first variable at fault.
 */
export function readEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  const production = source.NODE_ENV === 'production';
  const values: Environment = {};
  for (const [name, spec] of Object.entries(VARIABLES) as [VariableName, VariableSpec][]) {
    const raw = source[name]?.trim();
    if (!raw) {
      if (production && spec.requiredInProduction) {
        throw new ConfigError(`${name} is required in production: ${spec.description}`);
      }
      values[name] = production ? undefined : spec.localDefault;
      continue;
    }
    const problem = problemWith(spec.kind, raw);
    if (problem) throw new ConfigError(`${name} ${problem}`);
    values[name] = raw;
  }
  // The local address follows the port, so `PORT=3999 npm start` sends sign-in and links to :3999.
  if (values.PUBLIC_URL?.includes('$PORT'))
    values.PUBLIC_URL = values.PUBLIC_URL.replace('$PORT', values.PORT ?? '3000');
  // With real payments on, Stripe's webhooks and the card form need their keys too.
  if (production && values.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
      if (!values[name]) throw new ConfigError(`${name} is required in production when STRIPE_SECRET_KEY is set`);
    }
  }
  if (production && values.STRIPE_ALLOW_TEST_MODE !== 'true') refuseStripeTestMode(values);
  // The store's pages are https in production: a base map over http would be blocked as mixed content.
  if (production && values.MAP_STYLE_URL && !hasProtocol(values.MAP_STYLE_URL, ['https:'])) {
    throw new ConfigError('MAP_STYLE_URL must be an https:// URL in production (the store’s pages are https)');
  }
  checkObjectStorage(values);
  return values;
}

/** S3 settings only make sense with a bucket, and a key only with its secret. */
function checkObjectStorage(values: Environment): void {
  if (!values.STORAGE_URL) {
    const stray = (
      ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).find((name) => values[name]);
    if (stray) throw new ConfigError(`${stray} is set but STORAGE_URL is not: set STORAGE_URL=s3://bucket/prefix too`);
    return;
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    const missing = values.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(
      `${missing} is required when the other S3 key is set (or unset both for the default AWS credentials)`,
    );
  }
}

/** Live payments only: a test key or another API server in production is a mistake unless said so. */
function refuseStripeTestMode(values: Environment): void {
  const override = 'set STRIPE_ALLOW_TEST_MODE=true for a staging deployment';
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const) {
    if (/^(sk|rk|pk)_test_/.test(values[name] ?? '')) {
      throw new ConfigError(`${name} is a test-mode key, which production refuses; ${override}`);
    }
  }
  if (values.STRIPE_API_URL) {
    throw new ConfigError(`STRIPE_API_URL points Stripe calls away from Stripe, which production refuses; ${override}`);
  }
}

export function isProduction(env: Environment): boolean {
  return env.NODE_ENV === 'production';
}
