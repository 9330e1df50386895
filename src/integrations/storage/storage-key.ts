import { posix } from 'node:path';

/**
 * The path of a key under a root (a directory, or an S3 key prefix, possibly empty), refusing
 * any key that would leave it (`../…`): a key comes from code, but a mistake in one must never
 * read, overwrite or delete anything outside the store.
 */
export function keyUnder(root: string, key: string): string {
  const base = root === '' ? '' : posix.normalize(root).replace(/\/+$/, '');
  const path = posix.normalize(posix.join(base || '.', key));
  const inside = base ? path.startsWith(`${base}/`) : path !== '.' && path !== '..' && !path.startsWith('../');
  if (!inside || key.includes('\0')) throw new Error(`Storage key outside the store: ${key}`);
  return path;
}
