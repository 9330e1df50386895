import { Body, Controller, HttpCode, HttpStatus, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { sendRetryAfter } from '../../common/http/retry-after';
import { JourneyEventAcceptedDto, JourneyEventDto } from './dto/journey-event.dto';
import { JourneyEventsService } from './journey-events.service';
import { ClientAddress } from '../../common/http/client-address';

/** Documents the route; in the running app journey-fast-path.ts answers it ahead of the framework. */
@ApiTags('journey')
@Controller('journey-events')
export class JourneyController {
  constructor(private readonly events: JourneyEventsService) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Record a journey event (fire-and-forget analytics)' })
  @ApiAcceptedResponse({ type: JourneyEventAcceptedDto })
  @ApiBadRequestResponse({ description: 'Not a known event, not a UUID visitor, or metadata too large' })
  @ApiTooManyRequestsResponse({ description: 'Too many events from this visitor or address' })
  async record(
    @Body() dto: JourneyEventDto,
    @ClientAddress() ip: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<JourneyEventAcceptedDto> {
    await sendRetryAfter(res, () => this.events.record(dto, ip));
    return { accepted: true };
  }
}
