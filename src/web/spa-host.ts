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

/** Facts every page shows from its first paint (the support phone in the header), given to the apps in a meta tag. */
export interface SiteInfo {
  supportPhone: string;
  supportEmail: string;
}

/** The placeholder in an app's index.html that the site info replaces. */
export const SITE_INFO_PLACEHOLDER = '<meta name="site-info" content="{}" />';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** An app's page with the site info in place: a meta tag, not an inline script, so a strict CSP holds. */
export function withSiteInfo(page: Buffer, info: SiteInfo): Buffer {
  const tag = `<meta name="site-info" content="${escapeAttribute(JSON.stringify(info))}" />`;
  return Buffer.from(page.toString('utf8').replace(SITE_INFO_PLACEHOLDER, tag));
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
export function spaHost(apps: SpaApp[], info: SiteInfo): RequestHandler {
  const router = Router();
  const pages = new Map<SpaApp, Buffer | null>();
  for (const app of apps) {
    const index = join(app.distDir, 'index.html');
    pages.set(app, existsSync(index) ? withSiteInfo(readFileSync(index), info) : null);
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
