import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AuditEntry } from './entities/audit-entry.entity';

/** A change to record, written in the transaction that makes it. */
export type AuditRecord = Pick<AuditEntry, 'action' | 'targetType' | 'before' | 'after'> & {
  sessionId: string;
  targetId: string;
};

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
    });
  }

  /** The latest entries, newest first. */
  latest(limit: number): Promise<AuditEntry[]> {
    return this.db.getRepository(AuditEntry).find({ order: { occurredAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
