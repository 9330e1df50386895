import { PRODUCTION_ENVIRONMENT } from './production-environment';

/** A complete production configuration pointing at the local services, to start a production app in a test. */
export const PRODUCTION_ENV = {
  ...PRODUCTION_ENVIRONMENT,
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/county_store',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'orders@example.com',
};
