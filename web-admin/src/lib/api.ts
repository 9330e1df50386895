import { createHttpClient } from '@web-shared/http';
import { readAdminToken } from './admin-token';

export { HttpError, messageOf } from '@web-shared/http';

/** Every console call carries the admin token as a Bearer header, besides the session cookie. */
export const { getJson, sendJson } = createHttpClient((): Record<string, string> => {
  const token = readAdminToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
});

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
