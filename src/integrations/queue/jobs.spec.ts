import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_NAMES, JobQueue } from './jobs';

/** Every `export const …_QUEUE = '…'` in the code: the queues the modules and integrations declare. */
function declaredQueues(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return declaredQueues(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/export const \w+_QUEUE = '([^']+)'/g)].map((m) => m[1]);
  });
}

describe('the job map', () => {
  it('has every queue a module declares', () => {
    expect(Object.keys(JOB_NAMES).sort()).toEqual(
      [...declaredQueues(join(__dirname, '../../modules')), ...declaredQueues(join(__dirname, '..'))].sort(),
    );
  });

  // Checked by the compiler (npm run typecheck), not at run time: the lines marked are refused.
  it('types what a producer may queue', () => {
    const produce = (mail: JobQueue<'mail'>, releases: JobQueue<'releases'>) => [
      mail.add('receipt', { orderId: 'o' }),
      // @ts-expect-error another job's payload
      mail.add('receipt', { subscriptionId: 's', month: '2026-01' }),
      // @ts-expect-error a job of another queue
      mail.add('ingest', { ingestJobId: 'i' }),
      releases.addBulk([{ name: 'compare', data: { releaseId: 'r', countyId: 'c' } }]),
      // @ts-expect-error a payload missing a field
      releases.addBulk([{ name: 'compare', data: { releaseId: 'r' } }]),
    ];
    expect(typeof produce).toBe('function');
  });
});
