import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { trimmed } from '../../../common/validation';
import { MAX_SECRET_OVERLAP_HOURS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks.constants';

const EVENTS_MESSAGE = `events must list some of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

export class CreateWebhookEndpointDto {
  @ApiProperty({
    example: 'https://example.com/hooks/county-data',
    description:
      'Where deliveries are POSTed: https:// on a public address (http:// and local addresses outside production)',
  })
  @Transform(trimmed)
  @IsString({ message: 'url must be a URL' })
  @MaxLength(2048, { message: 'url must be at most 2,048 characters' })
  url: string;

  @ApiPropertyOptional({ example: 'Snowflake loader', description: 'Your own note, up to 200 characters' })
  @IsOptional()
  @Transform(trimmed)
  @IsString({ message: 'description must be text' })
  @MaxLength(200, { message: 'description must be at most 200 characters' })
  @Matches(/^[^\p{Cc}]*$/u, { message: 'description must not contain control characters' })
  description?: string;

  @ApiPropertyOptional({
    enum: WEBHOOK_EVENT_TYPES,
    isArray: true,
    description: 'The events to send; every event when not given',
  })
  @IsOptional()
  @IsArray({ message: EVENTS_MESSAGE })
  @ArrayMinSize(1, { message: EVENTS_MESSAGE })
  @ArrayUnique({ message: 'events must not repeat an event' })
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true, message: EVENTS_MESSAGE })
  events?: WebhookEventType[];

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    isArray: true,
    description: 'Only events of these subscriptions of yours; every subscription (later ones too) when not given',
  })
  @IsOptional()
  @IsArray({ message: 'subscriptionIds must be a list of subscription ids' })
  @ArrayMinSize(1, { message: 'subscriptionIds must name at least one subscription, or be left out for all' })
  @ArrayMaxSize(1000, { message: 'subscriptionIds must name at most 1,000 subscriptions' })
  @ArrayUnique({ message: 'subscriptionIds must not repeat a subscription' })
  @IsUUID('all', { each: true, message: 'subscriptionIds must be subscription ids (UUIDs)' })
  subscriptionIds?: string[];
}

export class RollWebhookSecretDto {
  @ApiPropertyOptional({
    default: 24,
    minimum: 0,
    maximum: MAX_SECRET_OVERLAP_HOURS,
    description: 'Hours the old secret keeps signing beside the new one (0: stops at once)',
  })
  @IsOptional()
  @IsInt({ message: 'overlapHours must be a whole number of hours' })
  @Min(0, { message: 'overlapHours must be 0 or more' })
  @Max(MAX_SECRET_OVERLAP_HOURS, { message: `overlapHours must be at most ${MAX_SECRET_OVERLAP_HOURS}` })
  overlapHours?: number;
}

/** An endpoint as its owner sees it (never its secret, but when made or rolled). */
export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'https://example.com/hooks/county-data' })
  url: string;

  @ApiProperty({ example: 'Snowflake loader' })
  description: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events: WebhookEventType[];

  @ApiProperty({ type: String, format: 'uuid', isArray: true, nullable: true, description: 'Null: every subscription' })
  subscriptionIds: string[] | null;

  @ApiProperty({ enum: ['enabled', 'disabled'] })
  status: 'enabled' | 'disabled';

  @ApiProperty({ type: String, nullable: true, description: 'Why it was disabled (deliveries failing for three days)' })
  disabledReason: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until when the secret replaced by the last roll still signs deliveries beside the current one',
  })
  previousSecretUntil: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

/** An endpoint just made or given a new secret: the secret, shown this once. */
export class WebhookEndpointWithSecretDto extends WebhookEndpointDto {
  @ApiProperty({
    example: 'whsec_3q2-…',
    description: 'The signing secret: keep it; it is not shown again (roll it for a new one)',
  })
  secret: string;
}

/** One event's delivery to an endpoint, with its last attempt. */
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'evt_3xk…', description: 'The event id, the same in every attempt' })
  eventId: string;

  @ApiProperty({ example: 'release.published' })
  eventType: string;

  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] })
  state: 'pending' | 'delivered' | 'failed';

  @ApiProperty()
  attempts: number;

  @ApiProperty({ type: Number, nullable: true, description: "The last attempt's HTTP status (null: no answer)" })
  lastStatus: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed' })
  lastError: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'How long the last attempt took, in milliseconds' })
  lastLatencyMs: number | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When a pending delivery is tried next',
  })
  nextAttemptAt: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}

/** The event Send test event raised. */
export class WebhookTestEventDto {
  @ApiProperty({ example: 'evt_3xk…' })
  eventId: string;
}
