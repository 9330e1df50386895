import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { Client } from 'pg';
import { freePort } from '../../../bench/support/bench-app';

/**
 * PostgreSQL and Redis servers of a test's own, which it may stop and start at will. The shared
 * servers on 5432 and 6379 serve CI and every other test: a fault test never touches them.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Cleanups that must run even when jest ends without the test file's afterAll. */
const backstops = new Set<() => void>();
process.once('exit', () => {
  for (const backstop of backstops) {
    try {
      backstop();
    } catch {
      // Best effort: the process is ending.
    }
  }
});

/** The newest PostgreSQL server installed (Debian keeps each major version's binaries apart). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!bin) throw new Error(`no PostgreSQL server binaries (initdb, pg_ctl) under ${root}`);
  return bin;
}

const asRoot = () => process.getuid?.() === 0;

/**
 * A PostgreSQL cluster in a temporary directory, on a port of its own. initdb and the server
 * refuse to run as root: as root, they run as the `postgres` OS user, which owns the directory.
 */
export class ThrowawayPostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
  ) {}

  static async create(): Promise<ThrowawayPostgres> {
    const bin = postgresBin();
    const dir = mkdtempSync(join(tmpdir(), 'cds-faults-pg-'));
    const port = await freePort();
    const cluster = new ThrowawayPostgres(dir, port, bin);
    backstops.add(cluster.backstop);
    if (asRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    // fsync off: nothing here must survive a crash of the machine, and initdb is twice as fast without it.
    cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** A connection URL to one of its databases, over TCP as the store connects in production. */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(this.dir, 'log'),
      'start',
      '-w',
    ]);
    for (let attempt = 0; ; attempt++) {
      const client = new Client({ connectionString: this.url('postgres'), connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return;
      } catch (error) {
        if (attempt > 50) throw error;
        await sleep(100);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
  }

  /** Stops the server as an operator's restart does: connections are ended, transactions rolled back. */
  async stop(): Promise<void> {
    this.run('pg_ctl', ['-D', this.dataDir, 'stop', '-m', 'fast', '-w']);
  }

  /** Stops the server if it runs and removes the cluster. */
  async destroy(): Promise<void> {
    backstops.delete(this.backstop);
    this.backstop();
  }

  private readonly backstop = () => {
    if (existsSync(join(this.dataDir, 'postmaster.pid'))) {
      try {
        this.run('pg_ctl', ['-D', this.dataDir, 'stop', '-m', 'immediate', '-w']);
      } catch {
        // Already stopped.
      }
    }
    rmSync(this.dir, { recursive: true, force: true });
  };

  private run(tool: string, args: string[]): void {
    const command = join(this.bin, tool);
    const [file, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  }
}

/**
 * A Redis server in a temporary directory, on a port of its own, persisting as production's runs
 * (docker-compose.prod.yml: appendonly yes, and no RDB snapshots). Every write is fsynced before it is
 * answered (appendfsync always), so a restart keeps every job the store was told was queued.
 */
export class ThrowawayRedis {
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<ThrowawayRedis> {
    const redis = new ThrowawayRedis(mkdtempSync(join(tmpdir(), 'cds-faults-redis-')), await freePort());
    backstops.add(redis.backstop);
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the server on the same port and directory (so it reloads its append-only file) and waits for PONG. */
  async start(): Promise<void> {
    if (this.running) throw new Error('Redis is already running');
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir];
    args.push('--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--daemonize', 'no');
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const hear = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-10_000));
    child.stdout.on('data', hear);
    child.stderr.on('data', hear);
    this.child = child;
    const probe = new Redis({ port: this.port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => undefined);
    try {
      for (let attempt = 0; ; attempt++) {
        if (!this.running) throw new Error(`redis-server exited while starting:\n${this.output}`);
        try {
          if (probe.status !== 'ready') await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch (error) {
          if (attempt > 100) throw error;
          probe.disconnect();
          await sleep(50);
        }
      }
    } finally {
      probe.disconnect();
    }
  }

  /**
   * Stops the server as an operator or a container stop does: SIGTERM, which Redis handles as
   * SHUTDOWN (clients disconnected, the append-only file flushed). Waits until it is gone.
   */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async destroy(): Promise<void> {
    await this.stop();
    backstops.delete(this.backstop);
    this.backstop();
  }

  private readonly backstop = () => {
    if (this.running) this.child!.kill('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  };
}
