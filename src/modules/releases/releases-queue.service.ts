import { Injectable } from '@nestjs/common';
import { addJobPromptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { CompareJobData, IngestJobData, RELEASES_QUEUE, ReleasesJob } from './releases.constants';

/**
 * What the API does about a release's files: queue the work; the worker reads them. Job ids
 * name the work, so queueing it again queues nothing while it waits or runs.
 */
@Injectable()
export class ReleasesQueue {
  constructor(@InjectJobQueue(RELEASES_QUEUE) private readonly queue: JobQueue<typeof RELEASES_QUEUE>) {}

  queueIngest(ingestJobId: string): Promise<void> {
    const data: IngestJobData = { ingestJobId };
    return addJobPromptly(this.queue, ReleasesJob.ingest, data, { jobId: `ingest-${ingestJobId}` });
  }

  /** Keyed by the county file compared, so a county ingested again is compared again. */
  queueCompare(releaseId: string, countyId: string, datasetSha256: string): Promise<void> {
    const data: CompareJobData = { releaseId, countyId };
    return addJobPromptly(this.queue, ReleasesJob.compare, data, {
      jobId: `compare-${releaseId}-${countyId}-${datasetSha256}`,
    });
  }
}
