import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, SERVER_CPU } from './bench-app';

/** A bare `node:http` server, the yardstick a section measures the store against. */
export interface BareServer {
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `script` in its own process on the store's core, with the path of a JSON file holding
 * `answers` and a port as its arguments; the script prints `listening` once it listens.
 */
export async function startBareServer(script: string, answers: unknown): Promise<BareServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const scriptFile = join(dir, 'bare-server.js');
  const answersFile = join(dir, 'answers.json');
  writeFileSync(scriptFile, script);
  writeFileSync(answersFile, JSON.stringify(answers));
  const port = await freePort();
  const pin = existsSync('/usr/bin/taskset') && cpus().length > 1;
  const args = [scriptFile, answersFile, String(port)];
  const child: ChildProcess = pin
    ? spawn('taskset', ['-c', String(SERVER_CPU), process.execPath, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code}) while starting`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        rmSync(dir, { recursive: true, force: true });
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
