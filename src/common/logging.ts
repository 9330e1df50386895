import { RequestMethod } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { appConfig } from '../config';

/** The path only: query strings are never logged, nor the tokens in download links and order pages. */
export function pathOf(url = ''): string {
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  return path
    .replace(/^\/api\/downloads\/[^/]+/, '/api/downloads/:token')
    .replace(/^(\/api)?\/orders\/[^/]+/, '$1/orders/:token');
}

/**
 * Structured request logs. Headers are not logged at all (cookies and
 * authorization stay out of the logs by construction), nor are bodies.
 */
export function loggerOptions(app: ConfigType<typeof appConfig>): Params {
  // pino-pretty runs in a worker thread of its own: not worth one when nothing is logged.
  const pretty = !app.production && process.stdout.isTTY && app.logLevel !== 'silent';
  return {
    // Every route, in the path syntax of Express 5.
    forRoutes: [{ path: '{*path}', method: RequestMethod.ALL }],
    pinoHttp: {
      level: app.logLevel,
      transport: pretty ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
      autoLogging: { ignore: (req: IncomingMessage) => pathOf(req.url) === '/api/health' },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: pathOf(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
  };
}
