import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// Stripe's published requirements for Stripe.js and its card and 3-D Secure frames.
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = ['https://api.stripe.com'];

interface PolicyOptions {
  production: boolean;
  /** Whether <style> elements the page's own scripts write are allowed (Ant Design writes its styles at run time). */
  runtimeStyles: boolean;
  /**
   * The origin of MAP_STYLE_URL's base map, when one is set: MapLibre fetches its style, tiles,
   * glyphs and sprite images (decoded with createImageBitmap), so connect-src alone lets it in.
   */
  mapOrigin?: string;
}

/** The Content-Security-Policy of our pages: our own code, Stripe's, and nothing inline but what is named. */
export function contentSecurityPolicy({ production, runtimeStyles, mapOrigin }: PolicyOptions): string {
  const map = mapOrigin ? [mapOrigin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...STRIPE_SCRIPTS],
    'style-src': runtimeStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:', 'https://*.stripe.com'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...STRIPE_API, ...map],
    'frame-src': STRIPE_FRAMES,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (production) directives['upgrade-insecure-requests'] = [];
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

type Headers = [name: string, value: string][];

function headerSet(options: PolicyOptions): Headers {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(options)],
    ['X-Content-Type-Options', 'nosniff'],
    // Order pages carry their access token in the address: it must not travel to other sites.
    ['Referrer-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ...(options.production ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as Headers) : []),
  ];
}

/**
 * Pages that write styles at run time: the admin console (Ant Design), the API docs (Swagger UI)
 * and, outside production, the local stand-ins' pages under /dev/.
 */
const RUNTIME_STYLE_PREFIXES = ['/admin', '/api/docs', '/dev/'];

/**
 * Sets the security headers on every response, whichever part of the app answers it (the
 * framework or a route served ahead of it), by running first on each request.
 */
export function sendSecurityHeaders(server: Server, production: boolean, mapOrigin?: string): void {
  const strict = headerSet({ production, runtimeStyles: false, mapOrigin });
  const relaxed = headerSet({ production, runtimeStyles: true, mapOrigin });
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const headers = RUNTIME_STYLE_PREFIXES.some((prefix) => url.startsWith(prefix)) ? relaxed : strict;
    for (const [name, value] of headers) res.setHeader(name, value);
  });
}
