/**
 * Pages of the customer store (web-store), served at the site root, by name. The store's router
 * takes its paths from here and the server answers exactly these with the app (anything else 404).
 */
export const STORE_PATHS = {
  home: '/',
  dashboard: '/dashboard',
  browseCounties: '/counties',
  selectCounties: '/select-counties',
  checkout: '/checkout',
  countyCheckout: '/checkout/:countyId',
  order: '/orders/:token',
  privacy: '/privacy',
  terms: '/terms',
  parcelMap: '/parcels',
  ownerSearch: '/owners',
  ownerPortfolio: '/owners/:ownerId',
  dataSchema: '/schema',
} as const;
export type StorePage = keyof typeof STORE_PATHS;

/** The parcel map opened at one parcel, its details beside it: how an owner's portfolio links its parcels. */
export function parcelOnMap(parcelKey: string): string {
  return `${STORE_PATHS.parcelMap}?parcel=${encodeURIComponent(parcelKey)}`;
}

/** Every store route pattern. */
export const STORE_ROUTES: readonly string[] = Object.values(STORE_PATHS);

/**
 * The page module each store route loads lazily (web-store/src/app/router.tsx), as Vite's build
 * manifest names it: the server links the page's code and styles from the HTML, so the browser
 * fetches them with the entry instead of after it.
 */
export const STORE_PAGE_MODULES: Readonly<Record<string, string>> = {
  [STORE_PATHS.dashboard]: 'src/features/dashboard/components/dashboard-page.tsx',
  [STORE_PATHS.browseCounties]: 'src/features/browse-counties/components/browse-counties-page.tsx',
  [STORE_PATHS.selectCounties]: 'src/features/county-picker/components/county-picker-page.tsx',
  [STORE_PATHS.checkout]: 'src/features/checkout/components/checkout-page.tsx',
  [STORE_PATHS.countyCheckout]: 'src/features/checkout/components/checkout-page.tsx',
  [STORE_PATHS.order]: 'src/features/order-page/components/order-page.tsx',
  [STORE_PATHS.privacy]: 'src/features/legal/components/privacy-page.tsx',
  [STORE_PATHS.terms]: 'src/features/legal/components/terms-page.tsx',
  [STORE_PATHS.parcelMap]: 'src/features/parcel-map/components/parcel-map-page.tsx',
  [STORE_PATHS.ownerSearch]: 'src/features/owner-portfolios/components/owner-search-page.tsx',
  [STORE_PATHS.ownerPortfolio]: 'src/features/owner-portfolios/components/owner-portfolio-page.tsx',
  [STORE_PATHS.dataSchema]: 'src/features/data-schema/components/data-schema-page.tsx',
};

/** Pages of the admin console (web-admin), served under /admin, by name; its router takes its paths from here. */
export const ADMIN_PATHS = {
  home: '/admin',
  login: '/admin/login',
  dashboard: '/admin/dashboard',
  subscriptions: '/admin/subscriptions',
  users: '/admin/users',
  analytics: '/admin/analytics',
  counties: '/admin/counties',
  auditLog: '/admin/audit-log',
  coverage: '/admin/coverage',
  releases: '/admin/releases',
  release: '/admin/releases/:id',
  jobs: '/admin/jobs',
  customers: '/admin/customers',
  customer: '/admin/customers/:id',
  parcels: '/admin/parcels',
  parcel: '/admin/parcels/:parcelKey',
  owners: '/admin/owners',
  owner: '/admin/owners/:id',
} as const;
export type AdminPage = keyof typeof ADMIN_PATHS;

/** Every admin route pattern. */
export const ADMIN_ROUTES: readonly string[] = Object.values(ADMIN_PATHS);

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
