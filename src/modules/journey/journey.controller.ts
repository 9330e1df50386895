import { Body, Controller, HttpCode, HttpException, HttpStatus, Ip, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RateLimiter } from '../../integrations/redis/rate-limiter.service';
import { JourneyEventDto } from './dto/journey-event.dto';

// A person browsing fires a handful of events a minute; these bounds only stop floods.
const PER_VISITOR_PER_MINUTE = 120;
const PER_ADDRESS_PER_MINUTE = 1200;

@ApiTags('journey')
@Controller('journey-events')
export class JourneyController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Record a journey event (fire-and-forget analytics)' })
  @ApiAcceptedResponse({ schema: { example: { accepted: true } } })
  @ApiBadRequestResponse({ description: 'Not a known event, not a UUID visitor, or metadata too large' })
  @ApiTooManyRequestsResponse({ description: 'Too many events from this visitor or address' })
  async record(@Body() dto: JourneyEventDto, @Ip() ip: string): Promise<{ accepted: true }> {
    await this.throttle(dto.visitorId, ip);
    await this.db.query(`INSERT INTO journey_events (visitor_id, event, metadata) VALUES ($1, $2, $3)`, [
      dto.visitorId,
      dto.event,
      JSON.stringify(dto.metadata ?? {}),
    ]);
    return { accepted: true };
  }

  private async throttle(visitorId: string, ip: string): Promise<void> {
    try {
      await this.limiter.enforce(
        'Too many events; slow down',
        { key: ['journey', 'visitor', visitorId], max: PER_VISITOR_PER_MINUTE, windowSeconds: 60 },
        { key: ['journey', 'ip', ip], max: PER_ADDRESS_PER_MINUTE, windowSeconds: 60 },
      );
    } catch (error) {
      // Analytics never blocks on Redis: without it, events are simply not throttled.
      if (error instanceof HttpException) throw error;
    }
  }
}
