import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, ReleasePublished } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { ReleaseDeliveriesService } from './release-deliveries.service';

/** A release published, however it was (the console, an upload, the local sample releases): its Trackers are told. */
@Injectable()
export class ReleasePublishedListener {
  constructor(private readonly deliveries: ReleaseDeliveriesService) {}

  @JobHandler(EVENTS_QUEUE, 'release.published:tracker-emails')
  tellTrackers({ releaseId }: ReleasePublished): Promise<string> {
    return this.deliveries.deliver(releaseId);
  }
}
