import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

/** How much of GDAL's error output a failure keeps (for the log and staff): its last lines say what went wrong. */
const STDERR_KEPT = 4000;

export class GdalError extends Error {
  override name = 'GdalError';
}

/**
 * Runs GDAL's ogr2ogr (Debian's gdal-bin) with these arguments; its standard output goes to `stdout`
 * when given (GeoJSONSeq to /vsistdout/). Fails with GDAL's own message on a non-zero exit, and says
 * how to install GDAL when it is missing.
 */
export function ogr2ogr(args: string[], options: { stdout?: Writable; config?: Record<string, string> } = {}) {
  const config = Object.entries(options.config ?? {}).flatMap(([key, value]) => ['--config', key, value]);
  return new Promise<void>((resolve, reject) => {
    const child = spawn('ogr2ogr', [...config, ...args], {
      stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEPT);
    });
    if (options.stdout) child.stdout!.pipe(options.stdout);
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new GdalError('ogr2ogr was not found: install GDAL (Debian: apt-get install gdal-bin)')
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new GdalError(`ogr2ogr failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
}
