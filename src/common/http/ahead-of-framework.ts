import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { markRouteTemplate } from './route-template';

/** A route answered on the bare Node request, before Express and Nest see it. */
export interface HotRoute {
  methods: string[];
  /** The exact request target: a query string or a trailing slash leaves the request to the framework. */
  path: string;
  /** Also answers the path with any query string, which this route reads nothing of. */
  anyQuery?: boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Serves the store's hottest routes ahead of the framework, whose middleware chain (origin check,
 * body parser, logger, router, pipes) costs several times what these answers need. Each route
 * keeps its controller, which documents it and serves it wherever this is not installed. Such
 * requests are not access-logged, and headers that every answer must carry have to be set here too.
 */
export function serveAheadOfFramework(app: INestApplication, routes: HotRoute[]): void {
  const server = app.getHttpServer() as Server;
  const framework = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const route = routes.find(
      (r) =>
        (r.path === req.url || (r.anyQuery && req.url?.startsWith(`${r.path}?`))) &&
        r.methods.includes(req.method ?? ''),
    );
    if (route) {
      markRouteTemplate(req, route.path);
      return route.handle(req, res);
    }
    for (const listener of framework) listener(req, res);
  });
}
