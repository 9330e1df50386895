import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { JourneyController } from './journey.controller';
import { JOURNEY_QUEUE } from './journey.constants';
import { JourneyRollupService } from './journey-rollup.service';

@Module({
  imports: [BullModule.registerQueue({ name: JOURNEY_QUEUE })],
  controllers: [JourneyController],
  providers: [JourneyRollupService],
  exports: [JourneyRollupService],
})
export class JourneyModule {}
