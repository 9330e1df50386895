import { contentSecurityPolicy } from './security-headers';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  const store = contentSecurityPolicy({ production: true, runtimeStyles: false });

  it("allows our own scripts and Stripe's, and no inline script anywhere", () => {
    expect(directive(store, 'script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directive(contentSecurityPolicy({ production: true, runtimeStyles: true }), 'script-src')).not.toContain(
      "'unsafe-inline'",
    );
  });

  it("frames only Stripe's card and 3-D Secure pages, and lets no site frame ours", () => {
    expect(directive(store, 'frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(directive(store, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('allows inline styles only where the page writes them at run time', () => {
    expect(directive(store, 'style-src')).toEqual(["'self'"]);
    expect(directive(contentSecurityPolicy({ production: true, runtimeStyles: true }), 'style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
    ]);
  });

  it("lets the maps fetch MAP_STYLE_URL's base map from its origin, and nothing else beyond Stripe without one", () => {
    expect(directive(store, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const withBaseMap = contentSecurityPolicy({
      production: true,
      runtimeStyles: false,
      mapOrigin: 'https://tiles.example.com',
    });
    expect(directive(withBaseMap, 'connect-src')).toContain('https://tiles.example.com');
    // MapLibre fetches sprites and raster tiles too (connect-src): no <img> ever loads from the base map.
    expect(directive(withBaseMap, 'img-src')).not.toContain('https://tiles.example.com');
    expect(directive(withBaseMap, 'script-src')).not.toContain('https://tiles.example.com');
  });

  it('upgrades insecure requests in production only', () => {
    expect(directive(store, 'upgrade-insecure-requests')).toEqual([]);
    expect(
      directive(contentSecurityPolicy({ production: false, runtimeStyles: false }), 'upgrade-insecure-requests'),
    ).toBeUndefined();
  });
});
