import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../../integrations/queue/job-handlers';
import { CountKeyFieldsJobData, DATASETS_QUEUE, DatasetsJob } from './datasets.constants';
import { DatasetsQueue } from './datasets-queue.service';
import { KeyFieldCountingService } from './key-field-counting.service';

@Processor(DATASETS_QUEUE)
export class DatasetsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly counting: KeyFieldCountingService,
    private readonly queue: DatasetsQueue,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.queue.scheduleKeyFieldCountsSweep();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(DATASETS_QUEUE, job);
  }

  @JobHandler(DATASETS_QUEUE, DatasetsJob.countKeyFields)
  countKeyFields({ datasetId }: CountKeyFieldsJobData): Promise<string> {
    return this.counting.count(datasetId);
  }

  @JobHandler(DATASETS_QUEUE, DatasetsJob.keyFieldCountsSweep)
  keyFieldCountsSweep(): Promise<string> {
    return this.counting.queueMissing();
  }
}
