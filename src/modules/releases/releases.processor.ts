import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, isJob, JobQueue } from '../../integrations/queue/jobs';
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
    private readonly handlers: JobHandlers,
    private readonly ingest: IngestService,
    private readonly comparison: CountyComparisonService,
    @InjectJobQueue(RELEASES_QUEUE) private readonly queue: JobQueue<typeof RELEASES_QUEUE>,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return scheduleIngestSweep(this.queue);
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(RELEASES_QUEUE, job);
  }

  @JobHandler(RELEASES_QUEUE, ReleasesJob.ingest)
  async runIngest({ ingestJobId }: IngestJobData, job: Job): Promise<string> {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const outcome = await this.ingest.run(ingestJobId, lastAttempt);
    if (outcome.done === 'retry') throw outcome.error;
    return outcome.message;
  }

  @JobHandler(RELEASES_QUEUE, ReleasesJob.compare)
  compare(data: CompareJobData): Promise<string> {
    return this.comparison.compare(data);
  }

  @JobHandler(RELEASES_QUEUE, INGEST_SWEEP_JOB)
  ingestSweep(): Promise<string> {
    return this.ingest.requeueStale();
  }

  /**
   * An ingest BullMQ gives up on without running it to its end (its workers died more often than
   * maxStalledCount) would stay "running" for ever, and keep its release from being published.
   */
  @OnWorkerEvent('failed')
  async onFailed(job: Job | undefined, error: Error): Promise<void> {
    if (!isJob(RELEASES_QUEUE, ReleasesJob.ingest, job)) return;
    const over = job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(error.message);
    if (over) await this.ingest.abandon(job.data.ingestJobId, error.message);
  }
}
