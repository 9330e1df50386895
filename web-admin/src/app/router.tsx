import { Flex, Spin } from 'antd';
import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
import { ADMIN_PATHS, type AdminPage } from '@contracts/routes';
import { AdminGuard } from './admin-guard';
import { AdminLayout } from './admin-layout';

// Each page is its own chunk, so the login and dashboard load without tables or charts.
type Page = LazyRouteFunction<RouteObject>;
const page =
  (load: () => Promise<{ default: React.ComponentType }>): Page =>
  async () => ({
    Component: (await load()).default,
  });

const dashboard = page(() => import('../pages/dashboard'));
const parcelsPage = page(() => import('../pages/parcels'));

/** The page behind each console route but login: one for every route the server answers with the console. */
const SIGNED_IN_PAGES: Record<Exclude<AdminPage, 'login'>, Page> = {
  home: dashboard,
  dashboard,
  subscriptions: page(() => import('../pages/subscriptions')),
  users: page(() => import('../pages/users')),
  analytics: page(() => import('../pages/analytics')),
  counties: page(() => import('../pages/counties')),
  auditLog: page(() => import('../pages/audit-log')),
  coverage: page(() => import('../pages/data-coverage')),
  releases: page(() => import('../pages/releases')),
  release: page(() => import('../pages/releases/release')),
  jobs: page(() => import('../pages/jobs')),
  customers: page(() => import('../pages/customers')),
  customer: page(() => import('../pages/customers/customer')),
  // One page: a parcel's link opens the same search page with that parcel's drawer.
  parcels: parcelsPage,
  parcel: parcelsPage,
  owners: page(() => import('../pages/owners')),
  owner: page(() => import('../pages/owners/owner')),
};

/** What shows while the first page's code loads: the router renders nothing until then otherwise. */
function FirstPageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="status" aria-label="Loading">
      <Spin size="large" />
    </Flex>
  );
}

export const router = createBrowserRouter([
  {
    HydrateFallback: FirstPageLoading,
    children: [
      { path: ADMIN_PATHS.login, lazy: page(() => import('../pages/login')) },
      {
        Component: AdminGuard,
        children: [
          {
            Component: AdminLayout,
            children: Object.entries(SIGNED_IN_PAGES).map(([name, lazy]) => ({
              path: ADMIN_PATHS[name as keyof typeof SIGNED_IN_PAGES],
              lazy,
            })),
          },
        ],
      },
      { path: '*', lazy: page(() => import('../pages/not-found')) },
    ],
  },
]);
