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
import { RedisService } from '../../integrations/redis/redis.service';
import { JourneyEventDto } from './dto/journey-event.dto';

// A person browsing fires a handful of events a minute; these bounds only stop floods.
const PER_VISITOR_PER_MINUTE = 120;
const PER_ADDRESS_PER_MINUTE = 1200;

@ApiTags('journey')
@Controller('journey-events')
export class JourneyController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly redis: RedisService,
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

  /** Fixed one-minute windows counted in Redis, so every replica shares the count. */
  private async throttle(visitorId: string, ip: string): Promise<void> {
    const minute = Math.floor(Date.now() / 60_000);
    const keys = [
      this.redis.key('journey', 'visitor', visitorId, String(minute)),
      this.redis.key('journey', 'ip', ip, String(minute)),
    ];
    const counts = await this.redis.client
      .multi()
      .incr(keys[0])
      .expire(keys[0], 120)
      .incr(keys[1])
      .expire(keys[1], 120)
      .exec()
      .then((results) => [Number(results?.[0]?.[1]), Number(results?.[2]?.[1])])
      // Analytics never blocks on Redis: without it, events are simply not throttled.
      .catch(() => [0, 0]);
    if (counts[0] > PER_VISITOR_PER_MINUTE || counts[1] > PER_ADDRESS_PER_MINUTE) {
      throw new HttpException('Too many events; slow down', HttpStatus.TOO_MANY_REQUESTS);
    }
  }
}
