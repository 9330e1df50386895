const BASE = 'http://store.invalid';
// Backslashes (browsers read them as slashes) and control characters (header splitting, and
// browsers drop tabs and newlines from URLs) have no place in a path of ours.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const FORBIDDEN = /[\\\u0000-\u001f\u007f]/;
// Enough for any path of the store; more layers of encoding than this are refused outright.
const MAX_DECODINGS = 3;

/** Whether a path, as written or as a server or router may later read it, stays a plain path of this site. */
function isPlainPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !FORBIDDEN.test(path);
}

/** The path with its percent-encoding undone, layer by layer, until it stops changing; null if malformed or too deep. */
function fullyDecoded(path: string): string | null {
  let current = path;
  for (let layer = 0; layer <= MAX_DECODINGS; layer++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * A place inside the store to return to, or '/'. Only a same-site relative
 * path is accepted: no scheme, no host, no protocol-relative `//`, no
 * backslashes, no control characters. These hold for the input, for the path
 * once `.` and `..` segments are resolved (`/.//evil.com` would otherwise
 * become `//evil.com`), and for that path percent-decoded (`/%2F%2Fevil.com`),
 * so the answer is safe wherever it is used, not only behind another check.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length > 2000 || !isPlainPath(candidate)) return '/';
  let resolved: URL;
  try {
    resolved = new URL(candidate, BASE);
  } catch {
    return '/';
  }
  if (resolved.origin !== BASE) return '/';
  const decoded = fullyDecoded(resolved.pathname);
  if (!isPlainPath(resolved.pathname) || decoded === null || !isPlainPath(decoded)) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The path of a Referer from this store, or undefined. */
export function refererPath(referer: string | undefined, origins: string[]): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return origins.includes(url.origin) ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
