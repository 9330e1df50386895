import { Module } from '@nestjs/common';
import { JourneyController } from './journey.controller';
import { JourneyRollupService } from './journey-rollup.service';

@Module({
  controllers: [JourneyController],
  providers: [JourneyRollupService],
  exports: [JourneyRollupService],
})
export class JourneyModule {}
