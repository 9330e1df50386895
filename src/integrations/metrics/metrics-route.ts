import type { INestApplication } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { HotRoute } from '../../common/http/ahead-of-framework';
import { metricsConfig } from '../../config';
import { answerScrape, METRICS_PATH } from './metrics-access';
import { MetricsRegistry } from './metrics-registry';

/**
 * GET /metrics on the API, for Prometheus. Served ahead of the framework: a scrape every few
 * seconds is neither access-logged nor counted among the requests it reports. In production
 * without METRICS_TOKEN it answers the 404 of an unknown API path.
 */
export function metricsRoute(app: INestApplication): HotRoute {
  const rules = app.get<ConfigType<typeof metricsConfig>>(metricsConfig.KEY);
  const metrics = app.get(MetricsRegistry);
  return {
    methods: ['GET', 'HEAD'],
    path: METRICS_PATH,
    // Prometheus may be told to add parameters to its scrapes.
    anyQuery: true,
    handle: (req, res) => void answerScrape(req, res, rules, metrics),
  };
}
