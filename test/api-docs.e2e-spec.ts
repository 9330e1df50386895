import request from 'supertest';
import { TestApp, useTestApp } from './support/test-app';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route the running API registered, as "METHOD /path" with OpenAPI-style parameters. */
function registeredApiRoutes(store: TestApp): string[] {
  const express = store.app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  return (
    express.router.stack
      // Wildcards are Nest's not-found fallback and /api/docs* is the documentation itself.
      .filter((layer) => {
        const path = layer.route?.path ?? '';
        return path.startsWith('/api/') && !path.includes('{*') && !path.startsWith('/api/docs');
      })
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map(
          (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1')}`,
        ),
      )
  );
}

describe('API documentation at /api/docs', () => {
  const context = useTestApp();

  it('serves the interactive documentation page', async () => {
    const res = await request(context.store.server).get('/api/docs').expect(200);
    expect(res.text).toContain('swagger');
  });

  it('documents every endpoint the API serves', async () => {
    const { body: spec } = await request(context.store.server).get('/api/docs-json').expect(200);
    const documented = Object.entries(spec.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = registeredApiRoutes(context.store);
    expect(served).toEqual(expect.arrayContaining(['GET /api/counties', 'GET /api/health']));
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
  });
});
