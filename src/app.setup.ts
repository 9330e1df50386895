import { INestApplication, NestApplicationOptions } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import { buildApiDocument, setApiPrefix } from './api-docs/api-document';
import { middlewareErrorHandler } from './common/filters/http-error.filter';
import { projectRoot } from './common/project-root';
import { serveAheadOfFramework } from './common/http/ahead-of-framework';
import { parseJsonBody } from './common/http/json-body';
import { sameOriginOnly } from './common/http/same-origin';
import { sendSecurityHeaders } from './common/http/security-headers';
import { createValidationPipe } from './common/validation';
import { appConfig, mailConfig } from './config';
import { HttpMetrics } from './integrations/metrics/http-metrics';
import { metricsRoute } from './integrations/metrics/metrics-route';
import type { StripeSimulator } from './dev/stripe-simulator/stripe-simulator';
import { STRIPE_SIMULATOR } from './integrations/stripe/stripe-simulator.provider';
import { OidcClient } from './modules/auth/oidc-client.service';
import { catalogRoute } from './modules/counties/catalog-fast-path';
import { journeyEventsRoute } from './modules/journey/journey-fast-path';
import { spaHost, webApps } from './web/spa-host';

/**
 * Nest's default parsers are off so that ours, with our limit, come first and
 * their errors reach our error contract (parseJsonBody also keeps the raw
 * body for webhook signatures).
 */
export const API_APP_OPTIONS: NestApplicationOptions = { bufferLogs: true, bodyParser: false };

// Largest legitimate body: a 500-county cart is about 40 KB of JSON.
export const JSON_BODY_LIMIT = '100kb';

function setUpDocs(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, buildApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
}

/**
 * The pages of the local stand-ins that are active. Each is loaded only then,
 * so a production process never loads a module under src/dev (its image has none).
 */
async function serveLocalStandins(app: NestExpressApplication, production: boolean): Promise<void> {
  const simulator = app.get<StripeSimulator | null>(STRIPE_SIMULATOR);
  if (simulator) app.use((await import('./dev/stripe-simulator/stripe-js-standin')).stripeJsStandin(simulator));
  const devProvider = app.get(OidcClient).devProvider;
  if (devProvider) app.use(devProvider.router);
  const mail = app.get<ConfigType<typeof mailConfig>>(mailConfig.KEY);
  if (!production && !mail.smtpUrl)
    app.use((await import('./dev/mail-outbox-viewer')).mailOutboxViewer(mail.outboxDir));
}

/** Everything about the HTTP app that main.ts and the tests must share. */
export async function configureApp(app: NestExpressApplication): Promise<NestExpressApplication> {
  app.disable('x-powered-by');
  const site = app.get<ConfigType<typeof appConfig>>(appConfig.KEY);
  // Only the proxies named in TRUSTED_PROXIES may say who the client is (X-Forwarded-For).
  app.set('trust proxy', site.trustedProxies);
  app.use(sameOriginOnly(site.origins));
  app.use(parseJsonBody(JSON_BODY_LIMIT));
  app.use(middlewareErrorHandler);
  setApiPrefix(app);
  app.useGlobalPipes(createValidationPipe());
  // On SIGTERM: finish what is in flight, close, then exit with 0 (not by the signal again).
  app.enableShutdownHooks(undefined, { useProcessExit: true });
  await serveLocalStandins(app, site.production);
  const { supportPhone, supportEmail, mapStyleUrl } = site;
  app.use(spaHost(webApps(projectRoot()), { supportPhone, supportEmail, ...(mapStyleUrl ? { mapStyleUrl } : {}) }));
  // The API's full map helps an attacker more than a customer: production does not publish it.
  if (!site.production) setUpDocs(app);
  serveAheadOfFramework(app, [catalogRoute(app), journeyEventsRoute(app, site.origins), metricsRoute(app)]);
  sendSecurityHeaders(app.getHttpServer(), site.production, mapStyleUrl ? new URL(mapStyleUrl).origin : undefined);
  app.get(HttpMetrics).instrument(app.getHttpServer());
  return app;
}
