import { close, open, read } from 'node:fs';
import type { ServerResponse } from 'node:http';

/** Bytes read from the file at a time: what fs.createReadStream reads, and a comfortable socket write. */
const CHUNK_BYTES = 64 * 1024;
/** Chunks one response reads ahead of the socket: one being written while the next is read. */
const BUFFERS_PER_RESPONSE = 2;

/**
 * Answers a response with `head` and bytes `start`..`end` (inclusive) of a file.
 *
 * Not createReadStream(path).pipe(res): a read stream allocates a new 64 KiB buffer for every
 * chunk. At hundreds of MB/s that garbage, all of it outside V8's heap, makes V8 run a full
 * mark-compact of the API's whole heap several times a second, which held 20 concurrent
 * downloads to a third of what a bare node:http server sends. Here each response reads into the
 * same two buffers over and over, taking one up again only once the socket has written it out.
 *
 * Resolves once the file is open and the head written; rejects, leaving the response untouched
 * for an error answer, when the file cannot be opened. A read failure after that cuts the
 * response short (the client sees it by the length), and a client that leaves stops the reading.
 */
export async function sendFileRange(
  res: ServerResponse,
  path: string,
  range: { start: number; end: number },
  head: { status: number; headers: Record<string, string> },
): Promise<void> {
  const fd = await new Promise<number>((resolve, reject) =>
    open(path, 'r', (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  new FileRangeSender(res, fd, range).start(head);
}

class FileRangeSender {
  private readonly free: Buffer[] = [];
  private position: number;
  private remaining: number;
  private reading = false;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly fd: number,
    range: { start: number; end: number },
  ) {
    this.position = range.start;
    this.remaining = range.end - range.start + 1;
    const size = Math.max(1, Math.min(CHUNK_BYTES, this.remaining));
    for (let i = 0; i < BUFFERS_PER_RESPONSE; i++) this.free.push(Buffer.allocUnsafeSlow(size));
  }

  start(head: { status: number; headers: Record<string, string> }): void {
    // 'close' comes when the response has been sent whole and when the client left early.
    this.res.once('close', () => this.closeFileWhenIdle());
    if (this.res.destroyed) return this.closeFileWhenIdle();
    this.res.writeHead(head.status, head.headers);
    if (this.remaining <= 0) {
      this.res.end();
      return;
    }
    this.readNext();
  }

  private readNext(): void {
    if (this.reading || this.remaining === 0 || this.free.length === 0 || this.res.destroyed) return;
    const buffer = this.free.pop()!;
    this.reading = true;
    read(this.fd, buffer, 0, Math.min(buffer.length, this.remaining), this.position, (error, bytesRead) => {
      this.reading = false;
      if (this.res.destroyed) return this.closeFileWhenIdle();
      if (error || bytesRead === 0) {
        // The file failed or is shorter than recorded: the response cannot be completed honestly.
        this.res.destroy(error ?? new Error('the file ended before the bytes it was recorded with'));
        return;
      }
      this.position += bytesRead;
      this.remaining -= bytesRead;
      this.res.write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead), (writeError) => {
        if (writeError) return;
        this.free.push(buffer);
        this.readNext();
      });
      if (this.remaining === 0) this.res.end();
      else this.readNext();
    });
  }

  /** Closes the file once no read is using it; the response is done or gone. */
  private closeFileWhenIdle(): void {
    if (this.closed || this.reading || !this.res.destroyed) return;
    this.closed = true;
    close(this.fd, () => undefined);
  }
}
