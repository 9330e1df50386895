/**
 * An HTTP client that behaves like a browser for redirects and cookies
 * (one site): it follows 30x, keeps Set-Cookie, and sends cookies back.
 */
export class WebClient {
  readonly cookies = new Map<string, string>();
  /** Set-Cookie headers as received, newest last (for checking flags). */
  readonly setCookies: string[] = [];

  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; follow?: boolean; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; url: string; location?: string; body: string }> {
    let url = new URL(path, this.origin).toString();
    let method = init.method ?? (init.form ? 'POST' : 'GET');
    let body: string | undefined = init.form ? new URLSearchParams(init.form).toString() : undefined;
    for (let hop = 0; hop < 25; hop++) {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        body,
        headers: {
          cookie: this.cookieHeader(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...init.headers,
        },
      });
      for (const header of res.headers.getSetCookie()) this.keep(header);
      const location = res.headers.get('location') ?? undefined;
      if (init.follow === false || res.status < 300 || res.status >= 400 || !location) {
        return { status: res.status, url, location, body: await res.text() };
      }
      await res.arrayBuffer();
      url = new URL(location, url).toString();
      // Browsers turn a redirected POST into a GET (303, and in practice 302).
      if (res.status !== 307 && res.status !== 308) {
        method = 'GET';
        body = undefined;
      }
    }
    throw new Error('Too many redirects');
  }

  private keep(header: string): void {
    this.setCookies.push(header);
    const [pair, ...attributes] = header.split(';');
    const [name, ...rest] = pair.split('=');
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
    if (expired) this.cookies.delete(name.trim());
    else this.cookies.set(name.trim(), rest.join('=').trim());
  }
}
