import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { AdminGuard } from '../../../src/modules/admin/staff-access/admin.guard';
import { STAFF_ROLE_KEY, STAFF_ROLES } from '../../../src/modules/admin/staff-access/staff-role';
import { useTestApp } from '../../support/test-app';

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'ALL', 'OPTIONS', 'HEAD', 'SEARCH'];

/** Staff roles: every admin route says which role may use it (AdminGuard treats a silent one as admin-only). */
describe('Staff roles on admin routes', () => {
  const context = useTestApp();

  /** Every route of the running API: its controller, handler, method and path, and the guards on it. */
  function routes() {
    const discovery = context.store.app.get(DiscoveryService);
    const scanner = context.store.app.get(MetadataScanner);
    return discovery.getControllers().flatMap((wrapper) => {
      const controller = wrapper.metatype as (new (...args: unknown[]) => object) | null;
      if (!controller) return [];
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classGuards: unknown[] = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
      return scanner.getAllMethodNames(controller.prototype).flatMap((name) => {
        const handler = (controller.prototype as Record<string, unknown>)[name] as object;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) return [];
        const method = HTTP_METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const guards: unknown[] = [...classGuards, ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
        const role: unknown =
          Reflect.getMetadata(STAFF_ROLE_KEY, handler) ?? Reflect.getMetadata(STAFF_ROLE_KEY, controller);
        return [{ route: `${method} /api/${base}/${path}`.replace(/\/+/g, '/').replace(/\/$/, ''), guards, role }];
      });
    });
  }

  it('declares support or admin on every route behind AdminGuard', () => {
    const guarded = routes().filter((route) => route.guards.includes(AdminGuard));
    expect(guarded.length).toBeGreaterThan(35);
    expect(guarded.filter((route) => !STAFF_ROLES.includes(route.role as never)).map((route) => route.route)).toEqual(
      [],
    );
  });

  it('puts every /api/admin route but the sign-in ones behind AdminGuard', () => {
    const open = routes()
      .filter((route) => route.route.includes(' /api/admin') && !route.guards.includes(AdminGuard))
      .map((route) => route.route)
      .sort();
    expect(open).toEqual([
      'GET /api/admin/staff-login',
      'GET /api/admin/staff-login/callback',
      'POST /api/admin/login',
    ]);
  });

  it('opens to support only reading, resending emails, order-page links and its own session', () => {
    const support = routes()
      .filter((route) => route.guards.includes(AdminGuard) && route.role === 'support')
      .map((route) => route.route)
      .filter((route) => !route.startsWith('GET ') && !route.startsWith('HEAD '))
      .sort();
    expect(support).toEqual([
      'POST /api/admin/customers/:id/orders/:orderId/page-link',
      'POST /api/admin/customers/:id/orders/:orderId/resend-receipt',
      'POST /api/admin/customers/:id/subscriptions/:subscriptionId/resend-tracker-email',
      'POST /api/admin/logout',
    ]);
  });
});
