/**
 * A place inside the store to return to, or '/'. Only a same-site relative
 * path is accepted: no scheme, no host, no protocol-relative `//`, no
 * backslashes (which browsers treat as slashes), no control characters.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length > 2000) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!candidate.startsWith('/') || candidate.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(candidate)) return '/';
  try {
    const resolved = new URL(candidate, 'http://store.invalid');
    if (resolved.origin !== 'http://store.invalid') return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
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
