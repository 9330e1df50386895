import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DELIVERY_TIMEOUT_MS, MAX_ANSWER_BYTES } from '../webhooks.constants';

/** What one attempt came to: the status (null when no answer came) and what went wrong, if anything. */
export interface Attempt {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  /** Why it failed, for the delivery log: a status, a timeout, a refused connection, a redirect. */
  error: string | null;
  /** The first bytes of the answer, for the delivery log. */
  answer: string;
}

export interface Outgoing {
  url: URL;
  /** The checked address to connect to (see resolveEndpoint): never looked up again here. */
  address: { address: string; family: number };
  headers: Record<string, string>;
  body: string;
}

/**
 * POSTs one delivery: to the address given (the host name still names the site for TLS and the Host
 * header), within DELIVERY_TIMEOUT_MS for the whole exchange, reading at most MAX_ANSWER_BYTES of the
 * answer. Redirects are not followed: a 3xx is a failed attempt. Only a 2xx delivers.
 */
export function sendDelivery(outgoing: Outgoing, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Attempt> {
  const started = performance.now();
  const lookup: LookupFunction = (_hostname, options, callback) => {
    const { address, family } = outgoing.address;
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [outgoing.address]);
    else callback(null, address, family);
  };
  const request = outgoing.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, error: string | null, answer = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = error === null && status !== null && status >= 200 && status < 300;
      resolve({ ok, status, latencyMs: Math.round(performance.now() - started), error, answer });
    };
    const req = request(
      outgoing.url,
      {
        method: 'POST',
        lookup,
        headers: { ...outgoing.headers, 'Content-Length': Buffer.byteLength(outgoing.body) },
        // No pooled sockets: each delivery connects to the address it checked.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const status = res.statusCode ?? null;
        const done = () => finish(status, statusError(status, res.headers), Buffer.concat(chunks).toString('utf8'));
        res.on('data', (chunk: Buffer) => {
          const room = MAX_ANSWER_BYTES - length;
          if (room > 0) chunks.push(chunk.subarray(0, room));
          length += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (length >= MAX_ANSWER_BYTES) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish(null, `no answer within ${timeoutMs / 1000} s`);
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => finish(null, error.code ?? error.message));
    req.end(outgoing.body);
  });
}

function statusError(status: number | null, headers: IncomingHttpHeaders): string | null {
  if (status === null) return 'no status';
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400)
    return `answered ${status} (a redirect${headers.location ? ` to ${headers.location}` : ''}; redirects are not followed)`;
  return `answered ${status}`;
}
