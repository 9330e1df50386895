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

/**
 * One entry of GET /api/admin/audit-log: a staff action with the record before and after it, or a
 * staff sign-in, sign-out or refused sign-in; each with who, from which address and browser.
 */
export class AuditEntryDto {
  @ApiProperty({ example: '42', description: 'Sequential, as text (a 64-bit integer)' })
  id: string;

  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The staff session that acted; null only for a refused sign-in (there was no session)',
  })
  adminSessionId: string | null;

  @ApiProperty({
    example: 'Jane Doe <jane@example.com>',
    description:
      'Who: the person of a staff-account session, "Shared admin password (break-glass)" for the password, ' +
      'or for a refused sign-in whoever the attempt claimed to be ("Unknown" when nobody)',
  })
  actor: string;

  @ApiProperty({ enum: ['password', 'staff-account'], nullable: true, type: String })
  signInMethod: 'password' | 'staff-account' | null;

  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7', description: 'Address the request came from' })
  ipAddress: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'Browser (User-Agent) the request came from' })
  userAgent: string | null;

  @ApiProperty({
    example: 'county.update',
    description:
      'subscription.cancel, county.update, county.delete, …; session.sign_in, session.sign_out and ' +
      'session.sign_in_refused for staff sign-in',
  })
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
