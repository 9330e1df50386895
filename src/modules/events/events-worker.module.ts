import { Module } from '@nestjs/common';
import { EventsModule } from './events.module';
import { EventsProcessor } from './events.processor';

/** The worker's side of events: the processor that runs listeners, and the relay sweep. */
@Module({
  imports: [EventsModule],
  providers: [EventsProcessor],
})
export class EventsWorkerModule {}
