import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router-dom';
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

export const router = createBrowserRouter([
  { path: '/admin/login', lazy: page(() => import('../pages/login')) },
  {
    Component: AdminGuard,
    children: [
      {
        Component: AdminLayout,
        children: [
          { path: '/admin', lazy: dashboard },
          { path: '/admin/dashboard', lazy: dashboard },
          { path: '/admin/subscriptions', lazy: page(() => import('../pages/subscriptions')) },
          { path: '/admin/users', lazy: page(() => import('../pages/users')) },
          { path: '/admin/analytics', lazy: page(() => import('../pages/analytics')) },
          { path: '/admin/counties', lazy: page(() => import('../pages/counties')) },
          { path: '/admin/audit-log', lazy: page(() => import('../pages/audit-log')) },
        ],
      },
    ],
  },
  { path: '*', lazy: page(() => import('../pages/not-found')) },
]);
