import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job } from 'bullmq';
import { RELEASES_QUEUE } from './releases.constants';

/** The worker's side of releases: ingest and comparison. */
@Processor(RELEASES_QUEUE)
export class ReleasesProcessor extends WorkerHost {
  process(job: Job): Promise<string> {
    switch (job.name) {
      default:
        throw new Error(`Unknown releases job ${job.name}`);
    }
  }
}
