import type { Request } from 'express';
import type { StaffClient } from './admin-auth.service';

/** The address (behind trusted proxies) and browser of a staff request, cut to what the audit log keeps. */
export function staffClientOf(req: Request): StaffClient {
  const userAgent = req.headers['user-agent'];
  return {
    ipAddress: req.ip?.slice(0, 64) ?? null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, 300) : null,
  };
}
