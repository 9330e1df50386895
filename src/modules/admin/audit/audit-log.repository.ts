import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AdminSession } from '../staff-access/entities/admin-session.entity';
import { AuditEntry } from './entities/audit-entry.entity';

/** A change to record, written in the transaction that makes it. */
export type AuditRecord = Pick<AuditEntry, 'action' | 'targetType' | 'before' | 'after'> & {
  /** Null only for a refused sign-in, which has no session. */
  sessionId: string | null;
  targetId: string | null;
  /** Where a sign-in, sign-out or refused attempt came from; a change's entry shows its session's. */
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** An audit entry with the staff session behind it: how it signed in, and as whom. */
export type AuditRow = AuditEntry & {
  signInMethod: AdminSession['signInMethod'] | null;
  staffSubject: string | null;
  staffEmail: string | null;
  staffName: string | null;
};

/** Which entries to read; each field given narrows the set. */
export interface AuditFilter {
  action?: string;
  /** A staff member's email, or 'break-glass' for the shared password's sessions. */
  staff?: string;
  from?: Date;
  /** Entries strictly before this moment. */
  before?: Date;
  targetType?: string;
  targetId?: string;
}

@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async record(db: EntityManager, entry: AuditRecord): Promise<void> {
    await db.insert(AuditEntry, {
      adminSessionId: entry.sessionId,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
    });
  }

  /** Whether an action on a target was recorded for this request (the `request` its entry's after names). */
  async hasEntry(db: EntityManager, action: string, targetId: string, request: string): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `SELECT 1 FROM audit_log WHERE action = $1 AND target_id = $2 AND after->>'request' = $3 LIMIT 1`,
      [action, targetId, request],
    );
    return rows.length > 0;
  }

  /** Whether an action on a target was recorded with this value in its entry's after (e.g. a Stripe refund id). */
  async hasEntryWith(
    db: EntityManager,
    action: string,
    targetId: string,
    field: string,
    value: string,
  ): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `SELECT 1 FROM audit_log WHERE action = $1 AND target_id = $2 AND after->>$3 = $4 LIMIT 1`,
      [action, targetId, field, value],
    );
    return rows.length > 0;
  }

  /** What the entry a request recorded holds after the change, or null when the request recorded none. */
  async afterOfRequest(
    db: EntityManager,
    action: string,
    targetId: string,
    request: string,
  ): Promise<Record<string, unknown> | null> {
    const [row]: { after: Record<string, unknown> }[] = await db.query(
      `SELECT after FROM audit_log WHERE action = $1 AND target_id = $2 AND after->>'request' = $3 LIMIT 1`,
      [action, targetId, request],
    );
    return row?.after ?? null;
  }

  /** The entries that match, newest first, each with who made it: one page of them, and how many match in all. */
  async find(
    filter: AuditFilter,
    page: { offset: number; limit: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const query = this.db
      .getRepository(AuditEntry)
      .createQueryBuilder('entry')
      .leftJoin(AdminSession, 'session', 'session.id = entry.adminSessionId');
    if (filter.action) query.andWhere('entry.action = :action', { action: filter.action });
    if (filter.targetType) query.andWhere('entry.targetType = :targetType', { targetType: filter.targetType });
    if (filter.targetId) query.andWhere('entry.targetId = :targetId', { targetId: filter.targetId });
    if (filter.from) query.andWhere('entry.occurredAt >= :from', { from: filter.from });
    if (filter.before) query.andWhere('entry.occurredAt < :before', { before: filter.before });
    if (filter.staff === 'break-glass') query.andWhere(`session.signInMethod = 'password'`);
    else if (filter.staff) query.andWhere('lower(session.staffEmail) = :staff', { staff: filter.staff.toLowerCase() });
    const total = await query.getCount();
    const { entities, raw } = await query
      .addSelect('session.signInMethod', 'sign_in_method')
      .addSelect('session.staffSubject', 'staff_subject')
      .addSelect('session.staffEmail', 'staff_email')
      .addSelect('session.staffName', 'staff_name')
      .addSelect('session.ipAddress', 'session_ip_address')
      .addSelect('session.userAgent', 'session_user_agent')
      .orderBy('entry.occurredAt', 'DESC')
      .addOrderBy('entry.id', 'DESC')
      .offset(page.offset)
      .limit(page.limit)
      .getRawAndEntities<Record<string, string | null>>();
    const rows = entities.map((entry, i) => ({
      ...entry,
      ipAddress: entry.ipAddress ?? raw[i].session_ip_address,
      userAgent: entry.userAgent ?? raw[i].session_user_agent,
      signInMethod: raw[i].sign_in_method as AuditRow['signInMethod'],
      staffSubject: raw[i].staff_subject,
      staffEmail: raw[i].staff_email,
      staffName: raw[i].staff_name,
    }));
    return { rows, total };
  }
}
