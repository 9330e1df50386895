import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JOURNEY_QUEUE, JOURNEY_ROLLUP_EVERY_MS, JOURNEY_ROLLUP_JOB } from './journey.constants';
import { JourneyRollupService } from './journey-rollup.service';

/** Folds journey events into the analytics totals on a schedule: one run at a time, however many workers. */
@Processor(JOURNEY_QUEUE, { concurrency: 1 })
export class JourneyRollupProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly rollup: JourneyRollupService,
    @InjectQueue(JOURNEY_QUEUE) private readonly queue: Queue,
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

  async process(): Promise<number> {
    return this.rollup.catchUp();
  }
}
