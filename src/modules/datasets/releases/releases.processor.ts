import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { CountyComparisonService } from './compare/county-comparison.service';
import { INGEST_SWEEP_JOB, scheduleIngestSweep } from './ingest/ingest-sweep';
import { IngestService } from './ingest/ingest.service';
import { CompareJobData, IngestJobData, RELEASES_QUEUE, ReleasesJob } from './releases.constants';

/**
 * The worker's side of releases: ingest and comparison.
 * A worker that dies mid-job loses its lock after lockDuration; stalled jobs are looked for every
 * stalledInterval and run again from the start (ingest is long: its lock is renewed meanwhile).
 */
@Processor(RELEASES_QUEUE, { lockDuration: 30_000, stalledInterval: 5_000, maxStalledCount: 2 })
export class ReleasesProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly ingest: IngestService,
    private readonly comparison: CountyComparisonService,
    @InjectQueue(RELEASES_QUEUE) private readonly queue: Queue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return scheduleIngestSweep(this.queue);
  }

  async process(job: Job): Promise<string> {
    switch (job.name) {
      case ReleasesJob.ingest: {
        const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        const outcome = await this.ingest.run((job.data as IngestJobData).ingestJobId, lastAttempt);
        if (outcome.done === 'retry') throw outcome.error;
        return outcome.message;
      }
      case ReleasesJob.compare:
        return this.comparison.compare(job.data as CompareJobData);
      case INGEST_SWEEP_JOB:
        return this.ingest.requeueStale();
      default:
        throw new Error(`Unknown releases job ${job.name}`);
    }
  }

  /**
   * An ingest BullMQ gives up on without running it to its end (its workers died more often than
   * maxStalledCount) would stay "running" for ever, and keep its release from being published.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (job?.name !== ReleasesJob.ingest) return;
    const over = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error.message);
    if (over) await this.ingest.abandon((job.data as IngestJobData).ingestJobId, error.message);
  }
}
