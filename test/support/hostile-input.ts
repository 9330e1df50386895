import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';

/**
 * Generators of malformed and hostile HTTP input, and a raw HTTP client that sends exactly
 * what it is given (paths with `../` and `%00` are not normalised, bodies are bytes).
 */

// ---------------------------------------------------------------------------------------------
// The raw client

export interface RawRequest {
  method: string;
  /** The request target, sent as is: path and query string. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/** Sends one request to 127.0.0.1:port, without any normalisation of the target or the body. */
export function send(port: number, req: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
      headers['Content-Length'] = String(body.length);
    }
    const chunks: Buffer[] = [];
    let response: IncomingMessage | undefined;
    const answered = (res: IncomingMessage) => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
    };
    // Node's own answer to a request it cannot read (431 for a 150 KB address) ends by closing the
    // connection; with much of the request still unread, that close reaches the client as a reset
    // after the answer. The answer arrived whole (it has no body): it counts.
    const failed = (error: Error) =>
      response?.headers.connection === 'close' && response.headers['content-length'] === undefined
        ? answered(response)
        : reject(error);
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.target, headers, agent, timeout: 30_000 },
      (res) => {
        response = res;
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => answered(res));
        res.on('error', failed);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`Timed out: ${req.method} ${req.target.slice(0, 200)}`)));
    outgoing.on('error', failed);
    // A server may answer (413, 415) and close before a large body is all written.
    outgoing.on('error', () => undefined);
    if (body !== undefined) outgoing.end(body);
    else outgoing.end();
  });
}

/** Runs the tasks with at most `limit` in flight, answering their results in order. */
export async function inBatches<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  });
  await Promise.all(workers);
  return results;
}

export function closeAgent(): void {
  agent.destroy();
}

// ---------------------------------------------------------------------------------------------
// Values

export interface Labelled<T> {
  label: string;
  value: T;
}

const l = <T>(label: string, value: T): Labelled<T> => ({ label, value });

/** One value of each JSON type. */
export const WRONG_TYPES: Labelled<unknown>[] = [
  l('a string', 'text'),
  l('an empty string', ''),
  l('a number', 42),
  l('true', true),
  l('false', false),
  l('null', null),
  l('an array', ['x', 1]),
  l('an empty array', []),
  l('an object', { a: 1 }),
  l('an empty object', {}),
];

/** Strings that try to break out of SQL, HTML, paths, templates, or text itself. */
export const HOSTILE_STRINGS: Labelled<string>[] = [
  l('SQL OR 1=1', "' OR 1=1 --"),
  l('SQL OR 1=1 (double quotes)', '" OR "1"="1'),
  l('SQL DROP TABLE', '1; DROP TABLE users'),
  l('SQL DROP TABLE counties', "'); DROP TABLE counties; --"),
  l('SQL UNION', "' UNION SELECT id, token FROM admin_sessions --"),
  l('SQL sleep', "1' AND pg_sleep(5) --"),
  l('SQL comment', '/**/--'),
  l('HTML script', '<script>alert(1)</script>'),
  l('HTML img onerror', '<img src=x onerror=alert(1)>'),
  l('HTML svg onload', '"><svg onload=alert(1)>'),
  l('javascript URL', 'javascript:alert(1)'),
  l('template injection', '${7*7}{{7*7}}#{7*7}'),
  l('path traversal', '../../../../etc/passwd'),
  l('NUL character', 'a\u0000b'),
  l('only NUL', '\u0000'),
  l('lone high surrogate', 'x\ud800y'),
  l('lone low surrogate', '\udc00'),
  l('control characters', '\u0001\u0002\u001b[31m\u007f'),
  l('CRLF header injection', 'x\r\nSet-Cookie: cds.admin=evil'),
  l('RTL override', '\u202egnp.exe'),
  l('zero-width and BOM', '\u200b\u200d\ufeff'),
  l('emoji', '🏠🔥👩‍👩‍👧‍👦🇺🇸'),
  l('combining marks', 'Z̴̡̗̝̈́a̶̢̛l̷̝̍g̵̣̈o̶͍͑'),
  l('long emoji', '👩‍👩‍👧‍👦'.repeat(2_000)),
  l('long Unicode (CJK)', '県'.repeat(20_000)),
  l('whitespace only', ' \t\n '),
  l('NaN', 'NaN'),
  l('Infinity', 'Infinity'),
  l('-Infinity', '-Infinity'),
  l('numeric text', '1e308'),
  l('hex text', '0x1F'),
  l('huge numeric text', '123456789012345678901234567890'),
  l('prototype text', '__proto__'),
  l('JSON text', '{"isAdmin":true}'),
  l('percent-encoded NUL', '%00'),
  l('format string', '%s%s%s%n'),
];

/** Strings of 100,000 characters (the ASCII one fits the 100 KB body limit; the others do not). */
export const LONG_STRINGS: Labelled<string>[] = [
  l('100,000 ASCII characters', 'a'.repeat(100_000)),
  l('100,000 characters with a NUL', `${'b'.repeat(50_000)}\u0000${'b'.repeat(49_999)}`),
];

/** Numbers JSON can carry, and some it cannot (sent as raw JSON text: see RAW_NUMBERS). */
export const EDGE_NUMBERS: Labelled<number>[] = [
  l('-1', -1),
  l('0', 0),
  l('-0.5', -0.5),
  l('0.5', 0.5),
  l('1e308', 1e308),
  l('-1e308', -1e308),
  l('2^53 + 2', 2 ** 53 + 2),
  l('-(2^53 + 2)', -(2 ** 53 + 2)),
  l('2^31', 2 ** 31),
  l('5e-324', 5e-324),
];

/** Number literals written into the JSON text as they are: beyond double range, beyond 2^53, odd forms. */
export const RAW_NUMBERS: Labelled<string>[] = [
  l('1e400 (Infinity once parsed)', '1e400'),
  l('-1e400 (-Infinity once parsed)', '-1e400'),
  l('2^53 + 1 (rounds)', '9007199254740993'),
  l('30-digit integer', '123456789012345678901234567890'),
  l('-0', '-0'),
  l('1.0', '1.0'),
  l('1E2', '1E2'),
];

/** Fields a buyer or customer must never be able to set, with values that would help them. */
export const EXTRA_FIELDS: Labelled<unknown>[] = [
  l('price', 0),
  l('amount', 0.01),
  l('total', -100),
  l('status', 'paid'),
  l('isAdmin', true),
  l('userId', '00000000-0000-0000-0000-000000000001'),
  l('role', 'admin'),
  l('id', '00000000-0000-0000-0000-000000000002'),
  l('__proto__', { isAdmin: true }),
  l('constructor', { prototype: { isAdmin: true } }),
  l('priceCents', 1),
  l('discount', 100),
];

// ---------------------------------------------------------------------------------------------
// Raw bodies

/** `{"x":{"x":…}}` `depth` levels deep, built as text (JSON.stringify would recurse). */
export function nestedObjectText(depth: number, leaf = '1'): string {
  return '{"x":'.repeat(depth) + leaf + '}'.repeat(depth);
}

export function nestedArrayText(depth: number, leaf = '1'): string {
  return '['.repeat(depth) + leaf + ']'.repeat(depth);
}

/** A fragment of JSON text to be written into a document as it is (deep nesting, odd number literals). */
export class Raw {
  constructor(readonly text: string) {}
}

/** JSON.stringify, but Raw values are written as their text, and keys such as __proto__ stay own keys. */
export function toJson(value: unknown): string {
  const fragments: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      fragments.push(v.text);
      return `\u0000raw${fragments.length - 1}\u0000`;
    }
    return v;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, i: string) => fragments[Number(i)]);
}

/** Bodies that are not JSON at all, sent as application/json. */
export const MALFORMED_JSON: Labelled<string>[] = [
  l('an unterminated object', '{"a":'),
  l('an unterminated string', '{"a":"b'),
  l('single quotes', "{'a':'b'}"),
  l('a trailing comma', '{"a":1,}'),
  l('unquoted keys', '{a:1}'),
  l('a comment', '{"a":1 /* c */}'),
  l('NaN', '{"a":NaN}'),
  l('undefined', '{"a":undefined}'),
  l('two documents', '{"a":1}{"b":2}'),
  l('a bare word', 'hello'),
  l('only a brace', '}'),
  l('an empty body', ''),
  l('whitespace', '   '),
  l('XML', '<?xml version="1.0"?><a>1</a>'),
  l('an unclosed nesting of 10,000', '['.repeat(10_000)),
  l('control character in a string', '{"a":"\u0001"}'),
];

/** Bytes that are not valid UTF-8, inside or around a JSON document. */
export const INVALID_UTF8: Labelled<Buffer>[] = [
  l('0xff 0xfe', Buffer.from([0xff, 0xfe, 0x7b, 0x7d])),
  l('0xff inside a string', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from('"}')])),
  l('an overlong slash', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])),
  l('a truncated sequence', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')])),
  l('an encoded surrogate', Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])),
  l('a key of 0xff', Buffer.concat([Buffer.from('{"'), Buffer.from([0xff]), Buffer.from('":1}')])),
  l('only 0xff bytes', Buffer.alloc(64, 0xff)),
  l('UTF-16 with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a":1}', 'utf16le')])),
];

/** A body of `bytes` that is a valid JSON document (a long string field). */
export function hugeJson(bytes: number): string {
  return JSON.stringify({ padding: 'x'.repeat(bytes) });
}

/** Multipart form data, as a browser form with a file would send it. */
export function multipartBody(fields: Record<string, string>): { contentType: string; body: string } {
  const boundary = '----hostile' + Math.random().toString(36).slice(2);
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join('')}--${boundary}--\r\n` };
}

/** Gzip files that are not acceptable county files. */
export function hostileGzipFiles(fips: string, otherFips: string): Labelled<Buffer>[] {
  const gz = (text: string) => gzipSync(Buffer.from(text));
  return [
    l('not gzip at all', Buffer.from('parcel_id,county_fips\n1,' + fips + '\n')),
    l('gzip cut short', gz('parcel_id,county_fips\n1,' + fips + '\n').subarray(0, 12)),
    l('an empty gzip file', gz('')),
    l('only the header', gz('parcel_id,county_fips\n')),
    l('an unknown column', gz(`parcel_id,county_fips,isAdmin\n1,${fips},true\n`)),
    l('a repeated column', gz(`parcel_id,county_fips,parcel_id\n1,${fips},1\n`)),
    l('no parcel_id', gz(`county_fips\n${fips}\n`)),
    l("another county's FIPS", gz(`parcel_id,county_fips\n1,${otherFips}\n`)),
    l('a SQL column name', gz(`parcel_id,county_fips,"x; DROP TABLE counties"\n1,${fips},1\n`)),
    l('a record with too many fields', gz(`parcel_id,county_fips\n1,${fips},extra\n`)),
    l('a record with a NUL FIPS', gz(`parcel_id,county_fips\n1,\u0000\n`)),
    l('a FIPS of four digits', gz(`parcel_id,county_fips\n1,${fips.slice(0, 4)}\n`)),
    l('a FIPS of 1 MiB', gz(`parcel_id,county_fips\n1,${fips.repeat(210_000)}\n`)),
    l('a binary header', Buffer.concat([gzipSync(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a]))])),
    l('a gzip bomb header of 0xff', gzipSync(Buffer.alloc(200_000, 0xff))),
    l('an unterminated quote', gz(`parcel_id,county_fips\n"1,${fips}\n`)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Path parameters, query strings and headers

/** Path segments (already as they go on the wire) that are no valid id of anything. */
export function hostileIds(): Labelled<string>[] {
  return [
    l('an empty-looking id', '%20'),
    l('a word', 'abc'),
    l('a number', '123'),
    l('a negative number', '-1'),
    l('a huge number', '1e308'),
    l('null', 'null'),
    l('undefined', 'undefined'),
    l('true', 'true'),
    l('a UUID without dashes', '1b4e28ba2fa111d2883f0016d3cca427'),
    l('a UUID too short', '1b4e28ba-2fa1-11d2-883f-0016d3cca42'),
    l('a UUID too long', '1b4e28ba-2fa1-11d2-883f-0016d3cca4270'),
    l('a UUID with a bad character', '1b4e28ba-2fa1-11d2-883f-0016d3cca42g'),
    l('a UUID in braces', '%7B1b4e28ba-2fa1-11d2-883f-0016d3cca427%7D'),
    l('a UUID and a NUL', '1b4e28ba-2fa1-11d2-883f-0016d3cca427%00'),
    l('a UUID and a space', '1b4e28ba-2fa1-11d2-883f-0016d3cca427%20'),
    l('a NUL', '%00'),
    l('a dot-dot', '..'),
    l('an encoded traversal', '..%2F..%2F..%2Fetc%2Fpasswd'),
    l('an encoded backslash traversal', '..%5C..%5Cwindows'),
    l('SQL injection', "'%20OR%201%3D1%20--"),
    l('SQL injection with a UUID', "1b4e28ba-2fa1-11d2-883f-0016d3cca427'%3B%20DROP%20TABLE%20counties%3B--"),
    l('HTML', '%3Cscript%3Ealert(1)%3C%2Fscript%3E'),
    l('a malformed percent escape', '%E0%A4%A'),
    l('a lone percent', '%'),
    l('invalid UTF-8 escapes', '%FF%FE'),
    l('an encoded lone surrogate', '%ED%A0%80'),
    l('emoji', '%F0%9F%8F%A0'),
    l('5,000 characters', 'a'.repeat(5_000)),
    l('5,000 characters of UUIDs', '1b4e28ba-2fa1-11d2-883f-0016d3cca427'.repeat(139)),
    l('__proto__', '__proto__'),
    l('constructor', 'constructor'),
  ];
}

/** Ids that are well-formed UUIDs of nothing. */
export const UUIDS_OF_NOTHING: Labelled<string>[] = [
  l('a random UUID of nothing', '5f0c7a52-8d3e-4c1b-9a3f-2b6e1d0c9f41'),
  l('the nil UUID', '00000000-0000-0000-0000-000000000000'),
  l('the max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
];

/** Query strings (without the `?`) that a route taking no query must ignore, or one taking some must refuse. */
export function hostileQueries(field = 'status'): Labelled<string>[] {
  return [
    l('an array', `${field}[]=x&${field}[]=y`),
    l('an indexed array', `${field}[0]=a&${field}[1]=b`),
    l('a nested object', `${field}[a][b][c]=1`),
    l('a repeated parameter', `${field}=a&${field}=b&${field}=c`),
    l('__proto__', `__proto__[isAdmin]=true&${field}=x`),
    l('constructor.prototype', `constructor[prototype][isAdmin]=true`),
    l('isAdmin', 'isAdmin=true&role=admin&userId=00000000-0000-0000-0000-000000000001'),
    l('price and amount', 'price=0&amount=0.01&total=-1'),
    l('SQL injection', `${field}=%27%20OR%201%3D1%20--`),
    l('HTML', `${field}=%3Cscript%3Ealert(1)%3C%2Fscript%3E`),
    l('a NUL', `${field}=%00`),
    l('a malformed percent escape', `${field}=%E0%A4%A`),
    l('invalid UTF-8', `${field}=%FF%FE`),
    l('an 8,000-character value', `${field}=${'z'.repeat(8_000)}`),
    l('1,000 parameters', Array.from({ length: 1_000 }, (_, i) => `p${i}=${i}`).join('&')),
    l('deep brackets', `${field}${'[a]'.repeat(200)}=1`),
    l('an empty name', '=x&&=&'),
    l('NaN', `${field}=NaN`),
    l('a negative number', `${field}=-1`),
    l('a huge number', `${field}=1e308`),
  ];
}

/** Credentials that are no admin's: Authorization or Cookie headers. */
export const HOSTILE_ADMIN_CREDENTIALS: Labelled<Record<string, string>>[] = [
  l('no credentials', {}),
  l('a wrong bearer token', { Authorization: 'Bearer not-a-real-token' }),
  l('an empty bearer token', { Authorization: 'Bearer ' }),
  l('Basic credentials', { Authorization: 'Basic YWRtaW46YWRtaW4=' }),
  l('a SQL bearer token', { Authorization: "Bearer ' OR 1=1 --" }),
  l('a 10,000-character bearer token', { Authorization: `Bearer ${'t'.repeat(10_000)}` }),
  l('a forged admin cookie', { Cookie: 'cds.admin=forged' }),
  l('an admin cookie with a malformed percent escape', { Cookie: 'cds.admin=%E0%A4%A' }),
  l('an admin cookie of SQL', { Cookie: 'cds.admin=%27%20OR%201%3D1%20--' }),
  l('a customer session cookie', { Cookie: 'cds.sid=s%3Aforged.signature' }),
];

/** Credentials that are no signed-in customer's. */
export const HOSTILE_CUSTOMER_CREDENTIALS: Labelled<Record<string, string>>[] = [
  l('no credentials', {}),
  l('a forged session cookie', { Cookie: 'cds.sid=s%3Aforged.signature' }),
  l('an unsigned session id', { Cookie: 'cds.sid=abc' }),
  l('a session cookie with a malformed percent escape', { Cookie: 'cds.sid=%E0%A4%A' }),
  l('a session cookie of SQL', { Cookie: "cds.sid=' OR 1=1 --" }),
  l('a 6,000-character session cookie', { Cookie: `cds.sid=s%3A${'x'.repeat(6_000)}` }),
  l('an admin bearer token of SQL', { Authorization: "Bearer ' OR 1=1 --" }),
  l('a well-formed API token no one has', { Authorization: `Bearer cds_${'0'.repeat(40)}` }),
];

/** Credentials that are no one's API token (the data API takes nothing else). */
export const HOSTILE_TOKEN_CREDENTIALS: Labelled<Record<string, string>>[] = [
  l('no credentials', {}),
  l('an empty bearer token', { Authorization: 'Bearer ' }),
  l('Basic credentials', { Authorization: 'Basic YWRtaW46YWRtaW4=' }),
  l('a well-formed token no one has', { Authorization: `Bearer cds_${'0'.repeat(40)}` }),
  l('a token one character short', { Authorization: `Bearer cds_${'0'.repeat(39)}` }),
  l('a token of SQL', { Authorization: "Bearer cds_' OR 1=1 --" }),
  l('a 10,000-character bearer token', { Authorization: `Bearer cds_${'t'.repeat(10_000)}` }),
  l('an admin-style bearer token', { Authorization: 'Bearer not-a-real-token' }),
  l('a forged session cookie', { Cookie: 'cds.sid=s%3Aforged.signature' }),
  l('a token in a cookie', { Cookie: `token=cds_${'0'.repeat(40)}` }),
];

/** Content types a JSON route does not take, each with a body in that type. */
export function wrongContentTypes(
  json: string,
  formFields: Record<string, string>,
): Labelled<{ headers: Record<string, string>; body: string }>[] {
  const multipart = multipartBody(formFields);
  return [
    l('text/plain', { headers: { 'Content-Type': 'text/plain' }, body: json }),
    l('form-urlencoded', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(formFields).toString(),
    }),
    l('multipart', { headers: { 'Content-Type': multipart.contentType }, body: multipart.body }),
    l('XML', { headers: { 'Content-Type': 'application/xml' }, body: '<a><isAdmin>true</isAdmin></a>' }),
    l('no content type', { headers: {}, body: json }),
    l('application/json-patch+json', { headers: { 'Content-Type': 'application/json-patch+json' }, body: json }),
  ];
}

/** Percent-encodes the UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}
