import { TusUpload, UploadRefused } from './tus-upload';

interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}
type Script = (method: string, headers: Record<string, string>) => Answer | 'drop';

/** An XMLHttpRequest that answers from a script, as the server and network would. */
function fakeXhr(script: Script, log: string[]) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    private method = '';
    private readonly headers: Record<string, string> = {};
    private answer: Answer | null = null;
    open(method: string) {
      this.method = method;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.answer?.headers?.[name] ?? null;
    }
    abort() {
      this.onabort?.();
    }
    send() {
      const answer = script(this.method, this.headers);
      log.push(
        `${this.method} ${this.headers['Upload-Offset'] ?? ''}`.trim() +
          ` → ${answer === 'drop' ? 'drop' : answer.status}`,
      );
      setTimeout(() => {
        if (answer === 'drop') return this.onerror?.();
        this.answer = answer;
        this.status = answer.status;
        this.responseText = answer.body ?? '';
        this.onload?.();
      }, 0);
    }
  };
}

const refusal = (statusCode: number, message: string) => JSON.stringify({ statusCode, message, error: 'x' });

describe('the console’s resumable upload, when its last piece’s answer is lost while the server checks the file', () => {
  const file = new File([new Uint8Array(10)], 'national.csv.gz');

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
  });

  /** Runs the upload with the server answering the last piece's resends as `after` says. */
  async function run(after: Answer[]) {
    const log: string[] = [];
    let resends = 0;
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = fakeXhr((method, headers) => {
      if (method === 'POST') return { status: 201, headers: { Location: '/api/admin/uploads/abc' } };
      if (method === 'HEAD') return { status: 200, headers: { 'Upload-Offset': '10' } };
      if (headers['Upload-Offset'] === '0') return 'drop';
      return after[Math.min(resends++, after.length - 1)];
    }, log);
    let finishing = 0;
    const upload = new TusUpload({
      file,
      metadata: { releaseId: 'r' },
      onProgress: () => undefined,
      onFinishing: () => finishing++,
    });
    const outcome = upload.start().then(
      (job) => ({ job }),
      (error: Error) => ({ error }),
    );
    let settled: { job?: string | null; error?: Error } | undefined;
    void outcome.then((value) => (settled = value));
    for (let waited = 0; !settled && waited < 3_600_000; waited += 1000) await jest.advanceTimersByTimeAsync(1000);
    return { ...settled!, finishing, log };
  }

  const locked: Answer = { status: 423, body: refusal(423, 'This upload is whole and its file is being checked') };

  it('waits while the server answers 423, longer than its connection retries allow, and then gets the ingest job', async () => {
    const outcome = await run([
      ...Array<Answer>(10).fill(locked),
      { status: 204, headers: { 'Upload-Offset': '10', 'Upload-Ingest-Job': 'job-1' } },
    ]);
    expect(outcome.job).toBe('job-1');
    expect(outcome.finishing).toBe(10);
  });

  it('shows why the file was refused when the check refuses it', async () => {
    const outcome = await run([locked, { status: 400, body: refusal(400, 'The header is not of the data schema') }]);
    expect(outcome.error).toBeInstanceOf(UploadRefused);
    expect(outcome.error?.message).toBe('The header is not of the data schema');
  });
});
