import { execFile } from 'node:child_process';
import { DEFAULT_OGR2OGR_TIMEOUT_MS, GdalError } from './ogr2ogr';

/** A layer summary is a few KB; more is some other program's noise, not a summary to read. */
const OUTPUT_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Runs GDAL's ogrinfo (Debian's gdal-bin) read-only and answers what it printed. Fails with
 * GDAL's own message when it cannot open the source, and says how to install GDAL when it is missing.
 */
export function ogrinfo(args: string[], options: { timeoutMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'ogrinfo',
      ['-ro', ...args],
      {
        timeout: options.timeoutMs ?? DEFAULT_OGR2OGR_TIMEOUT_MS,
        maxBuffer: OUTPUT_LIMIT_BYTES,
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          return reject(new GdalError('ogrinfo was not found: install GDAL (Debian: apt-get install gdal-bin)'));
        }
        reject(new GdalError(stderr.trim() || error.message));
      },
    );
  });
}
