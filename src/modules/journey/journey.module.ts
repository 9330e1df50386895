import { Module } from '@nestjs/common';
import { JourneyController } from './journey.controller';
import { JourneyEventsService } from './journey-events.service';
import { JourneyFigures } from './journey-figures.service';
import { JourneyRollupService } from './journey-rollup.service';
import { JourneyTotalsRepository } from './journey-totals.repository';

@Module({
  controllers: [JourneyController],
  providers: [JourneyEventsService, JourneyRollupService, JourneyTotalsRepository, JourneyFigures],
  exports: [JourneyRollupService, JourneyFigures],
})
export class JourneyModule {}
