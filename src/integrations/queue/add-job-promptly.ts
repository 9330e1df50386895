import type { JobsOptions } from 'bullmq';
import type { JobName, JobPayload, JobQueue, QueueName } from './jobs';

const QUEUE_TIMEOUT_MS = 3000;

/**
 * Adds a job, or fails within 3 seconds. While Redis is down BullMQ would
 * wait for it; a request or a transaction must not: its caller's sweep or
 * next run queues the work again (job ids are deterministic, so never twice).
 */
export async function addJobPromptly<Q extends QueueName, N extends JobName<Q>>(
  queue: JobQueue<Q>,
  name: N,
  data: JobPayload<Q, N>,
  opts: JobsOptions,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${queue.name} queue did not answer in time`)), QUEUE_TIMEOUT_MS);
  });
  try {
    await Promise.race([queue.add(name, data, opts), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
