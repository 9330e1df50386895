import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip' | 'identity';

interface Representation {
  bytes: Buffer;
  etag: string;
  headers: Record<string, string | number>;
}

/** The best encoding the client accepts among those held: br, then gzip, then none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(token, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? (name === 'identity' ? 1 : (accepted.get('*') ?? 0));
  for (const encoding of ['br', 'gzip'] as const) if (weight(encoding) > 0) return encoding;
  return 'identity';
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A response body compressed once, ahead of time, in every encoding it is
 * served in. Each encoding is its own representation with its own strong
 * ETag, so caches never mix them up. Answers 304 to a matching If-None-Match.
 */
export class PrecompressedBody {
  private constructor(private readonly representations: Record<Encoding, Representation>) {}

  static async create(
    bytes: Buffer,
    contentType: string,
    cacheControl: string,
    extraHeaders: Record<string, string> = {},
  ): Promise<PrecompressedBody> {
    const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: zlib.Z_BEST_COMPRESSION }),
    ]);
    const represent = (encoded: Buffer, encoding: Encoding): Representation => {
      const etag = `"${digest}${encoding === 'identity' ? '' : `-${encoding}`}"`;
      const headers: Record<string, string | number> = {
        'Content-Type': contentType,
        'Cache-Control': cacheControl,
        ETag: etag,
        Vary: 'Accept-Encoding',
        ...extraHeaders,
      };
      if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
      return { bytes: encoded, etag, headers };
    };
    return new PrecompressedBody({
      br: represent(br, 'br'),
      gzip: represent(gz, 'gzip'),
      identity: represent(bytes, 'identity'),
    });
  }

  get etags(): string[] {
    return Object.values(this.representations).map((r) => r.etag);
  }

  sizeOf(encoding: Encoding): number {
    return this.representations[encoding].bytes.length;
  }

  send(req: IncomingMessage, res: ServerResponse): void {
    const chosen = this.representations[preferredEncoding(req.headers['accept-encoding'])];
    if (matchesIfNoneMatch(req.headers['if-none-match'], chosen.etag)) {
      const { 'Content-Type': _type, 'Content-Encoding': _encoding, ...headers } = chosen.headers;
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...chosen.headers, 'Content-Length': chosen.bytes.length });
    res.end(req.method === 'HEAD' ? undefined : chosen.bytes);
  }
}
