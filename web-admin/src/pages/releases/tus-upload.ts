/**
 * A small tus 1.0 client (create, PATCH in pieces, HEAD to resume, DELETE to cancel) over XHR,
 * for its upload progress events. Pieces of 8 MiB: a dropped connection loses at most one piece,
 * and after it the upload asks the server how far it got and goes on from there.
 */
const PIECE_BYTES = 8 * 1024 * 1024;
const RETRY_DELAYS_MS = [1000, 3000, 5000, 10000, 20000, 30000];
// While the server checks a whole file (423 to a resent last piece), it is asked again this often,
// for up to an hour: a multi-GB file takes minutes, and its outcome (the job, or why the file was
// refused) is what staff are waiting for.
const FINISHING_POLL_MS = 10_000;
const FINISHING_POLLS = 360;

export interface UploadProgress {
  sent: number;
  total: number;
  bytesPerSecond: number;
  secondsLeft: number | null;
}

export interface TusUploadOptions {
  file: File;
  metadata: Record<string, string>;
  onProgress(progress: UploadProgress): void;
  onRetry?(attempt: number): void;
  /** The file is whole and the server is checking it; the outcome follows. */
  onFinishing?(): void;
}

/** The store's error contract, or the response's text. */
function messageOf(xhr: XMLHttpRequest): string {
  try {
    return (JSON.parse(xhr.responseText) as { message?: string }).message ?? xhr.statusText;
  } catch {
    return xhr.responseText || `HTTP ${xhr.status}`;
  }
}

export class UploadRefused extends Error {}

/** 423: the upload is whole and being checked by the server (after a connection dropped during that). */
class StillFinishing extends Error {}

export class TusUpload {
  private location: string | null = null;
  private current: XMLHttpRequest | null = null;
  private cancelled = false;
  private started = 0;
  private startOffset = 0;

  constructor(private readonly options: TusUploadOptions) {}

  /** Sends the whole file and answers with the id of the ingest job it went to. */
  async start(): Promise<string | null> {
    const { file } = this.options;
    this.location = await this.create();
    let offset = 0;
    let failures = 0;
    let polls = 0;
    this.started = performance.now();
    for (;;) {
      if (this.cancelled) throw new UploadRefused('Upload cancelled');
      try {
        const end = Math.min(offset + PIECE_BYTES, file.size);
        const answer = await this.patch(offset, file.slice(offset, end));
        offset = answer.offset;
        failures = 0;
        if (offset >= file.size) return answer.body;
      } catch (error) {
        if (error instanceof UploadRefused || this.cancelled) throw error;
        if (error instanceof StillFinishing && polls++ < FINISHING_POLLS) {
          this.options.onFinishing?.();
          await new Promise((resolve) => setTimeout(resolve, FINISHING_POLL_MS));
          continue;
        }
        // A dropped connection: wait, ask the server where it got to, and go on from there.
        const delay = RETRY_DELAYS_MS[failures++];
        if (delay === undefined) throw error;
        this.options.onRetry?.(failures);
        await new Promise((resolve) => setTimeout(resolve, delay));
        offset = await this.offset();
        this.started = performance.now();
        this.startOffset = offset;
      }
    }
  }

  /** Stops sending and deletes what the server holds. */
  async cancel(): Promise<void> {
    this.cancelled = true;
    this.current?.abort();
    if (this.location) await fetch(this.location, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0' } });
  }

  private request(method: string, url: string, headers: Record<string, string>, body?: Blob) {
    return new Promise<XMLHttpRequest>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      this.current = xhr;
      xhr.open(method, url);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Tus-Resumable', '1.0.0');
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) resolve(xhr);
        else if (xhr.status === 423) reject(new StillFinishing(messageOf(xhr)));
        else if (xhr.status >= 400 && xhr.status < 500 && xhr.status !== 409 && xhr.status !== 423)
          reject(new UploadRefused(messageOf(xhr)));
        else reject(new Error(messageOf(xhr)));
      };
      xhr.onerror = () => reject(new Error('The connection dropped'));
      xhr.onabort = () => reject(new Error('Aborted'));
      if (body && method === 'PATCH') {
        const base = Number(headers['Upload-Offset']);
        xhr.upload.onprogress = (event) => this.report(base + event.loaded);
      }
      xhr.send(body ?? null);
    });
  }

  private report(sent: number) {
    const seconds = (performance.now() - this.started) / 1000;
    const bytesPerSecond = seconds > 0 ? (sent - this.startOffset) / seconds : 0;
    const total = this.options.file.size;
    this.options.onProgress({
      sent,
      total,
      bytesPerSecond,
      secondsLeft: bytesPerSecond > 0 ? (total - sent) / bytesPerSecond : null,
    });
  }

  private async create(): Promise<string> {
    const metadata = Object.entries(this.options.metadata)
      .map(([key, value]) => `${key} ${btoa(unescape(encodeURIComponent(value)))}`)
      .join(',');
    const xhr = await this.request('POST', '/api/admin/uploads', {
      'Upload-Length': String(this.options.file.size),
      'Upload-Metadata': metadata,
    });
    const location = xhr.getResponseHeader('Location');
    if (!location) throw new UploadRefused('The server gave the upload no location');
    return location;
  }

  private async offset(): Promise<number> {
    const xhr = await this.request('HEAD', this.location!, {});
    return Number(xhr.getResponseHeader('Upload-Offset'));
  }

  private async patch(offset: number, piece: Blob): Promise<{ offset: number; body: string | null }> {
    const xhr = await this.request(
      'PATCH',
      this.location!,
      { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      piece,
    );
    const next = Number(xhr.getResponseHeader('Upload-Offset'));
    this.report(next);
    return { offset: next, body: xhr.getResponseHeader('Upload-Ingest-Job') };
  }
}
