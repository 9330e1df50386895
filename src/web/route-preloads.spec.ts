import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routePreloadTags } from './route-preloads';

describe('routePreloadTags', () => {
  let dist: string;
  const withManifest = (manifest: object) => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  };

  beforeEach(() => (dist = mkdtempSync(join(tmpdir(), 'route-preloads-'))));
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("links a page's chunk, its own imports and their styles, leaving out what the entry brings", () => {
    withManifest({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_site-2.js'], css: ['assets/index-1.css'] },
      '_site-2.js': { file: 'assets/site-2.js' },
      '_cart-3.js': { file: 'assets/cart-3.js', css: ['assets/cart-3.css'] },
      'src/picker.tsx': {
        file: 'assets/picker-4.js',
        isDynamicEntry: true,
        imports: ['index.html', '_site-2.js', '_cart-3.js'],
        css: ['assets/picker-4.css'],
      },
    });
    const tags = routePreloadTags(dist, '', { '/select-counties': 'src/picker.tsx' });
    expect(tags.get('/select-counties')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/picker-4.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/cart-3.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/picker-4.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/cart-3.js">',
    );
  });

  it('refuses to start with a page the build does not hold, so a renamed page cannot go unnoticed', () => {
    withManifest({ 'index.html': { file: 'assets/index-1.js', isEntry: true } });
    expect(() => routePreloadTags(dist, '', { '/terms': 'src/terms.tsx' })).toThrow(
      'src/terms.tsx, the page of /terms, is not in the build',
    );
  });

  it('links nothing for a build without a manifest', () => {
    expect(routePreloadTags(dist, '', { '/terms': 'src/terms.tsx' }).size).toBe(0);
  });
});
