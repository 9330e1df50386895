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

/**
 * The page module each store route loads lazily (web-store/src/app/router.tsx), as Vite's build
 * manifest names it: the server links the page's code and styles from the HTML, so the browser
 * fetches them with the entry instead of after it.
 */
export const STORE_PAGE_MODULES: Readonly<Record<string, string>> = {
  '/dashboard': 'src/features/dashboard/components/dashboard-page.tsx',
  '/counties': 'src/features/browse-counties/components/browse-counties-page.tsx',
  '/select-counties': 'src/features/county-picker/components/county-picker-page.tsx',
  '/checkout': 'src/features/checkout/components/checkout-page.tsx',
  '/checkout/:countyId': 'src/features/checkout/components/checkout-page.tsx',
  '/orders/:token': 'src/features/order-page/components/order-page.tsx',
  '/privacy': 'src/features/legal/components/privacy-page.tsx',
  '/terms': 'src/features/legal/components/terms-page.tsx',
};

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
