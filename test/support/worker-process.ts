import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { redisOptionsFromUrl } from '../../src/integrations/redis/redis-options';

const ROOT = join(__dirname, '..', '..');
const WORKER_ENTRY = join(ROOT, 'dist', 'src', 'worker.js');
const OUTPUT_LINES_KEPT = 200;

/**
 * Every worker process the tests started and that may still run. Should a test file end without
 * stopping its workers (its afterAll failed or timed out), `killAllWorkers` runs after the file all the
 * same (test/support/after-file.ts), so none outlives it.
 */
const running = new Set<WorkerProcess>();

/**
 * The real worker (`node dist/src/worker.js`) as a child process, so that a
 * test can kill it as an operating system or a failed machine would: SIGKILL,
 * nothing runs after it.
 */
export class WorkerProcess {
  private readonly output: string[] = [];
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(private readonly child: ChildProcess) {
    const keep = (chunk: Buffer) => {
      this.output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      this.output.splice(0, Math.max(0, this.output.length - OUTPUT_LINES_KEPT));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(this);
        resolve({ code, signal });
      });
    });
  }

  /** Starts a worker on the given environment (a test environment's variables, plus any more). */
  static start(env: Record<string, string>): WorkerProcess {
    checkBuild();
    const child = spawn(process.execPath, [WORKER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, WORKER_METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(child);
    running.add(worker);
    return worker;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The end of what the worker printed, for a failing test to show. */
  get log(): string {
    return this.output.join('\n');
  }

  get isRunning(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.isRunning) this.child.kill(signal);
  }

  /** Kills the worker at once, wherever it is in its work, and waits until it is gone. */
  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }

  /** Asks the worker to shut down as a deployment would (SIGTERM); kills it if it does not within the grace time. */
  async stop(graceMs = 10_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Kills every worker process still running: for afterAll, before the database they use is dropped. */
export async function killAllWorkers(): Promise<void> {
  await Promise.all([...running].map((worker) => worker.kill()));
}

/** The Redis a test environment's worker uses (the machine's own unless REDIS_URL says otherwise). */
const redisOf = (env: Record<string, string>) =>
  redisOptionsFromUrl(env.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');

/**
 * What the passing of a killed worker's lockDuration (30 s) does, at once: the locks of the jobs of
 * `queue` are gone, so a live worker's next stalled-job checks (every few seconds) take those jobs
 * up again, as they would half a minute later. Call it only once the workers holding them are dead.
 */
export async function expireJobLocks(env: Record<string, string>, queue: string): Promise<number> {
  const redis = new Redis(redisOf(env));
  try {
    const locks = await redis.keys(`${env.REDIS_KEY_PREFIX}:bull:${queue}:*:lock`);
    if (locks.length > 0) await redis.del(...locks);
    return locks.length;
  } finally {
    redis.disconnect();
  }
}

/**
 * Runs now the next run of a job scheduler (BullMQ keeps it as a delayed job), as its interval
 * passing would: the schedule is the worker's own, only the wait is skipped. False while no
 * worker has made the schedule yet.
 */
export async function runScheduledNow(env: Record<string, string>, queue: string, scheduler: string): Promise<boolean> {
  const bull = new Queue(queue, { connection: redisOf(env), prefix: `${env.REDIS_KEY_PREFIX}:bull` });
  try {
    const next = (await bull.getDelayed()).find((job) => job.name === scheduler);
    await next?.promote();
    return next !== undefined;
  } finally {
    await bull.close();
  }
}

let buildChecked = false;

/**
 * The child runs the build, not the sources (as production does). A build
 * older than the sources may test old code: said once per test file, not
 * failed, since sources edited while the tests run would fail them halfway.
 */
function checkBuild(): void {
  if (buildChecked) return;
  if (!existsSync(WORKER_ENTRY)) {
    throw new Error(`${WORKER_ENTRY} is missing: run \`npm run build:api\` (\`npm test\` builds it first)`);
  }
  buildChecked = true;
  const built = statSync(WORKER_ENTRY).mtimeMs;
  const newer = changedSince(join(ROOT, 'src'), built);
  if (newer.length > 0) {
    console.warn(
      `The worker build (dist/) is older than ${newer.slice(0, 5).join(', ')}${newer.length > 5 ? ', …' : ''}: ` +
        'the worker process runs the older code. Run `npm run build:api` (`npm test` builds it first).',
    );
  }
}

/** Sources the build compiles (not the unit specs) changed after `since`. */
function changedSince(path: string, since: number): string[] {
  const stat = statSync(path);
  if (!stat.isDirectory()) {
    return /\.spec\.ts$/.test(path) || stat.mtimeMs <= since ? [] : [path.slice(ROOT.length + 1)];
  }
  return readdirSync(path).flatMap((entry) => changedSince(join(path, entry), since));
}
