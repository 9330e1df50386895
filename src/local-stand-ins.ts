import type { Environment } from './config/environment';
import { ADMIN_PATHS } from './contracts/routes';
import { MAIL_OUTBOX_PATH } from './dev/mail-outbox-viewer';
import { DEV_OIDC_PATH } from './dev/oidc-provider/dev-oidc-provider';

/**
 * The start banner's list of what stands in locally for a real service, and where to find it,
 * so a developer sees at once where sign-in, payments and mail go. Empty when nothing stands in.
 */
export function localStandIns(env: Environment, url: string): string[] {
  if (env.NODE_ENV === 'production') return [];
  const lines: string[] = [];
  if (!env.STRIPE_SECRET_KEY)
    lines.push(`Stripe simulator: payments succeed here, webhooks to ${url}/api/stripe/webhook`);
  if (!env.OIDC_ISSUER_URL) lines.push(`Development sign-in provider: ${env.PUBLIC_URL}${DEV_OIDC_PATH}`);
  if (!env.SMTP_URL)
    lines.push(`Mail outbox (nothing is sent): ${url}${MAIL_OUTBOX_PATH}, files in ${env.MAIL_OUTBOX_DIR}`);
  lines.push(`Dataset files: ${env.STORAGE_URL ?? env.DATA_DIR}`);
  return lines;
}

/**
 * What `npm start` prints once the store listens: where the store is, where staff sign in (the
 * password was printed just before, or is kept in var/local-secrets), the local stand-ins, and
 * where each role's metrics are.
 */
export function startBanner(env: Environment, url: string, workerMetricsPort: number): string {
  const standIns = localStandIns(env, url).map((line) => `  - ${line}\n`);
  return (
    `\nCounty Data Store is running at ${url}\nAdmin console: ${url}${ADMIN_PATHS.home}\n` +
    (standIns.length ? `\nLocal stand-ins:\n${standIns.join('')}` : '') +
    `\nMetrics: ${url}/metrics (API), http://localhost:${workerMetricsPort}/metrics (worker)\n`
  );
}
