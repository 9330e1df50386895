import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sendFileRange } from './file-range-sender';

const dir = mkdtempSync(join(tmpdir(), 'cds-send-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Several read buffers' worth, and not a whole number of them.
const bytes = randomBytes(300 * 1024 + 123);
const file = join(dir, 'county.csv.gz');
writeFileSync(file, bytes);

/** A server that answers every GET with the given range of `path`, or 404 when it cannot be opened. */
async function serving(path: string, range: { start: number; end: number }): Promise<Server> {
  const server = createServer((_req, res) => {
    const head = { status: 200, headers: { 'Content-Length': String(range.end - range.start + 1) } };
    sendFileRange(res, path, range, head).catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The status and body of one GET, or the error that cut it short. */
function download(server: Server): Promise<{ status: number; body: Buffer } | Error> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    get({ host: '127.0.0.1', port }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', resolve);
    }).on('error', resolve);
  });
}

describe('sendFileRange', () => {
  const servers: Server[] = [];
  const serve = async (path: string, range: { start: number; end: number }) => {
    const server = await serving(path, range);
    servers.push(server);
    return server;
  };
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  it('sends the whole file, byte for byte', async () => {
    const answer = await download(await serve(file, { start: 0, end: bytes.length - 1 }));
    expect(answer).toEqual({ status: 200, body: bytes });
  });

  it('sends a range that starts and ends inside read buffers', async () => {
    const range = { start: 70_000, end: 250_000 };
    const answer = await download(await serve(file, range));
    expect(answer).toEqual({ status: 200, body: bytes.subarray(range.start, range.end + 1) });
  });

  it('sends the last byte alone', async () => {
    const last = bytes.length - 1;
    const answer = await download(await serve(file, { start: last, end: last }));
    expect(answer).toEqual({ status: 200, body: bytes.subarray(last) });
  });

  it('refuses a file it cannot open before sending anything, so the caller can answer otherwise', async () => {
    const answer = await download(await serve(join(dir, 'gone.csv.gz'), { start: 0, end: 9 }));
    expect(answer).toEqual({ status: 404, body: Buffer.alloc(0) });
  });

  it('cuts the response short when the file holds fewer bytes than promised', async () => {
    const answer = await download(await serve(file, { start: 0, end: bytes.length + 1000 }));
    // The client sees the connection end before the promised length: no complete answer.
    expect(answer).not.toHaveProperty('status');
    expect(answer).toHaveProperty('message', 'aborted');
  });
});
