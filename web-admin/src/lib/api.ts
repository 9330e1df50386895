import { createHttpClient } from '@web-shared/http';

export { HttpError, messageOf } from '@web-shared/http';

/**
 * Console calls are authenticated by the httpOnly admin cookie alone (sent with credentials); the
 * console never holds a token it could leak. Bearer tokens are for API clients.
 */
export const { getJson, sendJson } = createHttpClient();

/** Query keys shared by pages that refresh each other's data (a cancel refreshes the summary). */
export const adminKeys = {
  checkAuth: ['admin', 'check-auth'] as const,
  summary: ['admin', 'summary'] as const,
  subscriptions: ['admin', 'subscriptions'] as const,
  users: ['admin', 'users'] as const,
  analytics: ['admin', 'analytics'] as const,
  counties: ['admin', 'counties'] as const,
  auditLog: ['admin', 'audit-log'] as const,
};
