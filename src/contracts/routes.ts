/** Pages of the customer store (web-store), served at the site root. */
export const STORE_ROUTES = [
  '/',
  '/dashboard',
  '/counties',
  '/select-counties',
  '/checkout',
  '/checkout/:countyId',
  '/orders/:token',
  '/privacy',
  '/terms',
] as const;

/** Pages of the admin console (web-admin), served under /admin. */
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/login',
  '/admin/dashboard',
  '/admin/subscriptions',
  '/admin/users',
  '/admin/analytics',
  '/admin/counties',
  '/admin/audit-log',
] as const;

/** Whether a path is one of the route patterns (`:name` matches one non-empty segment). */
export function matchesRoute(patterns: readonly string[], path: string): boolean {
  const segments = path.replace(/\/+$/, '').split('/').slice(1);
  return patterns.some((pattern) => {
    const parts = pattern.replace(/\/+$/, '').split('/').slice(1);
    return (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}
