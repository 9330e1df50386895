import { Processor, WorkerHost } from '@nestjs/bullmq';
import { OnApplicationBootstrap } from '@nestjs/common';
import { Job } from 'bullmq';
import { EVENTS_QUEUE, EVENTS_RELAY_SWEEP_JOB } from '../../integrations/events/events';
import { JobHandler } from '../../integrations/queue/job-handler.decorator';
import { JobHandlers } from '../../integrations/queue/job-handlers';
import { InjectJobQueue, JobQueue } from '../../integrations/queue/jobs';
import { DomainEvents } from './domain-events.service';

const RELAY_SWEEP_EVERY_MS = 30_000;

/**
 * Runs each event's listeners (their handlers live in the modules that act on the event) and, on a
 * schedule shared by every worker, relays events whose relay after their commit did not happen.
 */
@Processor(EVENTS_QUEUE, { concurrency: 4 })
export class EventsProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly events: DomainEvents,
    @InjectJobQueue(EVENTS_QUEUE) private readonly queue: JobQueue<typeof EVENTS_QUEUE>,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      EVENTS_RELAY_SWEEP_JOB,
      { every: RELAY_SWEEP_EVERY_MS },
      { name: EVENTS_RELAY_SWEEP_JOB, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(EVENTS_QUEUE, job);
  }

  @JobHandler(EVENTS_QUEUE, EVENTS_RELAY_SWEEP_JOB)
  relaySweep(): Promise<string> {
    return this.events.sweep();
  }
}
