import { ApiProperty } from '@nestjs/swagger';

export class CancelledSubscriptionDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['cancelled'] })
  status: 'cancelled';
}

/** A county taken off sale: gone from the catalog, kept by the history that names it. */
export class RemovedCountyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: [true] })
  deleted: true;
}

/** One staff action of GET /api/admin/audit-log, with the record before and after it. */
export class AuditEntryDto {
  @ApiProperty({ example: '42', description: 'Sequential, as text (a 64-bit integer)' })
  id: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Null once the session is gone' })
  adminSessionId: string | null;

  @ApiProperty({ example: 'county.update', description: 'subscription.cancel, county.update, county.delete, …' })
  action: string;

  @ApiProperty({ example: 'county', description: 'What kind of record the action changed' })
  targetType: string;

  @ApiProperty({ nullable: true, type: String, example: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' })
  targetId: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The record before the action; null when there was none',
  })
  before: object | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'The record after the action; null when it is gone',
  })
  after: object | null;

  @ApiProperty({ type: String, format: 'date-time' })
  occurredAt: Date;
}
