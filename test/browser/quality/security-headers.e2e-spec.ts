import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { browserOrigin, cspRefusals, useBrowser } from '../../support/browser';
import { eventually } from '../../support/eventually';
import { useTestApp } from '../../support/test-app';

const STORE_ASSETS = join(__dirname, '..', '..', '..', 'web-store', 'dist', 'assets');

describe('Security headers on every kind of response', () => {
  const context = useTestApp({ listen: true });
  const browser = useBrowser();
  const api = () => request(context.store.server);
  const script = readdirSync(STORE_ASSETS).find((file) => /^index-.*\.js$/.test(file));

  const responses: [string, () => request.Test][] = [
    ['a store page', () => api().get('/select-counties')],
    ['a 404 store page', () => api().get('/no-such-page')],
    ['a build asset', () => api().get(`/assets/${script}`)],
    ['the county catalog (served ahead of the framework)', () => api().get('/api/counties')],
    [
      'a journey event (served ahead of the framework)',
      () => api().post('/api/journey-events').send({ visitorId: 'not-a-uuid', event: 'landing_view' }),
    ],
    ['an API answer', () => api().get('/api/health')],
    ['an API error', () => api().get('/api/no-such-route')],
    ['the schema PDF', () => api().get('/data-schema.pdf')],
  ];

  it.each(responses)(
    '%s carries the strict policy, nosniff, a same-origin referrer and no framing',
    async (_, send) => {
      const res = await send();
      expect(res.status).toBeLessThan(500);
      const policy: string = res.headers['content-security-policy'];
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("style-src 'self';");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // Outside production the store may be reached over plain HTTP on localhost.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it("lets the admin console's run-time styles in, and still no inline script", async () => {
    const res = await api().get('/admin/login').expect(200);
    const policy: string = res.headers['content-security-policy'];
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
  });

  it('lets the checkout page load Stripe.js, its frames and its API', async () => {
    const policy: string = (await api().get('/checkout').expect(200)).headers['content-security-policy'];
    expect(policy).toContain("script-src 'self' https://js.stripe.com");
    expect(policy).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(policy).toContain("connect-src 'self' https://api.stripe.com");
  });

  it('makes the browser refuse a script injected into a store page, and the refusal is seen', async () => {
    const page = await browser.open();
    const refused = cspRefusals(page);
    await page.goto(`${browserOrigin(await context.store.app.getUrl())}/terms`);
    // What an injected <script> or inline handler would try: it must not run.
    await page.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.appendChild(script);
    })()`);
    expect(await page.evaluate('window.injected === true')).toBe(false);
    const [refusal] = await eventually(async () => refused.length > 0 && refused);
    expect(refusal).toContain("script-src 'self'");
  });
});
