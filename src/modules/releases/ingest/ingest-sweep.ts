import type { JobQueue } from '../../../integrations/queue/jobs';
import type { RELEASES_QUEUE } from '../releases.constants';
import { INGEST_REQUEUE_AFTER_MS } from './ingest.service';

/** The schedule that queues again the ingest jobs whose queueing failed (see IngestService.requeueStale). */
export const INGEST_SWEEP_JOB = 'ingest-sweep';

/** One schedule in Redis, however many workers ask for it. */
export async function scheduleIngestSweep(queue: JobQueue<typeof RELEASES_QUEUE>): Promise<void> {
  await queue.upsertJobScheduler(
    INGEST_SWEEP_JOB,
    { every: INGEST_REQUEUE_AFTER_MS },
    { name: INGEST_SWEEP_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } },
  );
}
