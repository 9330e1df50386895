import { Injectable } from '@nestjs/common';
import { EVENTS_QUEUE, ReleasePublished } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { DatasetFormatsService } from './dataset-formats.service';

/**
 * A release published: every format of its files is made now, rather than when the first buyer
 * asks. A queue that does not answer fails the job, which is retried (and the sweep is behind it).
 */
@Injectable()
export class ReleasePublishedListener {
  constructor(private readonly formats: DatasetFormatsService) {}

  @JobHandler(EVENTS_QUEUE, 'release.published:conversions')
  async queueConversions({ releaseId, month }: ReleasePublished): Promise<string> {
    const queued = await this.formats.queueRelease(releaseId);
    return `Release ${month}: ${queued} conversions queued`;
  }
}
