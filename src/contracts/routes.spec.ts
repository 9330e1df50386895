import { ADMIN_ROUTES, matchesRoute, STORE_ROUTES } from './routes';

describe('matchesRoute', () => {
  it('matches fixed routes with or without a trailing slash', () => {
    expect(matchesRoute(STORE_ROUTES, '/')).toBe(true);
    expect(matchesRoute(STORE_ROUTES, '/select-counties')).toBe(true);
    expect(matchesRoute(ADMIN_ROUTES, '/admin/')).toBe(true);
  });

  it('matches a parameter segment but not a missing or extra one', () => {
    expect(matchesRoute(STORE_ROUTES, '/checkout/8c1f0c3e')).toBe(true);
    expect(matchesRoute(STORE_ROUTES, '/checkout/a/b')).toBe(false);
  });

  it('refuses paths that are no route', () => {
    expect(matchesRoute(STORE_ROUTES, '/nope')).toBe(false);
    expect(matchesRoute(STORE_ROUTES, '/dashboard/extra')).toBe(false);
    expect(matchesRoute(ADMIN_ROUTES, '/admin/secret')).toBe(false);
  });
});
