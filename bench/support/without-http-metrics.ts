import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/common/project-root';

/**
 * `npm run bench -- --without-http-metrics`: the same built store with its request metrics turned
 * off, to measure what they cost. The store has no such setting (production always measures), so
 * the bench preloads a script into the store's processes that makes the instrumenting a no-op
 * before the API starts. Returns the environment to start the store with, and a clean-up.
 */
export function withoutHttpMetrics(): { env: Record<string, string>; cleanUp: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'bench-no-metrics-'));
  const preload = join(dir, 'no-http-metrics.js');
  const metrics = join(projectRoot(), 'dist/src/integrations/metrics/http-metrics.js');
  writeFileSync(
    preload,
    `require(${JSON.stringify(metrics)}).HttpMetrics.prototype.instrument = function instrument() {};\n`,
  );
  return {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim() },
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}
