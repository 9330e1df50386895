import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_ANSWER_BYTES } from '../webhooks.constants';
import { sendDelivery } from './webhook-sender';

/** A receiver on this machine, answering each path its own way. */
describe('Sending one webhook delivery', () => {
  let server: Server;
  let port: number;
  const received: { host?: string; body: string; signature?: string }[] = [];
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/ok': (_req, res) => res.writeHead(200).end('thanks'),
    '/error': (_req, res) => res.writeHead(500).end('down for maintenance'),
    '/redirect': (_req, res) => res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' }).end(),
    '/huge': (_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const more = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    },
    '/silent': () => undefined,
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          host: req.headers.host,
          body: Buffer.concat(chunks).toString(),
          signature: req.headers['cds-signature'] as string,
        });
        routes[req.url ?? '']?.(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // The name never resolves: the delivery reaches the receiver only through the address it was given.
  const send = (path: string, timeoutMs?: number) =>
    sendDelivery(
      {
        url: new URL(`http://receiver.invalid:${port}${path}`),
        address: { address: '127.0.0.1', family: 4 },
        headers: { 'Content-Type': 'application/json', 'Cds-Signature': 't=1,v1=ab' },
        body: '{"id":"evt_1"}',
      },
      timeoutMs,
    );

  it('POSTs the body and headers to the checked address, the host name kept for the Host header', async () => {
    const attempt = await send('/ok');
    expect(attempt).toMatchObject({ ok: true, status: 200, error: null, answer: 'thanks' });
    expect(received.at(-1)).toEqual({
      host: `receiver.invalid:${port}`,
      body: '{"id":"evt_1"}',
      signature: 't=1,v1=ab',
    });
  });

  it('counts another status as a failure, and does not follow a redirect', async () => {
    expect(await send('/error')).toMatchObject({
      ok: false,
      status: 500,
      error: 'answered 500',
      answer: 'down for maintenance',
    });
    const before = received.length;
    expect(await send('/redirect')).toMatchObject({
      ok: false,
      status: 302,
      error: 'answered 302 (a redirect to http://169.254.169.254/latest/meta-data; redirects are not followed)',
    });
    expect(received).toHaveLength(before + 1);
  });

  it('reads at most 64 KB of a 10 MB answer and is done', async () => {
    const attempt = await send('/huge');
    expect(attempt).toMatchObject({ ok: true, status: 200 });
    expect(attempt.answer.length).toBe(MAX_ANSWER_BYTES);
  });

  it('gives up on a receiver that does not answer in time, and on one that is not there', async () => {
    expect(await send('/silent', 300)).toMatchObject({ ok: false, status: null, error: 'no answer within 0.3 s' });
    const closed = await sendDelivery({
      url: new URL('http://receiver.invalid:1/'),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      body: '{}',
    });
    expect(closed).toMatchObject({ ok: false, status: null, error: 'ECONNREFUSED' });
  });
});
