import { registerAs } from '@nestjs/config';
import { isProduction, readEnvironment } from './environment';

export const appConfig = registerAs('app', () => {
  const env = readEnvironment();
  const production = isProduction(env);
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? '').replace(/\/$/, '');
  return {
    production,
    port,
    publicUrl,
    /** Origins the store's own pages are served from; locally also the loopback names. */
    origins: [
      ...new Set([
        new URL(publicUrl).origin,
        ...(production ? [] : [`http://localhost:${port}`, `http://127.0.0.1:${port}`]),
      ]),
    ],
    /** Express's 'trust proxy': a hop count, a list of proxies, or no one (the connecting address counts). */
    trustedProxies: trustedProxies(env.TRUSTED_PROXIES),
    logLevel: env.LOG_LEVEL ?? 'info',
    supportPhone: env.SUPPORT_PHONE ?? '',
    supportEmail: env.SUPPORT_EMAIL ?? '',
    /** A base map for the parcel maps (a MapLibre style); empty: the store's own layers alone. */
    mapStyleUrl: env.MAP_STYLE_URL ?? '',
  };
});

function trustedProxies(raw: string | undefined): number | string | false {
  if (!raw) return false;
  return /^\d+$/.test(raw) ? Number(raw) : raw;
}
