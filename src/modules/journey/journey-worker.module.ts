import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JOURNEY_QUEUE } from './journey.constants';
import { JourneyRollupProcessor } from './journey-rollup.processor';
import { JourneyRollupService } from './journey-rollup.service';

/** The worker's side of journey analytics: the scheduled rollup. Imported by the worker only. */
@Module({
  imports: [BullModule.registerQueue({ name: JOURNEY_QUEUE })],
  providers: [JourneyRollupService, JourneyRollupProcessor],
})
export class JourneyWorkerModule {}
