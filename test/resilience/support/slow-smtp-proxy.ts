import { connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP relay in front of an SMTP server that can slow down the server's answer to each message's
 * data (its 250 "queued"), as a busy mail server does: while slowed, that answer reaches the sender
 * `delayMs` late. The server behind has then already accepted the message, so a sender that gives
 * up before the answer arrives, and later sends again, delivers it twice.
 */
export class SlowSmtpProxy {
  private delayMs = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(upstreamUrl: string): Promise<SlowSmtpProxy> {
    const upstream = new URL(upstreamUrl);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as { port: number };
    const proxy = new SlowSmtpProxy(server, `smtp://127.0.0.1:${port}`);
    server.on('connection', (client) => proxy.relay(client, upstream.hostname, Number(upstream.port)));
    return proxy;
  }

  /** From now on, the answer to each message's data reaches the sender this much later (0: at once). */
  slowAnswersBy(delayMs: number): void {
    this.delayMs = delayMs;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private relay(client: Socket, host: string, port: number): void {
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      // Either side going away (a sender killed mid-conversation) ends the other.
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // The sender's data ends with a line holding a single dot; the server's next answer is the one slowed.
    let tail = '';
    let dataAnswerDue = false;
    client.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('latin1')).slice(-5);
      if (tail.endsWith('\r\n.\r\n')) dataAnswerDue = true;
      upstream.write(chunk);
    });
    let answers = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const delay = dataAnswerDue ? this.delayMs : 0;
      dataAnswerDue = false;
      answers = answers.then(async () => {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        if (!client.destroyed) client.write(chunk);
      });
    });
  }
}
