import { Injectable } from '@nestjs/common';
import { promptly } from '../../integrations/queue/add-job-promptly';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { CountyDatasetsService } from '../releases';
import { ParcelStoreRepository } from './parcel-store.repository';
import {
  GROUP_OWNERS_EVERY_MS,
  loadJobId,
  PARCEL_STORE_QUEUE,
  PARCEL_STORE_SWEEP_EVERY_MS,
  ParcelStoreJob,
} from './parcels.constants';

/**
 * Which counties the parcel store must load, queued as one job each: the counties a publish names,
 * and (the sweep) every county whose current file is not the one loaded, which is how a missed
 * event is made good and how a store without parcels, or one whose loads were forgotten, fills.
 */
@Injectable()
export class ParcelStoreQueue {
  constructor(
    private readonly datasets: CountyDatasetsService,
    private readonly store: ParcelStoreRepository,
    @InjectJobQueue(PARCEL_STORE_QUEUE) private readonly queue: JobQueue<typeof PARCEL_STORE_QUEUE>,
  ) {}

  /** Queues the loads of these counties' current files (or, null, of every county not loaded as it stands). */
  async queueLoads(countyIds: string[] | null): Promise<number> {
    const [files, loads] = await Promise.all([this.datasets.currentStaffFiles(countyIds), this.store.loads()]);
    const loaded = new Map(loads.map((load) => [load.countyId, load]));
    const wanted = files.filter((file) => {
      const load = loaded.get(file.countyId);
      return load?.datasetId !== file.id || load.sha256 !== file.sha256;
    });
    const jobs = wanted.map((file) => ({
      name: ParcelStoreJob.loadCounty,
      data: { countyId: file.countyId },
      opts: { jobId: loadJobId(file.countyId, file.sha256) },
    }));
    if (jobs.length) await promptly(this.queue.addBulk(jobs), PARCEL_STORE_QUEUE);
    return jobs.length;
  }

  async sweep(): Promise<string> {
    return `${await this.queueLoads(null)} county loads queued`;
  }

  /** One schedule each in Redis, however many workers ask for them: the sweep, and owner grouping. */
  async scheduleSweep(): Promise<void> {
    await this.queue.upsertJobScheduler(
      ParcelStoreJob.sweep,
      { every: PARCEL_STORE_SWEEP_EVERY_MS },
      { name: ParcelStoreJob.sweep, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
    await this.queue.upsertJobScheduler(
      ParcelStoreJob.groupOwners,
      { every: GROUP_OWNERS_EVERY_MS },
      // One attempt: the next look comes within the minute.
      { name: ParcelStoreJob.groupOwners, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
