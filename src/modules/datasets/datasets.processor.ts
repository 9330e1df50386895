import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { CountKeyFieldsJobData, DATASETS_QUEUE, DatasetsJob } from './datasets.constants';
import { DatasetsQueue } from './datasets-queue.service';
import { KeyFieldCountingService } from './key-field-counting.service';

@Processor(DATASETS_QUEUE)
export class DatasetsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly counting: KeyFieldCountingService,
    private readonly queue: DatasetsQueue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.queue.scheduleKeyFieldCountsSweep();
  }

  process(job: Job): Promise<string> {
    switch (job.name) {
      case DatasetsJob.countKeyFields:
        return this.counting.count((job.data as CountKeyFieldsJobData).datasetId);
      case DatasetsJob.keyFieldCountsSweep:
        return this.counting.queueMissing();
      default:
        throw new Error(`Unknown datasets job ${job.name}`);
    }
  }
}
