import { Injectable, Logger } from '@nestjs/common';
import { DatasetStorage } from '../../../integrations/storage/dataset-storage';
import { ParcelBatchQueue } from './parcel-batch-queue.service';
import { ParcelBatchesRepository } from './parcel-batches.repository';

/** Batches deleted a sweep, at most: a backlog is worked off over a few sweeps. */
const DELETED_A_SWEEP = 500;
/** Minutes a batch may wait queued before the sweep looks for its job (it may never have been added). */
const QUEUED_MINUTES = 10;
/** Minutes an upload may take: 32 MB arrive in far less, even slowly. */
const RECEIVING_MINUTES = 60;
/** Minutes a batch may run: one of 100,000 rows takes about one. */
const RUNNING_MINUTES = 30;

/** What the customer reads of a batch whose run was lost (its worker stopped, or its job is gone). */
export const BATCH_STALLED =
  'The batch stopped before it was done (the worker matching it was interrupted). Send it again; ' +
  'if it stops again, contact support with this batch’s id.';

/**
 * Deletes expired batches with their files; queues batches whose job never reached the queue;
 * and marks failed the batches that would otherwise stay queued or running for ever: BullMQ fails
 * a job whose worker died too often (maxStalledCount) without our handler running, and a job can
 * be lost with Redis.
 */
@Injectable()
export class ParcelBatchSweep {
  private readonly logger = new Logger('ParcelBatches');

  constructor(
    private readonly batches: ParcelBatchesRepository,
    private readonly storage: DatasetStorage,
    private readonly queue: ParcelBatchQueue,
  ) {}

  async sweep(): Promise<string> {
    const expired = await this.batches.expired(DELETED_A_SWEEP, RECEIVING_MINUTES);
    for (const batch of expired) {
      // Files first: a row left behind is deleted by the next sweep, a file left without its row never would be.
      await this.storage.delete(batch.inputKey);
      if (batch.resultKey) await this.storage.delete(batch.resultKey);
    }
    if (expired.length > 0) await this.batches.remove(expired.map((batch) => batch.id));
    let queued = 0;
    let failed = 0;
    for (const batch of await this.batches.unfinishedSince(QUEUED_MINUTES)) {
      const state = await this.queue.jobState(batch.id);
      const overdue = batch.status === 'running' && batch.startedAt!.getTime() < Date.now() - RUNNING_MINUTES * 60_000;
      if (batch.status === 'queued' && state === 'missing') {
        // The API could not reach Redis when it was sent: queued now, it runs as it would have.
        await this.queue.enqueue(batch.id);
        queued++;
      } else if (overdue || state === 'failed' || state === 'missing') {
        if (await this.batches.failUnfinished(batch.id, BATCH_STALLED)) {
          this.logger.warn(`Batch ${batch.id} marked failed: ${batch.status}, its job ${state}`);
          failed++;
        }
      }
    }
    return `${expired.length} expired or abandoned batches deleted, ${queued} waiting batches queued, ${failed} stalled batches failed`;
  }
}
