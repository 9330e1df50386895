import { registerAs } from '@nestjs/config';
import { isProduction, readEnvironment } from './environment';

export const appConfig = registerAs('app', () => {
  const env = readEnvironment();
  return {
    production: isProduction(env),
    port: Number(env.PORT ?? 3000),
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    supportPhone: env.SUPPORT_PHONE ?? '',
    supportEmail: env.SUPPORT_EMAIL ?? '',
  };
});
