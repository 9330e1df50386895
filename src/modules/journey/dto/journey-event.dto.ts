import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsObject, IsOptional, IsUUID, ValidateBy, ValidationOptions } from 'class-validator';
import { JOURNEY_EVENTS, JourneyEventName } from '../../../contracts/journey';

export const METADATA_LIMIT_BYTES = 2048;

function SmallJson(limit: number, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'smallJson',
      validator: { validate: (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? {})) <= limit },
    },
    options,
  );
}

export class JourneyEventDto {
  @ApiProperty({ format: 'uuid', description: 'The random id the browser keeps under visitorId' })
  @IsUUID('all', { message: 'visitorId must be a UUID' })
  visitorId: string;

  @ApiProperty({ enum: JOURNEY_EVENTS })
  @IsIn(JOURNEY_EVENTS, { message: `event must be one of ${JOURNEY_EVENTS.join(', ')}` })
  event: JourneyEventName;

  @ApiProperty({ required: false, type: Object, description: `A JSON object of at most ${METADATA_LIMIT_BYTES} bytes` })
  @IsOptional()
  @IsObject({ message: 'metadata must be a JSON object' })
  @SmallJson(METADATA_LIMIT_BYTES, { message: `metadata must be at most ${METADATA_LIMIT_BYTES} bytes of JSON` })
  metadata?: Record<string, unknown>;
}

/** The answer to a journey event the store has taken. */
export class JourneyEventAcceptedDto {
  @ApiProperty({ enum: [true] })
  accepted: true;
}
