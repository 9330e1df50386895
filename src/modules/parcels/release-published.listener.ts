import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, ReleasePublished } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { ParcelStoreQueue } from './parcel-store-queue.service';

/**
 * A release published: each of its counties' parcels are loaded into the parcel store, each county
 * a job of the parcel-store queue (a load takes a while; the events queue is not held by it).
 */
@Injectable()
export class ReleasePublishedListener {
  constructor(private readonly loads: ParcelStoreQueue) {}

  @JobHandler(EVENTS_QUEUE, 'release.published:parcel-store')
  async loadCounties({ month, countyIds }: ReleasePublished): Promise<string> {
    const queued = await this.loads.queueLoads(countyIds);
    return `Release ${month}: ${queued} county loads queued for the parcel store`;
  }
}
