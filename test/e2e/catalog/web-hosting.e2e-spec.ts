import request from 'supertest';
import { useTestApp } from '../../support/test-app';

describe('Serving the web apps', () => {
  const context = useTestApp();

  it.each([
    '/',
    '/select-counties',
    '/checkout',
    '/checkout/0f8e6b1e-2d0c-4f57-9f4e-9a3b2c1d0e5f',
    '/privacy',
    '/terms',
    '/schema',
  ])('serves the store page for its route %s', async (path) => {
    const res = await request(context.store.server)
      .get(path)
      .expect(200)
      .expect('Content-Type', /text\/html/);
    expect(res.text).toContain('<title>County Data Store</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/admin', '/admin/', '/admin/login', '/admin/users', '/admin/analytics'])(
    'serves the admin console for its route %s',
    async (path) => {
      const res = await request(context.store.server).get(path).expect(200);
      expect(res.text).toContain('<title>County Data Store Admin</title>');
    },
  );

  it.each([
    ['/', '/favicon.svg'],
    ['/admin/login', '/admin/favicon.svg'],
  ])('serves the icon the page at %s links to', async (path, icon) => {
    const page = await request(context.store.server).get(path).expect(200);
    expect(page.text).toContain(`<link rel="icon" type="image/svg+xml" href="${icon}" />`);
    await request(context.store.server)
      .get(icon)
      .expect(200)
      .expect('Content-Type', /image\/svg\+xml/);
  });

  it('gives each page the support phone and email in a meta tag, escaped', async () => {
    const res = await request(context.store.server).get('/terms').expect(200);
    const content = /<meta name="site-info" content="([^"]*)" \/>/.exec(res.text)?.[1];
    const decoded = content!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual({ supportPhone: '(555) 010-0142', supportEmail: 'support@localhost' });
  });

  it.each([
    ['/select-counties', 'county-picker-page'],
    ['/checkout/0f8e6b1e-2d0c-4f57-9f4e-9a3b2c1d0e5f', 'checkout-page'],
    ['/orders/some-token', 'order-page'],
  ])('links the chunk and styles of the page at %s from its HTML, so they load with the entry', async (path, page) => {
    const res = await request(context.store.server).get(path).expect(200);
    const preload = new RegExp(`<link rel="modulepreload" crossorigin href="(/assets/${page}-[\\w-]+\\.js)">`).exec(
      res.text,
    );
    const style = new RegExp(`<link rel="stylesheet" crossorigin href="(/assets/${page}-[\\w-]+\\.css)">`).exec(
      res.text,
    );
    // Both name files the server really has.
    await request(context.store.server).get(preload![1]).expect(200);
    await request(context.store.server).get(style![1]).expect(200);
  });

  it('links no page chunk from the landing page, whose code is in the entry', async () => {
    const res = await request(context.store.server).get('/').expect(200);
    expect(res.text).not.toContain('-page-');
  });

  it('answers a path that is no route with the app page and status 404', async () => {
    const store404 = await request(context.store.server).get('/no-such-page').expect(404);
    expect(store404.text).toContain('<title>County Data Store</title>');
    const admin404 = await request(context.store.server).get('/admin/no-such-page').expect(404);
    expect(admin404.text).toContain('<title>County Data Store Admin</title>');
  });

  it('serves built assets as immutable, cacheable files', async () => {
    const page = await request(context.store.server).get('/').expect(200);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(asset).toBeDefined();
    const res = await request(context.store.server)
      .get(asset!)
      .expect(200)
      .expect('Content-Type', /javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['br', 'gzip'])(
    'sends built assets %s-compressed to a client that accepts it, the same bytes once decoded',
    async (encoding) => {
      const page = await request(context.store.server).get('/').expect(200);
      const asset = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)![1];
      const plain = await request(context.store.server).get(asset).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const compressed = await request(context.store.server)
        .get(asset)
        .set('Accept-Encoding', `${encoding}, identity;q=0.5`)
        .expect(200)
        .expect('Content-Type', /javascript/)
        .expect('Vary', 'Accept-Encoding');
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Content-Length is what crossed the wire; supertest hands over the text decoded.
      expect(Number(compressed.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text) / 2);
      expect(compressed.text).toBe(plain.text);
    },
  );

  it('leaves /api to the API: an unknown endpoint is a JSON 404 in the error contract', async () => {
    const res = await request(context.store.server).get('/api/no-such-endpoint').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Cannot GET /api/no-such-endpoint', error: 'Not Found' });
  });
});
