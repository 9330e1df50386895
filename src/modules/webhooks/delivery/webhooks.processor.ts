import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../../integrations/queue/job-handlers';
import { InjectJobQueue, JobQueue } from '../../../integrations/queue/jobs';
import { DeliverWebhookJobData, WEBHOOKS_QUEUE, WEBHOOKS_SWEEP_EVERY_MS, WebhooksJob } from '../webhooks.constants';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Webhook deliveries: mostly waiting on receivers (at most 10 s each), so many at once per worker.
 * A failed attempt is not a failed job: the delivery service queues the next attempt itself, at
 * its own delay, so the three days of retries outlive any job.
 */
@Processor(WEBHOOKS_QUEUE, { concurrency: 32 })
export class WebhooksProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly deliveries: WebhookDeliveryService,
    @InjectJobQueue(WEBHOOKS_QUEUE) private readonly queue: JobQueue<typeof WEBHOOKS_QUEUE>,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      WebhooksJob.sweep,
      { every: WEBHOOKS_SWEEP_EVERY_MS },
      { name: WebhooksJob.sweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(WEBHOOKS_QUEUE, job);
  }

  @JobHandler(WEBHOOKS_QUEUE, WebhooksJob.deliver)
  deliver(data: DeliverWebhookJobData): Promise<string> {
    return this.deliveries.attempt(data);
  }

  @JobHandler(WEBHOOKS_QUEUE, WebhooksJob.sweep)
  sweep(): Promise<string> {
    return this.deliveries.sweep();
  }
}
