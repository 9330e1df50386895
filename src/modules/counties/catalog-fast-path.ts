import type { INestApplication } from '@nestjs/common';
import type { HotRoute } from '../../common/http/ahead-of-framework';
import { CountyCatalogService } from './county-catalog.service';

export const CATALOG_PATH = '/api/counties';

/** GET and HEAD /api/counties, the store's hottest read: an answer already built and compressed. */
export function catalogRoute(app: INestApplication): HotRoute {
  const catalog = app.get(CountyCatalogService);
  return { methods: ['GET', 'HEAD'], path: CATALOG_PATH, handle: (req, res) => catalog.current().send(req, res) };
}
