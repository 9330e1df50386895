import { ApiProperty } from '@nestjs/swagger';
import { JOURNEY_EVENTS } from '../../../../contracts/journey';

/** GET /api/admin/summary: the dashboard's metric cards (docs/architecture.md defines each figure). Money in dollars. */
export class AdminSummaryDto {
  @ApiProperty({ example: 128 })
  totalUsers: number;

  @ApiProperty({ example: 96 })
  activeSubscriptions: number;

  @ApiProperty({ example: 85400, description: 'Dollars collected, net of refunds' })
  totalRevenue: number;

  @ApiProperty({ example: 712.5, description: 'Mean amount over all subscriptions, in dollars' })
  averageSubscriptionValue: number;

  @ApiProperty({ example: 3.2, description: 'Percent of unique visitors who paid, one decimal' })
  conversionRate: number;

  @ApiProperty({ example: 4000 })
  uniqueVisitors: number;

  @ApiProperty({ example: 120 })
  totalSubscriptions: number;
}

export class FunnelStepDto {
  @ApiProperty({ enum: JOURNEY_EVENTS })
  event: string;

  @ApiProperty({ example: 640, description: 'Distinct visitors who reached this step' })
  count: number;

  @ApiProperty({ example: 16, description: 'Those visitors as a percent of landing-page visitors, one decimal' })
  rate: number;
}

export class EventCountDto {
  @ApiProperty({ enum: JOURNEY_EVENTS })
  event: string;

  @ApiProperty({ example: 1250, description: 'Every occurrence, not distinct visitors' })
  count: number;
}

export class JourneyFiguresDto {
  @ApiProperty({ type: FunnelStepDto, isArray: true, description: 'Every journey event, in funnel order' })
  conversionFunnel: FunnelStepDto[];

  @ApiProperty({ example: 4000 })
  uniqueVisitors: number;

  @ApiProperty({ example: 3.2, description: 'Percent of unique visitors who paid, one decimal' })
  conversionRate: number;

  @ApiProperty({ type: EventCountDto, isArray: true, description: 'Every journey event, in funnel order' })
  eventCounts: EventCountDto[];
}

export class RevenueFiguresDto {
  @ApiProperty({ example: 85400, description: 'Dollars collected, net of refunds' })
  totalRevenue: number;

  @ApiProperty({ example: 96 })
  activeSubscriptions: number;

  @ApiProperty({ example: 712.5, description: 'Mean amount over all subscriptions, in dollars' })
  averageSubscriptionValue: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { annual: 60000, 'one-time': 25400 },
    description: 'Purchase type to dollars collected, net of refunds; only types with payments appear',
  })
  revenueByPurchaseType: Record<string, number>;
}

/** GET /api/admin/analytics: the conversion funnel, event counts and revenue by plan type. */
export class AdminAnalyticsDto {
  @ApiProperty({ type: JourneyFiguresDto })
  journey: JourneyFiguresDto;

  @ApiProperty({ type: RevenueFiguresDto })
  revenue: RevenueFiguresDto;
}
