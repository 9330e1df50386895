import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { RECONCILE_EVERY_MS, STRIPE_EVENTS_QUEUE, StripeEventsJob } from './stripe-events.constants';
import { StripeReconciliationService } from './stripe-reconciliation.service';

@Processor(STRIPE_EVENTS_QUEUE)
export class StripeEventsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    @InjectJobQueue(STRIPE_EVENTS_QUEUE) private readonly queue: JobQueue<typeof STRIPE_EVENTS_QUEUE>,
    private readonly reconciliation: StripeReconciliationService,
  ) {
    super();
  }

  /** One schedule in Redis, however many workers ask for it. */
  async onApplicationBootstrap(): Promise<void> {
    const name = StripeEventsJob.reconcile;
    await this.queue.upsertJobScheduler(
      name,
      { every: RECONCILE_EVERY_MS },
      { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(STRIPE_EVENTS_QUEUE, job);
  }

  @JobHandler(STRIPE_EVENTS_QUEUE, StripeEventsJob.reconcile)
  reconcile(): Promise<string> {
    return this.reconciliation.run();
  }
}
