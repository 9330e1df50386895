import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The <link> tags that let the browser fetch a lazily loaded page with the entry script: the
 * page's chunk and the chunks it imports (those the entry already brings are left out) as
 * module preloads, and its styles as stylesheets, which the app's loader then finds in place.
 * Answers, per route pattern, the tags to put before </head>; none when the build has no manifest.
 */
export function routePreloadTags(
  distDir: string,
  base: string,
  pages: Readonly<Record<string, string>>,
): Map<string, string> {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  const tags = new Map<string, string>();
  if (!existsSync(manifestFile)) return tags;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const url = (file: string) => escapeAttribute(`${base}/${file}`);

  // What the entry brings is linked from index.html already: its chunk and everything it imports.
  const reachable = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      reachable(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const withEntry = reachable(Object.keys(manifest).filter((key) => manifest[key].isEntry));

  for (const [route, source] of Object.entries(pages)) {
    if (!manifest[source]) throw new Error(`${source}, the page of ${route}, is not in the build (${manifestFile})`);
    const page = [...reachable([source])].filter((key) => !withEntry.has(key)).map((key) => manifest[key]);
    const scripts = page.map((chunk) => chunk.file);
    const styles = page.flatMap((chunk) => chunk.css ?? []);
    tags.set(
      route,
      [
        ...styles.map((file) => `<link rel="stylesheet" crossorigin href="${url(file)}">`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${url(file)}">`),
      ].join(''),
    );
  }
  return tags;
}
