/**
 * Every environment variable the store reads, with its meaning and rules.
 * One table so that start-up validation, `.env.example`, docker-compose.prod.yml
 * and docs/configuration.md cannot drift apart (tests compare them against it).
 */
export type VariableKind =
  | 'node-env'
  | 'port'
  | 'listen-port'
  | 'http-url'
  | 'postgres-url'
  | 'redis-url'
  | 'smtp-url'
  | 'mailbox'
  | 'email'
  | 'secret'
  | 'text'
  | 'log-level'
  | 'byte-count'
  | 'seconds'
  | 'flag'
  | 'proxy-trust'
  | 'storage-url'
  | 'state-codes';

export interface VariableSpec {
  kind: VariableKind;
  description: string;
  /** Used when the variable is unset and NODE_ENV is not production. */
  localDefault?: string;
  /** Start-up fails in production while this is unset. */
  requiredInProduction?: boolean;
}

export const VARIABLES = {
  NODE_ENV: {
    kind: 'node-env',
    description: 'production turns off every local stand-in and requires the production settings',
    localDefault: 'development',
  },
  PORT: { kind: 'port', description: 'HTTP port of the API process', localDefault: '3000' },
  PUBLIC_URL: {
    kind: 'http-url',
    description:
      'Address customers use to reach the store; links in emails and the allowed origin (locally http://localhost:$PORT)',
    localDefault: 'http://localhost:$PORT',
    requiredInProduction: true,
  },
  TRUSTED_PROXIES: {
    kind: 'proxy-trust',
    description:
      "Who may tell the store a client's address in X-Forwarded-For: a number of proxy hops in front of it, or a comma-separated list of proxy addresses or CIDR ranges; unset trusts no one",
    localDefault: 'loopback',
  },
  LOG_LEVEL: {
    kind: 'log-level',
    description: 'fatal, error, warn, info, debug, trace or silent',
    localDefault: 'info',
  },
  METRICS_TOKEN: {
    kind: 'secret',
    description:
      "Bearer token Prometheus sends to GET /metrics on the API and on the worker's metrics port (at least 32 characters); unset in production means both answer 404, unset locally leaves them open",
  },
  WORKER_METRICS_PORT: {
    kind: 'listen-port',
    description:
      "HTTP port of the worker's GET /metrics (the API serves its own on PORT); 0 takes any free port, printed at start. Unset: any free port locally, so a second `npm start` on one machine still starts; 9464 in production",
    localDefault: '0',
  },
  DATABASE_URL: {
    kind: 'postgres-url',
    description: 'PostgreSQL connection URL; `npm start` creates the database when it is missing',
    localDefault: 'postgres://postgres@127.0.0.1:5432/county_store',
    requiredInProduction: true,
  },
  PARCELS_DATABASE_URL: {
    kind: 'postgres-url',
    description:
      'PostgreSQL the parcel lookups and tiles read from (a read replica of DATABASE_URL), read-only; unset means DATABASE_URL',
  },
  REDIS_URL: {
    kind: 'redis-url',
    description: 'Redis for job queues, rate limits and catalog change notices',
    localDefault: 'redis://127.0.0.1:6379',
    requiredInProduction: true,
  },
  REDIS_KEY_PREFIX: {
    kind: 'text',
    description: 'Prefix of every Redis key, so several stores can share one Redis',
    localDefault: 'cds',
  },
  SESSION_SECRET_PREVIOUS: {
    kind: 'secret',
    description:
      'The SESSION_SECRET before a rotation: sessions, download links, order pages and sign-ins it signed still verify, new ones use SESSION_SECRET; remove once they have expired',
  },
  SESSION_SECRET: {
    kind: 'secret',
    description: 'Signs customer session cookies (at least 32 characters)',
    requiredInProduction: true,
  },
  ADMIN_PASSWORD: {
    kind: 'secret',
    description:
      'The staff password for /admin; unset locally, made on the first start, printed once and kept in var/local-secrets/admin-password',
    requiredInProduction: true,
  },
  STRIPE_SECRET_KEY: {
    kind: 'secret',
    description: 'Stripe secret key; unset locally means the built-in Stripe simulator',
  },
  STRIPE_PUBLISHABLE_KEY: {
    kind: 'text',
    description:
      'Stripe publishable key for the card form; unset in production shows "Payment processing is not configured"',
  },
  STRIPE_WEBHOOK_SECRET: { kind: 'secret', description: 'Signing secret of the Stripe webhook endpoint' },
  STRIPE_API_URL: {
    kind: 'http-url',
    description: 'A Stripe-compatible API server (for example stripe-mock) instead of api.stripe.com',
  },
  STRIPE_ALLOW_TEST_MODE: {
    kind: 'flag',
    description:
      'true lets production run on test-mode Stripe keys or a STRIPE_API_URL (a staging deployment); production refuses both otherwise',
    localDefault: 'false',
  },
  OIDC_ISSUER_URL: {
    kind: 'http-url',
    description: 'OpenID Connect issuer for customer sign-in; unset locally means the development provider',
  },
  OIDC_CLIENT_ID: { kind: 'text', description: 'OpenID Connect client id' },
  OIDC_CLIENT_SECRET: { kind: 'secret', description: 'OpenID Connect client secret' },
  OIDC_STAFF_GROUP_CLAIM: {
    kind: 'text',
    description: 'ID token or userinfo claim listing the groups of a person signing in to /admin with a staff account',
    localDefault: 'groups',
  },
  OIDC_STAFF_GROUP: {
    kind: 'text',
    description:
      'The group (in OIDC_STAFF_GROUP_CLAIM) whose members may sign in to /admin with their own account; unset in production turns that sign-in off',
    localDefault: 'county-store-staff',
  },
  OIDC_ADMIN_GROUP: {
    kind: 'text',
    description:
      'The group (in OIDC_STAFF_GROUP_CLAIM) whose members sign in to /admin as admins (refunds, extensions, releases, county edits); other staff-group members are support; unset: no named admins, only the break-glass password',
    localDefault: 'county-store-admins',
  },
  SMTP_URL: {
    kind: 'smtp-url',
    description: 'Outgoing mail server (smtp:// or smtps://); unset locally means the var/mail outbox',
    requiredInProduction: true,
  },
  MAIL_FROM: {
    kind: 'mailbox',
    description: 'Sender of every email, as "Name <address>" or a bare address',
    localDefault: 'County Data Store <orders@localhost>',
    requiredInProduction: true,
  },
  MAIL_OUTBOX_DIR: {
    kind: 'text',
    description: 'Where mail is written as .eml files when SMTP_URL is unset (local use only)',
    localDefault: 'var/mail',
  },
  DATA_DIR: {
    kind: 'text',
    description: 'Directory of the county dataset files',
    localDefault: 'var/datasets',
  },
  STORAGE_URL: {
    kind: 'storage-url',
    description:
      'Keeps the dataset files in an S3-compatible bucket (AWS S3, R2, MinIO…) as s3://bucket/prefix, downloads then answer with presigned links; unset means the DATA_DIR directory',
  },
  S3_ENDPOINT: {
    kind: 'http-url',
    description:
      'Endpoint of an S3-compatible store other than AWS (MinIO, R2, …); unset with STORAGE_URL means AWS S3 in S3_REGION',
  },
  S3_PUBLIC_ENDPOINT: {
    kind: 'http-url',
    description:
      "Endpoint buyers' presigned download links point to, when it differs from S3_ENDPOINT (MinIO on a private network behind docker compose); unset means S3_ENDPOINT",
  },
  S3_REGION: {
    kind: 'text',
    description: 'Region of the STORAGE_URL bucket (R2: auto); unset means us-east-1',
  },
  S3_ACCESS_KEY_ID: {
    kind: 'text',
    description:
      'Access key of the STORAGE_URL bucket, with S3_SECRET_ACCESS_KEY; unset both to use the AWS default credentials (instance role, AWS_* variables)',
  },
  S3_SECRET_ACCESS_KEY: {
    kind: 'text',
    description: 'Secret key that goes with S3_ACCESS_KEY_ID; never logged',
  },
  S3_FORCE_PATH_STYLE: {
    kind: 'flag',
    description: 'true addresses the bucket as endpoint/bucket instead of bucket.endpoint, as MinIO needs',
    localDefault: 'false',
  },
  DATASET_UPLOAD_MAX_BYTES: {
    kind: 'byte-count',
    description: 'Largest county file (gzip bytes) staff may upload; larger uploads are refused with 413',
    localDefault: '2147483648',
  },
  RELEASE_FILE_MAX_BYTES: {
    kind: 'byte-count',
    description:
      'Largest source file (bytes as sent, gzip or plain CSV) staff may send to a release; larger ones are refused with 413',
    localDefault: '107374182400',
  },
  RELEASE_FILE_MAX_UNZIPPED_BYTES: {
    kind: 'byte-count',
    description:
      'Largest a release source file may be once unzipped; a file that unzips to more (a gzip bomb) is refused with 413, and fails its ingest job',
    localDefault: '1099511627776',
  },
  OGR2OGR_TIMEOUT_SECONDS: {
    kind: 'seconds',
    description:
      'Longest one ogr2ogr run of a format conversion may take; past it the run (and its process group) is killed and the conversion fails, so a hung run cannot hold the formats queue',
    localDefault: '7200',
  },
  SAMPLE_RELEASE_STATES: {
    kind: 'state-codes',
    description:
      "States (two-letter codes, comma-separated) whose counties a local store's first start publishes as sample releases; never used in production",
    localDefault: 'DC,DE,MD,RI,VT',
  },
  SUPPORT_PHONE: {
    kind: 'text',
    description: 'Support phone number shown on public pages',
    localDefault: '(555) 010-0142',
    requiredInProduction: true,
  },
  SUPPORT_EMAIL: {
    kind: 'email',
    description: 'Contact email shown on the terms page and in emails',
    localDefault: 'support@localhost',
    requiredInProduction: true,
  },
  MAP_STYLE_URL: {
    kind: 'http-url',
    description:
      "A MapLibre style whose base map the parcel maps draw under the store's own layers; unset, they draw only the store's county outlines and parcels (no external map service); https:// in production",
  },
} as const satisfies Record<string, VariableSpec>;

export type VariableName = keyof typeof VARIABLES;
