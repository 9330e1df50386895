import { createServer, Server, Socket } from 'node:net';

export interface ReceivedMail {
  /** The X-Message-Key header the store puts on every message. */
  key: string;
  recipients: string[];
  raw: string;
}

/**
 * A stand-in SMTP server that keeps what it accepts. As with a real server,
 * a message is delivered once the server answers 250 to its data, and only
 * then: one whose sender disappears before that answer is discarded. It can
 * hold that answer, to catch a sender in the middle of a send.
 */
export class SmtpSink {
  /** Messages delivered, in order. */
  readonly accepted: ReceivedMail[] = [];
  /** Messages whose data arrived but whose answer was held: not delivered. */
  readonly held: ReceivedMail[] = [];
  private holdFrom = Infinity;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {
    server.on('connection', (socket) => this.converse(socket));
  }

  static async start(): Promise<SmtpSink> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as { port: number };
    return new SmtpSink(server, `smtp://127.0.0.1:${port}`);
  }

  /** How many times each message key was delivered. */
  deliveriesByKey(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const mail of this.accepted) counts.set(mail.key, (counts.get(mail.key) ?? 0) + 1);
    return counts;
  }

  /** From now on, once `count` messages in all have been delivered, answers no more: each sender hangs mid-send. */
  holdOnceDelivered(count: number): void {
    this.holdFrom = count;
  }

  /** Answers new messages again (held ones stay undelivered: their senders are expected to be gone). */
  stopHolding(): void {
    this.holdFrom = Infinity;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private converse(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A sender killed mid-conversation resets the connection; that is expected here.
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          // The data ends with a line holding a single dot.
          const end = `\r\n${buffer}`.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, Math.max(0, end)).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 3);
          inData = false;
          this.receive({ key: messageKey(raw), recipients, raw }, reply);
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink.test\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    reply('220 sink.test ESMTP');
  }

  private receive(mail: ReceivedMail, reply: (line: string) => void): void {
    if (this.accepted.length >= this.holdFrom) {
      this.held.push(mail);
      return;
    }
    this.accepted.push(mail);
    reply('250 OK: queued');
  }
}

function messageKey(raw: string): string {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return /^X-Message-Key:\s*(.+)$/im.exec(headers)?.[1].trim() ?? '';
}
