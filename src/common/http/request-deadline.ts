import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Node's own default for the whole of a request to arrive. */
export const REQUEST_TIMEOUT_MS = 300_000;

const LIFT = Symbol('lift request deadline');
type DeadlineRequest = IncomingMessage & { [LIFT]?: () => void };

/**
 * Node's `requestTimeout` is one setting for the whole server, and the release uploads need
 * hours for their bodies: so it is off, and this gives every request with a body the same
 * limit per request instead, which the upload routes lift (`allowLongBody`) once their guard
 * has let staff in. A body that has not arrived in time is answered 408 and its connection
 * closed, as Node's own limit does. Requests without a body are whole with their headers,
 * which Node's `headersTimeout` still bounds.
 */
export function limitRequestTime(server: Server, timeoutMs: number = REQUEST_TIMEOUT_MS): void {
  server.requestTimeout = 0;
  // First among the listeners: the deadline is set before any route can lift it.
  server.prependListener('request', (req: DeadlineRequest, res: ServerResponse) => {
    if (!hasBody(req)) return;
    const timer = setTimeout(() => cutOff(req, res), timeoutMs);
    const lift = () => clearTimeout(timer);
    req[LIFT] = lift;
    req.once('end', lift);
    req.once('close', lift);
  });
}

/** Lets this request's body take as long as it needs (the connection's idle timeout still applies). */
export function allowLongBody(req: IncomingMessage): void {
  (req as DeadlineRequest)[LIFT]?.();
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function cutOff(req: IncomingMessage, res: ServerResponse): void {
  if (req.complete) return;
  if (res.headersSent) {
    req.socket.destroy();
    return;
  }
  const body = JSON.stringify({
    statusCode: 408,
    message: 'The request took too long to arrive; send it again',
    error: 'Request Timeout',
  });
  res.shouldKeepAlive = false;
  res.writeHead(408, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body, () => req.socket.destroy());
}
