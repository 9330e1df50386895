import { Injectable } from '@nestjs/common';
import { addJobPromptly } from '../../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../../integrations/queue/jobs';
import {
  CountKeyFieldsJobData,
  DATASETS_QUEUE,
  DatasetsJob,
  KEY_FIELD_COUNTS_SWEEP_EVERY_MS,
} from './datasets.constants';

/**
 * What the API does about reading whole county files: queue it; the worker reads them. A
 * release's counting job is named by the release, so queueing it again queues nothing.
 */
@Injectable()
export class DatasetsQueue {
  constructor(@InjectJobQueue(DATASETS_QUEUE) private readonly queue: JobQueue<typeof DATASETS_QUEUE>) {}

  queueKeyFieldCounts(datasetId: string): Promise<void> {
    const data: CountKeyFieldsJobData = { datasetId };
    // BullMQ refuses ":" in custom job ids.
    return addJobPromptly(this.queue, DatasetsJob.countKeyFields, data, { jobId: `key-field-counts-${datasetId}` });
  }

  /** One schedule in Redis, however many workers ask for it. */
  async scheduleKeyFieldCountsSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      DatasetsJob.keyFieldCountsSweep,
      { every: KEY_FIELD_COUNTS_SWEEP_EVERY_MS },
      { name: DatasetsJob.keyFieldCountsSweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
