import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(__dirname, '..', '..', '..', 'web-store', 'dist');
const LANDING_BUDGET_BYTES = 120 * 1024;

/** The JavaScript a visitor's browser fetches before the landing page can run: the entry and what it preloads. */
function firstLoadScripts(): string[] {
  const page = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = [...page.matchAll(/<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const preloaded = [...page.matchAll(/<link rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return [...entry, ...preloaded];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

describe("The store's first load (production build)", () => {
  it('stays within 120 KB of gzipped JavaScript for the landing page', () => {
    const scripts = firstLoadScripts();
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, file) => sum + gzippedSize(file), 0);
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it('leaves checkout, the dashboard and Stripe.js out of it, each loaded when first needed', () => {
    const firstLoad = firstLoadScripts().map((file) => readFileSync(join(DIST, file), 'utf8'));
    const chunks = readdirSync(join(DIST, 'assets'));
    for (const screen of ['checkout-page', 'dashboard-page', 'county-picker-page']) {
      expect(chunks.some((name) => name.startsWith(screen) && name.endsWith('.js'))).toBe(true);
    }
    for (const code of firstLoad) {
      expect(code).not.toContain('Complete Purchase');
      expect(code).not.toContain('js.stripe.com');
    }
  });
});
