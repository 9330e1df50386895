import express, { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { preferredEncoding } from '../common/http/precompressed-body';
import { ADMIN_ROUTES, matchesRoute, STORE_PAGE_MODULES, STORE_ROUTES } from '../contracts/routes';
import { routePreloadTags } from './route-preloads';

export interface SpaApp {
  name: string;
  /** URL prefix: '' for the store at the root, '/admin' for the console. */
  basePath: string;
  distDir: string;
  routes: readonly string[];
  /** Route pattern → the page module it loads lazily, whose code the served HTML links up front. */
  pages?: Readonly<Record<string, string>>;
}

/** Facts every page shows from its first paint (the support phone in the header), given to the apps in a meta tag. */
export interface SiteInfo {
  supportPhone: string;
  supportEmail: string;
  /** MAP_STYLE_URL: the base map under the parcel maps' layers, when one is set. */
  mapStyleUrl?: string;
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
    {
      name: 'web-store',
      basePath: '',
      distDir: join(root, 'web-store', 'dist'),
      routes: STORE_ROUTES,
      pages: STORE_PAGE_MODULES,
    },
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
  const asset = /[\\/]assets[\\/]/.test(file);
  res.setHeader('Cache-Control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
  // An asset may be answered compressed or not, by Accept-Encoding: caches must keep them apart.
  if (asset) res.setHeader('Vary', 'Accept-Encoding');
}

const ENCODED_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Serves the .br or .gz the build made beside an asset (scripts/precompress.mjs) to a client
 * that accepts it; anything else falls through to the plain file.
 */
function precompressedAssets(distDir: string): RequestHandler {
  const assetsDir = join(distDir, 'assets');
  const encoded = new Set(existsSync(assetsDir) ? readdirSync(assetsDir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = /^\/assets\/([^/]+)$/.exec(req.path);
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (!match || encoding === 'identity' || !encoded.has(match[1] + ENCODED_SUFFIX[encoding])) return next();
    const file = join(assetsDir, match[1] + ENCODED_SUFFIX[encoding]);
    res.type(extname(match[1]));
    res.setHeader('Content-Encoding', encoding);
    setCacheHeaders(res, file);
    res.sendFile(file, { lastModified: true }, (error: (Error & { code?: string }) | undefined) => {
      if (!error) return;
      // Gone since start (the app was rebuilt while the store ran): answer as if it never existed.
      if (error.code === 'ENOENT' && !res.headersSent) {
        encoded.delete(match[1] + ENCODED_SUFFIX[encoding]);
        for (const header of ['Content-Encoding', 'Content-Type', 'Cache-Control', 'Vary']) res.removeHeader(header);
        return next();
      }
      next(error);
    });
  };
}

interface AppPages {
  page: Buffer;
  /** The page with a route's chunks linked in its head, for the routes that load a page lazily. */
  byRoute: Map<string, Buffer>;
}

function loadPages(app: SpaApp, info: SiteInfo): AppPages | null {
  const index = join(app.distDir, 'index.html');
  if (!existsSync(index)) return null;
  const page = withSiteInfo(readFileSync(index), info);
  const html = page.toString('utf8');
  const byRoute = new Map<string, Buffer>();
  for (const [route, tags] of routePreloadTags(app.distDir, app.basePath, app.pages ?? {})) {
    byRoute.set(route, Buffer.from(html.replace('</head>', `${tags}</head>`)));
  }
  return { page, byRoute };
}

/**
 * Serves each web app's build: its files, and its index.html for client
 * routes — with 200 for a route the app knows and 404 for any other path, so
 * crawlers and monitors see a real not-found while the app still renders it.
 */
export function spaHost(apps: SpaApp[], info: SiteInfo): RequestHandler {
  const router = Router();
  const pages = new Map<SpaApp, AppPages | null>();
  for (const app of apps) {
    pages.set(app, loadPages(app, info));
    if (existsSync(app.distDir)) {
      router.use(
        app.basePath || '/',
        precompressedAssets(app.distDir),
        express.static(app.distDir, { index: false, redirect: false, setHeaders: setCacheHeaders }),
      );
    }
  }
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const app = apps.find((a) => ownedBy(a, req.path));
    if (!app) return next();
    const built = pages.get(app);
    if (!built) {
      res.status(503).type('text/plain').send(`${app.name} has not been built yet: run npm run build`);
      return;
    }
    const preloaded = [...built.byRoute].find(([route]) => matchesRoute([route], req.path));
    res
      .status(matchesRoute(app.routes, req.path) ? 200 : 404)
      .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
      .send(preloaded ? preloaded[1] : built.page);
  });
  return (req, res, next) => {
    if (req.path === '/api' || SERVER_PATHS.includes(req.path) || SERVER_PREFIXES.some((p) => req.path.startsWith(p))) {
      return next();
    }
    router(req, res, next);
  };
}
