import { Injectable, Logger } from '@nestjs/common';
import { promptly } from '../../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../../integrations/queue/jobs';
import { BATCH_SWEEP_EVERY_MS, PARCEL_BATCHES_QUEUE, ParcelBatchJob } from './parcel-batches.constants';

/** The batch append queue as the API and the sweep use it. */
@Injectable()
export class ParcelBatchQueue {
  private readonly logger = new Logger('ParcelBatches');

  constructor(@InjectJobQueue(PARCEL_BATCHES_QUEUE) private readonly queue: JobQueue<typeof PARCEL_BATCHES_QUEUE>) {}

  /** Queues a batch's job; its id is the batch's, so queueing it twice runs it once. */
  async enqueue(batchId: string): Promise<void> {
    try {
      await promptly(this.queue.add(ParcelBatchJob.append, { batchId }, { jobId: batchId }), PARCEL_BATCHES_QUEUE);
    } catch (error) {
      // The batch is kept as queued: the worker's sweep queues it once Redis answers again.
      this.logger.warn(`Batch ${batchId} not queued yet: ${(error as Error).message}`);
    }
  }

  /** Where a batch's job is: BullMQ's state of it, or 'missing' when the queue has no such job. */
  async jobState(batchId: string): Promise<string> {
    const job = await this.queue.getJob(batchId);
    return job ? await job.getState() : 'missing';
  }

  /** The sweep: one schedule in Redis, however many workers ask for it. */
  async scheduleSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ParcelBatchJob.sweep,
      { every: BATCH_SWEEP_EVERY_MS },
      { name: ParcelBatchJob.sweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
