import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { DatasetFormatsService } from './dataset-formats.service';
import { FormatConversionService } from './format-conversion.service';
import { ConvertJobData, FORMATS_QUEUE, FormatsJob } from './formats.constants';

/**
 * Conversions, one at a time per worker: each runs GDAL or DuckDB on both cores for a large county.
 * A worker that dies mid-conversion loses its lock after lockDuration and the job runs again from the
 * start (its temporary files die with it; nothing was recorded).
 */
@Processor(FORMATS_QUEUE, { concurrency: 1, lockDuration: 60_000, stalledInterval: 30_000, maxStalledCount: 2 })
export class FormatConversionProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly conversion: FormatConversionService,
    private readonly formats: DatasetFormatsService,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.formats.scheduleSweep();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(FORMATS_QUEUE, job);
  }

  @JobHandler(FORMATS_QUEUE, FormatsJob.convert)
  convert({ datasetId, format }: ConvertJobData, job: Job): Promise<string> {
    const number = job.attemptsMade + 1;
    return this.conversion.convert(datasetId, format, { number, last: number >= (job.opts.attempts ?? 1) });
  }

  @JobHandler(FORMATS_QUEUE, FormatsJob.sweep)
  sweep(): Promise<string> {
    return this.formats.sweep();
  }
}
