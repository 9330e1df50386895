import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { CountyCatalogService } from './county-catalog.service';

export const CATALOG_PATH = '/api/counties';

/**
 * Answers GET and HEAD /api/counties, the store's hottest read, before Express and Nest see the
 * request. The answer is already built and compressed; the framework's middleware chain (origin
 * check, body parser, logger, router) cost five to seven times the answer itself. The controller
 * still documents the route and serves it wherever this is not installed. Such requests are not
 * access-logged; headers every answer must carry belong in PrecompressedBody as well.
 */
export function serveCatalogAheadOfFramework(app: INestApplication): void {
  const server = app.getHttpServer() as Server;
  const catalog = app.get(CountyCatalogService);
  const framework = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === CATALOG_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      catalog.current().send(req, res);
      return;
    }
    for (const listener of framework) listener(req, res);
  });
}
