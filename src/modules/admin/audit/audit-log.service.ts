import { Injectable } from '@nestjs/common';
import { auditActor } from './audit-actor';
import { type AuditFilter, AuditLogRepository } from './audit-log.repository';
import type { AuditEntryDto, AuditLogPageDto, AuditLogQueryDto } from './dto/audit-log.dto';

/** The audit log as staff review it: what was done and signed in, by whom, filtered and paged. */
@Injectable()
export class AuditLogService {
  constructor(private readonly auditLog: AuditLogRepository) {}

  /** The entries the query asks for: one page of them with the count of all that match, or the latest 200. */
  async entries(query: AuditLogQueryDto): Promise<AuditLogPageDto | AuditEntryDto[]> {
    const paged = query.page !== undefined && query.pageSize !== undefined;
    const page = paged
      ? { offset: (query.page! - 1) * query.pageSize!, limit: query.pageSize! }
      : { offset: 0, limit: 200 };
    const { rows, total } = await this.auditLog.find(auditFilter(query), page);
    const items = rows.map((row) => ({
      id: row.id,
      adminSessionId: row.adminSessionId,
      actor: auditActor(row),
      signInMethod: row.signInMethod,
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      occurredAt: row.occurredAt,
    }));
    return paged ? { items, total, page: query.page!, pageSize: query.pageSize! } : items;
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The query's filters as moments: a date alone is its whole UTC day, so "to" a date includes that day. */
function auditFilter(query: AuditLogQueryDto): AuditFilter {
  const moment = (value: string) => new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  const before = query.to
    ? DATE_ONLY.test(query.to)
      ? new Date(moment(query.to).getTime() + 24 * 3600 * 1000)
      : new Date(moment(query.to).getTime() + 1)
    : undefined;
  return {
    action: query.action,
    staff: query.staff,
    from: query.from ? moment(query.from) : undefined,
    before,
    targetType: query.targetType,
    targetId: query.targetId,
  };
}
