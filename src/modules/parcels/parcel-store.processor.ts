import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { OwnerIdentityService } from '../owners';
import { ParcelLoader } from './parcel-loader.service';
import { ParcelOwnerMentions } from './parcel-owner-mentions';
import { ParcelStoreQueue } from './parcel-store-queue.service';
import { LoadCountyJobData, PARCEL_STORE_QUEUE, ParcelStoreJob } from './parcels.constants';

/**
 * Loads, one county at a time per worker: a load keeps PostgreSQL busy writing a county's rows and
 * indexes, and a worker's memory stays that of one stream. A worker that dies mid-load leaves its
 * transaction rolled back (the county keeps its previous parcels); the job runs again.
 */
@Processor(PARCEL_STORE_QUEUE, { concurrency: 1, lockDuration: 60_000, stalledInterval: 30_000, maxStalledCount: 2 })
export class ParcelStoreProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly loader: ParcelLoader,
    private readonly loads: ParcelStoreQueue,
    private readonly owners: OwnerIdentityService,
    private readonly mentions: ParcelOwnerMentions,
  ) {
    super();
  }

  onApplicationBootstrap(): Promise<void> {
    return this.loads.scheduleSweep();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(PARCEL_STORE_QUEUE, job);
  }

  @JobHandler(PARCEL_STORE_QUEUE, ParcelStoreJob.loadCounty)
  load({ countyId }: LoadCountyJobData): Promise<string> {
    return this.loader.loadCounty(countyId);
  }

  @JobHandler(PARCEL_STORE_QUEUE, ParcelStoreJob.sweep)
  sweep(): Promise<string> {
    return this.loads.sweep();
  }

  @JobHandler(PARCEL_STORE_QUEUE, ParcelStoreJob.groupOwners)
  groupOwners(): Promise<string> {
    return this.owners.group(this.mentions);
  }
}
