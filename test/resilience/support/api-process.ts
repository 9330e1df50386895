import { ChildProcess, spawn } from 'node:child_process';
import { nodeArgumentsOf } from '../../../bench/support/bench-app';
import { projectRoot } from '../../../src/common/project-root';

const ROOT = projectRoot();

/** Every API process started and still running, for the exit backstop below. */
const running = new Set<ApiProcess>();
process.once('exit', () => {
  for (const api of running) api.signal('SIGKILL');
});

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The built API (`npm run start:api`: `node … dist/src/main.js`) as a child process, which a test
 * can stop as a deployment does (SIGTERM) or kill, and whose exit it can examine.
 */
export class ApiProcess {
  private output = '';
  /** Characters printed so far, of which `output` keeps the end. */
  private printed = 0;
  readonly exited: Promise<Exit>;

  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    const hear = (chunk: Buffer) => {
      const text = chunk.toString();
      this.printed += text.length;
      this.output = (this.output + text).slice(-100_000);
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(this);
        resolve({ code, signal });
      });
    });
  }

  /** Starts the API on `env` (PORT included) and waits until /api/health answers 200. */
  static async start(env: Record<string, string>): Promise<ApiProcess> {
    const child = spawn(process.execPath, nodeArgumentsOf('start:api'), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${env.PORT}`);
    running.add(api);
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (!api.isRunning) throw new Error(`the API exited while starting:\n${api.log}`);
      const healthy = await fetch(`${api.origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return api;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    api.signal('SIGKILL');
    throw new Error(`the API did not answer /api/health in 90 s:\n${api.log}`);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The end of what the API printed, for a failing test to show. */
  get log(): string {
    return this.output;
  }

  /** A mark in the output, for logSince. */
  get mark(): number {
    return this.printed;
  }

  /** What it printed after the mark (as much of it as is kept). */
  logSince(mark: number): string {
    return this.output.slice(-Math.min(this.output.length, this.printed - mark));
  }

  /** The errors it logged after the mark (JSON log lines at level error), first line of each, with counts. */
  errorsSince(mark: number): string {
    const counts = new Map<string, number>();
    for (const line of this.logSince(mark).split('\n')) {
      try {
        const entry = JSON.parse(line) as { level?: number; msg?: string; req?: { method?: string; path?: string } };
        if ((entry.level ?? 0) < 50) continue;
        const message = (entry.msg ?? '')
          .split('\n')[0]
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '…');
        const what = `${entry.req ? `${entry.req.method} ${entry.req.path}: ` : ''}${message}`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      } catch {
        // Not a log line of its own (a line cut short at the start of what is kept).
      }
    }
    return [...counts].map(([what, n]) => `${n} × ${what}`).join('; ') || 'none';
  }

  get isRunning(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.isRunning) this.child.kill(signal);
  }

  /** SIGTERM, as a deployment stops it; SIGKILL if it is still running after the grace time. */
  async stop(graceMs = 15_000): Promise<Exit> {
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }

  /** How it exited, or null if it still runs after `ms`. */
  async exitWithin(ms: number): Promise<Exit | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
    try {
      return await Promise.race([this.exited, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }
}
