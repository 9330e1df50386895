/** A complete production configuration pointing at the local services. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://store.example.com',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/county_store',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_SECRET: 's'.repeat(40),
  ADMIN_PASSWORD: 'a'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'orders@example.com',
  SUPPORT_PHONE: '+1 604 555 0100',
  SUPPORT_EMAIL: 'support@example.com',
};
