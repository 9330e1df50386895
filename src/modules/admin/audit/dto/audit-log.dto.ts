import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsISO8601, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { trimmed } from '../../../../common/validation';
import { AdminListPageDto, MAX_PAGE, MAX_PAGE_SIZE, PageNumber, wholeNumber } from '../../dto/staff-list-page.dto';

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

/** The staff filter's word for entries made with the shared password. */
export const BREAK_GLASS_FILTER = 'break-glass';

/**
 * Which audit entries to read: every filter narrows, and with page and pageSize the answer is one page
 * of all that match, so however many entries a burst adds, any earlier one can still be reached.
 */
export class AuditLogQueryDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: MAX_PAGE,
    example: 1,
    description:
      'With pageSize, the answer is this page ({items, total, page, pageSize}); without both, the latest 200',
  })
  @ValidateIf((query: AuditLogQueryDto) => query.page !== undefined || query.pageSize !== undefined)
  @Transform(wholeNumber)
  @PageNumber('page', MAX_PAGE)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, example: 50, description: 'Entries per page' })
  @ValidateIf((query: AuditLogQueryDto) => query.page !== undefined || query.pageSize !== undefined)
  @Transform(wholeNumber)
  @PageNumber('pageSize', MAX_PAGE_SIZE)
  pageSize?: number;

  @ApiPropertyOptional({ example: 'order.refund', description: 'Only this action' })
  @IsOptional()
  @IsString({ message: 'action must be text' })
  @Matches(/^[a-z][a-z_.]{0,49}$/, { message: 'action must be an action name such as order.refund' })
  action?: string;

  @ApiPropertyOptional({
    example: 'jane@example.com',
    description: `Only entries by this staff member (their email, any case), or "${BREAK_GLASS_FILTER}" for the shared password`,
  })
  @IsOptional()
  @IsString({ message: 'staff must be text' })
  @Transform(trimmed)
  @MaxLength(320, { message: 'staff must be at most 320 characters' })
  @Matches(new RegExp(`^(?:${BREAK_GLASS_FILTER}|[^\\s@<>\\p{Cc}]+@[^\\s@<>\\p{Cc}]+)$`, 'u'), {
    message: `staff must be an email address or ${BREAK_GLASS_FILTER}`,
  })
  staff?: string;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'From this moment (a date means its start, UTC)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be a date (YYYY-MM-DD) or a date and time (ISO 8601)' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Up to this moment (a date means through its end, UTC)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be a date (YYYY-MM-DD) or a date and time (ISO 8601)' })
  to?: string;

  @ApiPropertyOptional({ example: 'order', description: 'Only entries on this kind of record' })
  @IsOptional()
  @IsString({ message: 'targetType must be text' })
  @Matches(/^[a-z][a-z_]{0,49}$/, { message: 'targetType must be a record kind such as order or county' })
  targetType?: string;

  @ApiPropertyOptional({ description: 'Only entries on this record (its id)' })
  @IsOptional()
  @IsString({ message: 'targetId must be text' })
  @Transform(trimmed)
  @Matches(/^[\w.:-]{1,100}$/, { message: 'targetId must be a record id (letters, digits, . : _ -; at most 100)' })
  targetId?: string;
}

export class AuditLogPageDto extends AdminListPageDto {
  @ApiProperty({ type: [AuditEntryDto] })
  items: AuditEntryDto[];
}
