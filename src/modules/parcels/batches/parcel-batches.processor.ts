import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { JobHandler } from '../../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../../integrations/queue/job-handlers';
import { ParcelBatchQueue } from './parcel-batch-queue.service';
import { ParcelBatchSweep } from './parcel-batch-sweep.service';
import { ParcelBatchRunner } from './parcel-batch-runner.service';
import { type BatchAppendJobData, PARCEL_BATCHES_QUEUE, ParcelBatchJob } from './parcel-batches.constants';
import { ParcelBatchesRepository } from './parcel-batches.repository';

/** What a customer reads of a failure that is not the batch's own (the store's or its database's). */
export const BATCH_FAILED =
  'The batch could not be matched because of a fault on our side. Send it again; if it fails again, contact support with this batch’s id.';

/**
 * Batches, two at a time per worker: a batch's queries keep a few reader connections busy, and a
 * worker's memory holds a few chunks of rows. A worker that dies mid-batch leaves the job to stall
 * and run again from the start (the result is written whole or not at all); one that stalls past
 * maxStalledCount is failed by BullMQ without this handler, and the sweep marks its batch failed.
 */
@Processor(PARCEL_BATCHES_QUEUE, { concurrency: 2, lockDuration: 60_000, stalledInterval: 30_000, maxStalledCount: 2 })
export class ParcelBatchesProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger('ParcelBatches');

  constructor(
    private readonly handlers: JobHandlers,
    private readonly runner: ParcelBatchRunner,
    private readonly batches: ParcelBatchesRepository,
    private readonly sweeper: ParcelBatchSweep,
    private readonly queue: ParcelBatchQueue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.queue.scheduleSweep();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(PARCEL_BATCHES_QUEUE, job);
  }

  @JobHandler(PARCEL_BATCHES_QUEUE, ParcelBatchJob.append)
  async append({ batchId }: BatchAppendJobData, job: Job<BatchAppendJobData>): Promise<string> {
    try {
      return await this.runner.run(batchId);
    } catch (error) {
      const last = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) {
        if (!(error instanceof UnrecoverableError)) this.logger.error(`Batch ${batchId} failed: ${String(error)}`);
        await this.batches.fail(batchId, error instanceof UnrecoverableError ? error.message : BATCH_FAILED);
      }
      throw error;
    }
  }

  @JobHandler(PARCEL_BATCHES_QUEUE, ParcelBatchJob.sweep)
  sweep(): Promise<string> {
    return this.sweeper.sweep();
  }
}
