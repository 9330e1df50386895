import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { JobName, JobPayload, QueueName } from './jobs';

export const JOB_HANDLER = Symbol('job-handler');

export interface JobHandlerTarget {
  queue: QueueName;
  names: readonly string[];
}

/** A handler's signature for one job of the map: its payload, then the BullMQ job (attempts, id). */
export type JobHandlerMethod<Q extends QueueName, N extends JobName<Q>> = (
  data: JobPayload<Q, N>,
  job: Job<JobPayload<Q, N>>,
) => Promise<unknown>;

/**
 * Makes a provider's method the handler of one job of the map (src/integrations/queue/jobs.ts), or
 * of several jobs of one queue handled alike (then its payload is any of theirs): its queue's
 * processor calls it with the job's payload, typed by the map. Each job has exactly one handler,
 * checked when the worker starts.
 */
export function JobHandler<Q extends QueueName, N extends JobName<Q>>(queue: Q, name: N | readonly N[]) {
  return <M extends JobHandlerMethod<Q, N>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const handler: JobHandlerTarget = { queue, names: typeof name === 'string' ? [name] : name };
    SetMetadata(JOB_HANDLER, handler)(target, key, descriptor);
  };
}
