import { Queue } from 'bullmq';
import { readEnvironment } from '../../src/config/environment';
import { redisOptionsFromUrl } from '../../src/integrations/redis/redis-options';
import type { BenchApp } from './bench-app';

/** A queue of the bench store's worker, as the store names it in Redis. */
export function benchQueue(app: BenchApp, name: string): Queue {
  return new Queue(name, {
    connection: { ...redisOptionsFromUrl(readEnvironment().REDIS_URL as string), maxRetriesPerRequest: null },
    prefix: `bench-${new URL(app.databaseUrl).pathname.slice(1)}:bull`,
  });
}

/**
 * Work that a section's step queues but the section does not measure (the conversions and the
 * parcel-store load a publish queues): held from the start, and dropped once the section is done,
 * so that it never runs beside the figures of this section or the next.
 */
export class HeldWork {
  private readonly queues: Queue[];

  private constructor(app: BenchApp, names: string[]) {
    this.queues = names.map((name) => benchQueue(app, name));
  }

  static async hold(app: BenchApp, names: string[]): Promise<HeldWork> {
    const held = new HeldWork(app, names);
    for (const queue of held.queues) await queue.pause();
    return held;
  }

  async drop(): Promise<void> {
    for (const queue of this.queues) {
      await queue.obliterate({ force: true });
      await queue.resume();
      await queue.close();
    }
  }
}

/**
 * Waits, untimed, until the worker has run what a section queued on `name` besides what it measured
 * (an ingest's comparisons of every county it stored), so that the next section starts on a quiet
 * machine.
 */
export async function settled(app: BenchApp, name: string, timeoutMs = 15 * 60_000): Promise<void> {
  const queue = benchQueue(app, name);
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
      if (counts.waiting + counts.active + counts.prioritized === 0) return;
      if (Date.now() > deadline) throw new Error(`the ${name} queue did not settle: ${JSON.stringify(counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await queue.close();
  }
}
