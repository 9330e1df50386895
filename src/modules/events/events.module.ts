import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { EVENTS_QUEUE } from '../../integrations/events/events';
import { DomainEvents } from './domain-events.service';

/** Raising business facts and relaying them to their listeners, for the API and the worker. */
@Module({
  imports: [
    BullModule.registerQueue({
      name: EVENTS_QUEUE,
      defaultJobOptions: {
        // A listener's job is retried on its own for about a day (5 s doubling, 15 attempts).
        attempts: 15,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    }),
  ],
  providers: [DomainEvents],
  exports: [DomainEvents, BullModule],
})
export class EventsModule {}
