import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { API_TYPES_PATH, renderApiTypes } from '../../../src/api-docs/api-types';
import { projectRoot } from '../../../src/common/project-root';
import { TestApp, useTestApp } from '../../support/test-app';

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

interface OpenApiSchema {
  $ref?: string;
  type?: string;
  items?: { $ref?: string };
  oneOf?: OpenApiSchema[];
}

interface OpenApiResponse {
  content?: Record<string, { schema?: OpenApiSchema }>;
}

type OpenApiPaths = Record<string, Record<string, { responses: Record<string, OpenApiResponse> }>>;

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

/** Named by DTOs: `$ref`, an array of `$ref`, or one of several such (a list answered whole or by the page). */
const namesDtos = (schema: OpenApiSchema | undefined): boolean =>
  Boolean(
    schema?.$ref ||
    (schema?.type === 'array' && schema.items?.$ref) ||
    (schema?.oneOf?.length && schema.oneOf.every(namesDtos)),
  );

/** A JSON answer described by DTOs. */
const describesJson = (response: OpenApiResponse): boolean => namesDtos(response.content?.['application/json']?.schema);

/** A file route (PDF, CSV, gzip) declares its media type instead of JSON. */
const isFile = (response: OpenApiResponse) =>
  Object.keys(response.content ?? {}).length > 0 && !response.content?.['application/json'];

/** Each route with a 2xx answer, and whether every 2xx answer it gives is described; redirects give none. */
function successAnswers(paths: OpenApiPaths): { route: string; json: boolean; described: boolean }[] {
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, { responses }]) => {
      // 204 and any answer to HEAD carry no body by HTTP: nothing to describe.
      const successes = Object.entries(responses)
        .filter(([status]) => /^2\d\d$/.test(status) && status !== '204' && method !== 'head')
        .map(([, response]) => response);
      if (!successes.length) return [];
      const json = !successes.every(isFile);
      return [{ route: `${method.toUpperCase()} ${path}`, json, described: !json || successes.every(describesJson) }];
    }),
  );
}

/** Where two texts first differ, as "line N: committed … / regenerated …", for the failure message. */
function firstDifference(committed: string, regenerated: string): string {
  const a = committed.split('\n');
  const b = regenerated.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}:\n  committed:   ${a[at] ?? '(end of file)'}\n  regenerated: ${b[at] ?? '(end of file)'}`;
}

/** Routes served but left out of the document, each with why. */
const UNDOCUMENTED: Record<string, string> = {
  'HEAD /api/admin/uploads/{uploadId}': "the tus protocol's offset check, which tus clients make; PATCH documents it",
};

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
    expect(served.filter((route) => !documented.includes(route) && !(route in UNDOCUMENTED))).toEqual([]);
  });

  it('describes the answer of every JSON route with a response DTO', async () => {
    const { body: spec } = await request(context.store.server).get('/api/docs-json').expect(200);
    const jsonRoutes = successAnswers(spec.paths).filter((answer) => answer.json);
    const undescribed = jsonRoutes.filter((answer) => !answer.described).map((answer) => answer.route);
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(28);
    expect(undescribed).toEqual([]);
  });

  it('declares the media type of every file it serves', async () => {
    const { body: spec } = await request(context.store.server).get('/api/docs-json').expect(200);
    const files = successAnswers(spec.paths)
      .filter((answer) => !answer.json)
      .map((answer) => answer.route);
    expect(files.sort()).toEqual([
      'GET /api/admin/customers/{id}/invoices/{invoiceId}/pdf',
      'GET /api/admin/tiles/{z}/{x}/{y}.mvt',
      'GET /api/counties/{id}/sample.csv',
      'GET /api/coverage.csv',
      'GET /api/downloads/{token}',
      'GET /api/invoices/{id}/pdf',
      'GET /api/logout',
      'GET /api/logout/page.css',
      'GET /api/orders/{token}/invoices/{invoiceId}/pdf',
      'GET /api/owners/{ownerId}/export',
      'GET /api/parcel-batches/{id}/result',
      'GET /api/tiles/preview/{z}/{x}/{y}.mvt',
      'GET /api/tiles/{z}/{x}/{y}.mvt',
      'GET /api/v1/batches/{id}/result',
      'GET /api/v1/changes',
      'GET /api/v1/owners/{ownerId}/export',
      'GET /api/v1/tiles/{z}/{x}/{y}.mvt',
      'GET /data-schema.pdf',
      'POST /api/logout',
    ]);
  });

  it('declares the API token (bearer) scheme on every data API route, and on no other', async () => {
    const { body: spec } = await request(context.store.server).get('/api/docs-json').expect(200);
    expect(spec.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const paths = spec.paths as Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    const withToken = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.some((s) => 'apiToken' in s))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withToken.sort()).toEqual([
      'DELETE /api/v1/webhooks/{id}',
      'GET /api/v1/batches',
      'GET /api/v1/batches/{id}',
      'GET /api/v1/batches/{id}/result',
      'GET /api/v1/changes',
      'GET /api/v1/owners',
      'GET /api/v1/owners/{ownerId}',
      'GET /api/v1/owners/{ownerId}/export',
      'GET /api/v1/parcels',
      'GET /api/v1/parcels/{parcelKey}',
      'GET /api/v1/releases/{month}/manifest.json',
      'GET /api/v1/subscriptions',
      'GET /api/v1/tiles/{z}/{x}/{y}.mvt',
      'GET /api/v1/webhooks',
      'GET /api/v1/webhooks/{id}',
      'GET /api/v1/webhooks/{id}/deliveries',
      'POST /api/v1/batches',
      'POST /api/v1/subscriptions/{id}/download-link',
      'POST /api/v1/webhooks',
      'POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend',
      'POST /api/v1/webhooks/{id}/enable',
      'POST /api/v1/webhooks/{id}/roll-secret',
      'POST /api/v1/webhooks/{id}/test',
    ]);
  });

  it(`matches the web apps' generated types in ${API_TYPES_PATH}`, async () => {
    const { body: spec } = await request(context.store.server).get('/api/docs-json').expect(200);
    const regenerated = await renderApiTypes(spec);
    const committed = readFileSync(join(projectRoot(), API_TYPES_PATH), 'utf8');
    if (committed !== regenerated) {
      throw new Error(
        `${API_TYPES_PATH} does not match the OpenAPI document the API serves: run \`npm run api:types\` ` +
          `and commit the result. First difference at ${firstDifference(committed, regenerated)}`,
      );
    }
  });
});
