import type { IncomingMessage } from 'node:http';

const ROUTE_TEMPLATE = Symbol('routeTemplate');

type Routed = IncomingMessage & { [ROUTE_TEMPLATE]?: string; route?: { path?: unknown } };

/** Names the route that answers a request served outside the framework's router. */
export function markRouteTemplate(req: IncomingMessage, template: string): void {
  (req as Routed)[ROUTE_TEMPLATE] = template;
}

/**
 * The route that answered, as declared (`/api/downloads/:token`), never the requested address;
 * undefined when no route did (an unknown path, or a request refused before routing).
 */
export function routeTemplateOf(req: IncomingMessage): string | undefined {
  const routed = req as Routed;
  if (routed[ROUTE_TEMPLATE]) return routed[ROUTE_TEMPLATE];
  const path = routed.route?.path;
  // A catch-all (Nest's not-found answer, middleware mounted everywhere) names no route.
  return typeof path === 'string' && !path.includes('{*') ? path : undefined;
}
