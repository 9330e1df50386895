import { DEFAULT_UPLOAD_MAX_BYTES, storageConfig } from './storage.config';

const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example.com',
  DATABASE_URL: 'postgres://store:pw@db:5432/county_store',
  REDIS_URL: 'redis://redis:6379',
  SESSION_SECRET: 's'.repeat(40),
  ADMIN_PASSWORD: 'a'.repeat(40),
  SMTP_URL: 'smtp://mail:587',
  MAIL_FROM: 'County Data Store <orders@example.com>',
  SUPPORT_PHONE: '+1 604 555 0100',
  SUPPORT_EMAIL: 'support@example.com',
};

describe('storage configuration', () => {
  const saved = process.env;
  afterEach(() => {
    process.env = saved;
  });

  it('generates missing county files locally, with a 2 GiB upload limit by default', () => {
    process.env = { NODE_ENV: 'development' };
    expect(storageConfig()).toMatchObject({ generateMissingDatasets: true, uploadMaxBytes: 2 * 1024 ** 3 });
  });

  it('never generates county files in production, and keeps the default limit there too', () => {
    process.env = { ...production };
    expect(storageConfig()).toMatchObject({ generateMissingDatasets: false, uploadMaxBytes: DEFAULT_UPLOAD_MAX_BYTES });
  });

  it('takes the upload limit from DATASET_UPLOAD_MAX_BYTES', () => {
    process.env = { ...production, DATASET_UPLOAD_MAX_BYTES: '1048576' };
    expect(storageConfig().uploadMaxBytes).toBe(1048576);
  });
});
