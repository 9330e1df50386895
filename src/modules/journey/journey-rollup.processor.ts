import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { JOURNEY_QUEUE, JOURNEY_ROLLUP_EVERY_MS, JOURNEY_ROLLUP_JOB } from './journey.constants';
import { JourneyRollupService } from './journey-rollup.service';

/** Folds journey events into the analytics totals on a schedule: one run at a time, however many workers. */
@Processor(JOURNEY_QUEUE, { concurrency: 1 })
export class JourneyRollupProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly rollup: JourneyRollupService,
    @InjectJobQueue(JOURNEY_QUEUE) private readonly queue: JobQueue<typeof JOURNEY_QUEUE>,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    // A job scheduler, not a timer: one schedule in Redis shared by every worker replica.
    await this.queue.upsertJobScheduler(
      JOURNEY_ROLLUP_JOB,
      { every: JOURNEY_ROLLUP_EVERY_MS },
      { name: JOURNEY_ROLLUP_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(JOURNEY_QUEUE, job);
  }

  @JobHandler(JOURNEY_QUEUE, JOURNEY_ROLLUP_JOB)
  rollUp(): Promise<number> {
    return this.rollup.catchUp();
  }
}
