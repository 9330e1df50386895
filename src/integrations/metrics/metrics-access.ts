import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MetricsRegistry } from './metrics-registry';

export const METRICS_PATH = '/metrics';

export interface MetricsAccessRules {
  production: boolean;
  token?: string;
}

/**
 * Who may read /metrics. Production serves it only to Prometheus with METRICS_TOKEN, and
 * without a token configured it does not exist (404); locally it is open until a token is set.
 */
export function metricsAccess(
  rules: MetricsAccessRules,
  authorization: string | undefined,
): 'serve' | 'unauthorized' | 'hidden' {
  if (!rules.token) return rules.production ? 'hidden' : 'serve';
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && sameToken(presented, rules.token) ? 'serve' : 'unauthorized';
}

/** Compared as digests of equal length, so the time taken tells nothing of the token or its length. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function sendError(res: ServerResponse, statusCode: number, error: string, message: string): void {
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify({ statusCode, message, error }));
}

/** Answers a scrape: the metrics, 401 asking for the token, or the 404 of a path that does not exist. */
export async function answerScrape(
  req: IncomingMessage,
  res: ServerResponse,
  rules: MetricsAccessRules,
  metrics: MetricsRegistry,
): Promise<void> {
  const access = metricsAccess(rules, req.headers.authorization);
  if (access === 'hidden') return sendError(res, 404, 'Not Found', `Cannot ${req.method} ${METRICS_PATH}`);
  if (access === 'unauthorized') {
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    return sendError(res, 401, 'Unauthorized', 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer');
  }
  let body: string;
  try {
    body = await metrics.metrics();
  } catch {
    return sendError(res, 500, 'Internal Server Error', 'Internal server error');
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', metrics.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(req.method === 'HEAD' ? undefined : body);
}
