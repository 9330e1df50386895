import type { JobsOptions } from 'bullmq';
import type { JobName, JobPayload, JobQueue, QueueName } from './jobs';

const QUEUE_TIMEOUT_MS = 3000;

/**
 * Queue work that answers within 3 seconds or fails. While Redis is down BullMQ would wait for
 * it; a request or a transaction must not: its caller's sweep or next run queues the work again
 * (job ids are deterministic, so never twice).
 */
export async function promptly<T>(work: Promise<T>, queueName: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the ${queueName} queue did not answer in time`)), QUEUE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Adds a job, or fails within 3 seconds (see `promptly`). */
export async function addJobPromptly<Q extends QueueName, N extends JobName<Q>>(
  queue: JobQueue<Q>,
  name: N,
  data: JobPayload<Q, N>,
  opts: JobsOptions,
): Promise<void> {
  await promptly(queue.add(name, data, opts), queue.name);
}
