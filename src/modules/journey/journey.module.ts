import { Module } from '@nestjs/common';
import { JourneyController } from './journey.controller';
import { JourneyEventsService } from './journey-events.service';
import { JourneyRollupService } from './journey-rollup.service';

@Module({
  controllers: [JourneyController],
  providers: [JourneyEventsService, JourneyRollupService],
  exports: [JourneyRollupService],
})
export class JourneyModule {}
