import type { IncomingHttpHeaders } from 'node:http';
import { ForbiddenException } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { replyWithError } from '../filters/http-error.filter';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this state-changing request from another site (the request forgery that
 * a session cookie would otherwise carry). Browsers mark such requests with Origin and
 * Sec-Fetch-Site; requests without either come from programs, which carry no victim's cookies.
 */
export function isCrossSiteWrite(method: string | undefined, headers: IncomingHttpHeaders, origins: string[]): boolean {
  if (SAFE_METHODS.has(method ?? 'GET')) return false;
  const origin = headers.origin;
  return headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !origins.includes(origin));
}

export const crossSiteRefusal = () => new ForbiddenException('Cross-site requests are not allowed');

/** Refuses cross-site state-changing requests with a 403. */
export function sameOriginOnly(origins: string[]): RequestHandler {
  return (req, res, next) => {
    if (!isCrossSiteWrite(req.method, req.headers, origins)) return next();
    replyWithError(res, crossSiteRefusal());
  };
}
