import type { Response } from 'express';
import { ADMIN_COOKIE, ADMIN_SESSION_HOURS } from './admin-auth.service';

/**
 * The console's credential: httpOnly (no script reads it), SameSite=Strict (no other site sends it),
 * and only on /api/admin. Bearer tokens are for API clients.
 */
export function setAdminCookie(res: Response, token: string, secure: boolean): void {
  res.cookie(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/admin',
    maxAge: ADMIN_SESSION_HOURS * 3600 * 1000,
  });
}
