import type { IncomingMessage } from 'node:http';

/** One cookie's value from the request, or undefined. */
export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      // A malformed escape is no value of ours: as if the cookie were absent.
      return undefined;
    }
  }
  return undefined;
}
