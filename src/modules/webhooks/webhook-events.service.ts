import { Injectable } from '@nestjs/common';
import { promptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { WebhooksRepository } from './webhooks.repository';
import { deliveryJobId, WEBHOOKS_QUEUE, WebhooksJob } from './webhooks.constants';

/**
 * Raises an event for a customer: recorded once (its dedupe key), with a delivery to each endpoint
 * named, each queued for its first attempt. A repeat (a retried listener) queues what the first left
 * unqueued and raises nothing new.
 */
@Injectable()
export class WebhookEventsService {
  constructor(
    private readonly webhooks: WebhooksRepository,
    @InjectJobQueue(WEBHOOKS_QUEUE) private readonly queue: JobQueue<typeof WEBHOOKS_QUEUE>,
  ) {}

  async raise(userId: string, type: string, dedupeKey: string, data: unknown, endpointIds: string[]): Promise<string> {
    const { eventId, deliveryIds } = await this.webhooks.raise(userId, type, dedupeKey, data, endpointIds);
    await this.queueAttempts(deliveryIds.map((id) => ({ id, attempt: 1 })));
    return eventId;
  }

  /** Queues attempts now (BullMQ drops a job whose id it holds already: never twice). */
  async queueAttempts(attempts: { id: string; attempt: number }[], delayMs = 0): Promise<void> {
    if (attempts.length === 0) return;
    await promptly(
      this.queue.addBulk(
        attempts.map(({ id, attempt }) => ({
          name: WebhooksJob.deliver,
          data: { deliveryId: id, attempt },
          opts: { jobId: deliveryJobId(id, attempt), delay: delayMs },
        })),
      ),
      WEBHOOKS_QUEUE,
    );
  }
}
