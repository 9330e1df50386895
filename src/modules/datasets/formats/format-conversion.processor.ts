import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
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
    private readonly conversion: FormatConversionService,
    private readonly formats: DatasetFormatsService,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.formats.scheduleSweep();
  }

  process(job: Job): Promise<string> {
    switch (job.name) {
      case FormatsJob.convert: {
        const { datasetId, format } = job.data as ConvertJobData;
        const number = job.attemptsMade + 1;
        return this.conversion.convert(datasetId, format, { number, last: number >= (job.opts.attempts ?? 1) });
      }
      case FormatsJob.sweep:
        return this.formats.sweep();
      default:
        throw new Error(`Unknown dataset-formats job ${job.name}`);
    }
  }
}
