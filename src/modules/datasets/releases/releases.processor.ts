import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { CountyComparisonService } from './compare/county-comparison.service';
import { CompareJobData, RELEASES_QUEUE, ReleasesJob } from './releases.constants';

/** The worker's side of releases: ingest, comparison and the announcement of what was published. */
@Processor(RELEASES_QUEUE)
export class ReleasesProcessor extends WorkerHost {
  constructor(private readonly comparison: CountyComparisonService) {
    super();
  }

  process(job: Job): Promise<string> {
    switch (job.name) {
      case ReleasesJob.compare:
        return this.comparison.compare(job.data as CompareJobData);
      default:
        throw new Error(`Unknown releases job ${job.name}`);
    }
  }
}
