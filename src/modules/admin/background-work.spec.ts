import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QUEUE_NAMES } from './background-work.service';

/** Every `export const …_QUEUE = '…'` in the source: the queues the modules declare. */
function declaredQueues(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declaredQueues(path);
    if (!entry.name.endsWith('.constants.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/export const \w+_QUEUE = '([^']+)'/g)].map((m) => m[1]);
  });
}

describe('the background work page', () => {
  it('shows every queue a module declares', () => {
    expect([...QUEUE_NAMES].sort()).toEqual(declaredQueues(join(__dirname, '..')).sort());
  });
});
