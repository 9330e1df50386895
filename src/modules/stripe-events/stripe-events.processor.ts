import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import { RECONCILE_EVERY_MS, STRIPE_EVENTS_QUEUE, StripeEventsJob } from './stripe-events.constants';
import { StripeReconciliationService } from './stripe-reconciliation.service';

@Processor(STRIPE_EVENTS_QUEUE)
export class StripeEventsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(STRIPE_EVENTS_QUEUE) private readonly queue: Queue,
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

  async process(job: Job): Promise<string> {
    if (job.name === StripeEventsJob.reconcile) return this.reconciliation.run();
    throw new Error(`Unknown Stripe events job ${job.name}`);
  }
}
