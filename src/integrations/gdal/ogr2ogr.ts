import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import { DEFAULT_OGR2OGR_TIMEOUT_SECONDS } from '../../config/storage.config';

/** How much of GDAL's error output a failure keeps (for the log and staff): its last lines say what went wrong. */
const STDERR_KEPT = 4000;

/** When the caller gives no limit: the configuration's default. */
export const DEFAULT_OGR2OGR_TIMEOUT_MS = DEFAULT_OGR2OGR_TIMEOUT_SECONDS * 1000;

export class GdalError extends Error {
  override name = 'GdalError';
}

export interface Ogr2ogrOptions {
  /** Where GDAL's standard output goes (GeoJSONSeq to /vsistdout/). */
  stdout?: Writable;
  /** GDAL configuration options (`--config KEY VALUE`). */
  config?: Record<string, string>;
  /** How long the run may take before it is stopped and fails (OGR2OGR_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** The program to run; tests name a stand-in. */
  command?: string;
  /** Stops the run (its whole process group) when aborted: its reader gave up, say. */
  signal?: AbortSignal;
}

/** "2 h", "90 s", "1.5 s": a time limit as a person reads it. */
function describeDuration(ms: number): string {
  if (ms >= 3600_000 && ms % 3600_000 === 0) return `${ms / 3600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

/**
 * Runs GDAL's ogr2ogr (Debian's gdal-bin) with these arguments. Fails with GDAL's own message on a
 * non-zero exit, says how to install GDAL when it is missing, and stops a run that passes its time
 * limit, so that one hung conversion cannot hold the formats queue: the run gets a process group of
 * its own, and the whole group is killed (whatever ogr2ogr started dies with it).
 */
export function ogr2ogr(args: string[], options: Ogr2ogrOptions = {}) {
  const config = Object.entries(options.config ?? {}).flatMap(([key, value]) => ['--config', key, value]);
  const timeoutMs = options.timeoutMs ?? DEFAULT_OGR2OGR_TIMEOUT_MS;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(options.command ?? 'ogr2ogr', [...config, ...args], {
      stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
      detached: true,
    });
    let stderr = '';
    let timedOut = false;
    const stop = () => {
      try {
        // The negative pid names the process group the detached child leads.
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group ended meanwhile.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    options.signal?.addEventListener('abort', stop, { once: true });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    if (options.stdout) child.stdout!.pipe(options.stdout);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT'
          ? new GdalError('ogr2ogr was not found: install GDAL (Debian: apt-get install gdal-bin)')
          : error,
      );
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
      if (options.signal?.aborted) {
        reject(options.signal.reason instanceof Error ? options.signal.reason : new GdalError('ogr2ogr was stopped'));
      } else if (timedOut) {
        reject(
          new GdalError(
            `ogr2ogr did not finish within its time limit of ${describeDuration(timeoutMs)} (OGR2OGR_TIMEOUT_SECONDS) and was stopped`,
          ),
        );
      } else if (code === 0) resolve();
      else reject(new GdalError(`ogr2ogr failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
