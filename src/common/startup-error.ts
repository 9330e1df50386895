/** A reason the store cannot start, worded for one line in the terminal. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Where a URL points, without its credentials, for messages and logs. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '(default port)'}${u.pathname.length > 1 ? u.pathname : ''}`;
}
