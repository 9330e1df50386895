import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sends from another site
 * (the request forgery that a session cookie would otherwise carry). Browsers
 * mark such requests with Origin and Sec-Fetch-Site; requests without either
 * come from programs, which carry no victim's cookies.
 */
export function sameOriginOnly(origins: string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const crossSite =
      req.headers['sec-fetch-site'] === 'cross-site' || (origin !== undefined && !origins.includes(origin));
    if (!crossSite) return next();
    res.status(403).json({ statusCode: 403, message: 'Cross-site requests are not allowed', error: 'Forbidden' });
  };
}
