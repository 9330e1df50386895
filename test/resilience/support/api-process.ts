import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** Every API process started and still running, for the exit backstop below. */
const running = new Set<ApiProcess>();
process.once('exit', () => {
  for (const api of running) api.signal('SIGKILL');
});

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The arguments after `node` of an npm script such as start:api, so the test runs what production runs. */
function nodeArgumentsOf(script: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const [command, ...args] = scripts[script].split(' ');
  if (command !== 'node') throw new Error(`npm run ${script} does not start node: ${scripts[script]}`);
  return args;
}

/**
 * The built API (`npm run start:api`: `node … dist/src/main.js`) as a child process, which a test
 * can stop as a deployment does (SIGTERM) or kill, and whose exit it can examine.
 */
export class ApiProcess {
  private output = '';
  readonly exited: Promise<Exit>;

  private constructor(
    private readonly child: ChildProcess,
    readonly origin: string,
  ) {
    const hear = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-20_000));
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

  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }
}
