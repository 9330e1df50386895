import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The repository root, found from this file whether it runs from src/ or dist/. */
export function projectRoot(): string {
  if (root) return root;
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'county-data-store'
    ) {
      return (root = dir);
    }
  }
  throw new Error('Cannot find the county-data-store package root');
}
