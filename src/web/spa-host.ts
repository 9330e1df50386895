import express, { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_ROUTES, matchesRoute, STORE_ROUTES } from '../contracts/routes';

export interface SpaApp {
  name: string;
  /** URL prefix: '' for the store at the root, '/admin' for the console. */
  basePath: string;
  distDir: string;
  routes: readonly string[];
}

export function webApps(root: string): SpaApp[] {
  return [
    { name: 'web-admin', basePath: '/admin', distDir: join(root, 'web-admin', 'dist'), routes: ADMIN_ROUTES },
    { name: 'web-store', basePath: '', distDir: join(root, 'web-store', 'dist'), routes: STORE_ROUTES },
  ];
}

/** Paths outside /api that the server answers itself (local stand-ins under /dev/, the schema PDF). */
const SERVER_PREFIXES = ['/api/', '/dev/'];
const SERVER_PATHS = ['/data-schema.pdf'];

function ownedBy(app: SpaApp, path: string): boolean {
  return app.basePath === '' || path === app.basePath || path.startsWith(`${app.basePath}/`);
}

/** Hashed build assets never change; everything else is revalidated. */
function setCacheHeaders(res: Response, file: string): void {
  res.setHeader('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Serves each web app's build: its files, and its index.html for client
 * routes — with 200 for a route the app knows and 404 for any other path, so
 * crawlers and monitors see a real not-found while the app still renders it.
 */
export function spaHost(apps: SpaApp[]): RequestHandler {
  const router = Router();
  const pages = new Map<SpaApp, Buffer | null>();
  for (const app of apps) {
    const index = join(app.distDir, 'index.html');
    pages.set(app, existsSync(index) ? readFileSync(index) : null);
    if (existsSync(app.distDir)) {
      router.use(
        app.basePath || '/',
        express.static(app.distDir, { index: false, redirect: false, setHeaders: setCacheHeaders }),
      );
    }
  }
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const app = apps.find((a) => ownedBy(a, req.path));
    if (!app) return next();
    const page = pages.get(app);
    if (!page) {
      res.status(503).type('text/plain').send(`${app.name} has not been built yet: run npm run build`);
      return;
    }
    res
      .status(matchesRoute(app.routes, req.path) ? 200 : 404)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
      .send(page);
  });
  return (req, res, next) => {
    if (req.path === '/api' || SERVER_PATHS.includes(req.path) || SERVER_PREFIXES.some((p) => req.path.startsWith(p))) {
      return next();
    }
    router(req, res, next);
  };
}
