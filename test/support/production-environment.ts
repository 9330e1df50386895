/** A complete production configuration: every variable production requires, with plausible values. */
export const PRODUCTION_ENVIRONMENT = {
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
