import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../test/support/eventually';
import { GdalError, ogr2ogr } from './ogr2ogr';

/** Whether a process has ended (gone, or a zombie no one has reaped yet). */
function ended(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
  } catch {
    return true;
  }
}

describe('ogr2ogr', () => {
  let dir: string;
  /** A stand-in for ogr2ogr: a shell script with this body. */
  const standIn = (body: string) => {
    const path = join(dir, 'ogr2ogr');
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cds-ogr2ogr-spec-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stops a run that passes its time limit, with whatever it started, and fails with a clear error', async () => {
    // A hung run: the script starts a child of its own (as GDAL wrappers may) and waits on it.
    const pids = join(dir, 'pids');
    const command = standIn(`sleep 600 &\necho "$$ $!" > "$1"\nwait`);
    const started = Date.now();
    const run = ogr2ogr([pids], { command, timeoutMs: 500 });
    await expect(run).rejects.toThrow(GdalError);
    await expect(run).rejects.toThrow(
      'ogr2ogr did not finish within its time limit of 0.5 s (OGR2OGR_TIMEOUT_SECONDS) and was stopped',
    );
    expect(Date.now() - started).toBeLessThan(5000);
    const [script, sleeper] = readFileSync(pids, 'utf8').trim().split(' ').map(Number);
    // Killed, though a process may take a moment to finish ending after its pipes have closed.
    await eventually(() => Promise.resolve(ended(script) && ended(sleeper)), 2000);
  });

  it('resolves a run that ends within its limit, leaving no timer behind', async () => {
    const command = standIn('exit 0');
    await expect(ogr2ogr([], { command, timeoutMs: 2 * 3600_000 })).resolves.toBeUndefined();
  });

  it('fails with the last of what GDAL said on a non-zero exit', async () => {
    const command = standIn('echo "ERROR 1: Unable to open datasource" >&2\nexit 1');
    await expect(ogr2ogr(['x'], { command, timeoutMs: 5000 })).rejects.toThrow(
      'ogr2ogr failed (exit 1): ERROR 1: Unable to open datasource',
    );
  });

  it('says how to install GDAL when there is no ogr2ogr', async () => {
    await expect(ogr2ogr([], { command: join(dir, 'nothing-here') })).rejects.toThrow(
      'ogr2ogr was not found: install GDAL (Debian: apt-get install gdal-bin)',
    );
  });
});
