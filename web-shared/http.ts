/**
 * How both web apps talk to the API. Every request sends credentials; bodies are JSON.
 * A non-success answer becomes an Error whose message is "status: body" (docs/store-spec.md §8), which is
 * what toasts show and how a 401 is recognised.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's own message from the error contract, when it sent one. */
    readonly serverMessage: string | null,
    /** Seconds the server asked to wait before trying again (Retry-After), when it said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

async function errorFrom(res: Response): Promise<HttpError> {
  const text = (await res.text()) || res.statusText;
  let serverMessage: string | null = null;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') serverMessage = body.message;
    else if (Array.isArray(body.message)) serverMessage = body.message.join('. ');
  } catch {
    // Not JSON: the text itself is all there is.
  }
  const retryAfter = Number(res.headers.get('Retry-After'));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  return new HttpError(res.status, `${res.status}: ${text}`, serverMessage, retryAfterSeconds);
}

/** Plain functions, not methods: the apps take them out of the client and call them on their own. */
export interface HttpClient {
  apiRequest: (method: string, path: string, body?: unknown) => Promise<Response>;
  getJson: <T>(path: string) => Promise<T>;
  sendJson: <T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<T>;
}

/** A client for one app; `extraHeaders` is read on every request (the admin console adds its token). */
export function createHttpClient(extraHeaders: () => Record<string, string> = () => ({})): HttpClient {
  async function apiRequest(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = extraHeaders();
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(path, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw await errorFrom(res);
    return res;
  }

  return {
    apiRequest,
    async getJson<T>(path: string): Promise<T> {
      return (await apiRequest('GET', path)).json() as Promise<T>;
    },
    async sendJson<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      const res = await apiRequest(method, path, body);
      return (res.status === 204 ? undefined : await res.json()) as T;
    },
  };
}

/** docs/store-spec.md §8: a message starting "401: " and containing "Unauthorized" means the session is gone. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** What to tell a person about a failed call: the server's message, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}
