import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { matchesIfNoneMatch, preferredEncoding, PrecompressedBody } from './precompressed-body';

function fakeExchange(headers: Record<string, string>, method = 'GET') {
  const sent: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
  const req = { method, headers } as never;
  const res = {
    writeHead: (status: number, h: Record<string, unknown>) => Object.assign(sent, { status, headers: h }),
    end: (body?: Buffer) => (sent.body = body),
  } as never;
  return { req, res, sent };
}

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, then no encoding', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('deflate')).toBe('identity');
  });

  it('honours q=0 refusals and the wildcard', () => {
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, identity')).toBe('identity');
  });
});

describe('matchesIfNoneMatch', () => {
  it('matches a listed tag, a weak form of it, or *', () => {
    expect(matchesIfNoneMatch('"a", "b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b"', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"b"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"b"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"b"')).toBe(false);
  });
});

describe('PrecompressedBody', () => {
  const json = Buffer.from(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `County ${i}` }))));

  it('serves each encoding with its own strong ETag and the same content', async () => {
    const body = await PrecompressedBody.create(json, 'application/json', 'no-cache');
    const br = fakeExchange({ 'accept-encoding': 'br' });
    const gz = fakeExchange({ 'accept-encoding': 'gzip' });
    const plain = fakeExchange({});
    body.send(br.req, br.res);
    body.send(gz.req, gz.res);
    body.send(plain.req, plain.res);

    expect(brotliDecompressSync(br.sent.body!)).toEqual(json);
    expect(gunzipSync(gz.sent.body!)).toEqual(json);
    expect(plain.sent.body).toEqual(json);
    const etags = [br, gz, plain].map((x) => x.sent.headers!.ETag as string);
    expect(new Set(etags).size).toBe(3);
    etags.forEach((tag) => expect(tag).toMatch(/^"[^W]/));
    expect(br.sent.headers!['Content-Length']).toBeLessThan(json.length);
  });

  it('answers 304 without a body when the client holds the current representation', async () => {
    const body = await PrecompressedBody.create(json, 'application/json', 'no-cache');
    const first = fakeExchange({ 'accept-encoding': 'gzip' });
    body.send(first.req, first.res);
    const again = fakeExchange({ 'accept-encoding': 'gzip', 'if-none-match': first.sent.headers!.ETag as string });
    body.send(again.req, again.res);
    expect(again.sent.status).toBe(304);
    expect(again.sent.body).toBeUndefined();
    expect(again.sent.headers!.ETag).toBe(first.sent.headers!.ETag);
  });
});
