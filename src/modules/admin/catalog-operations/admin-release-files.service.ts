import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { SourceReceiver } from '../../releases';
import type { IngestJobDto } from '../../releases';
import { AuditLogRepository } from '../audit/audit-log.repository';

/** Staff sending source files to a draft release, each accepted file recorded in the audit log. */
@Injectable()
export class AdminReleaseFilesService {
  constructor(
    private readonly receiver: SourceReceiver,
    private readonly auditLog: AuditLogRepository,
  ) {}

  async ingest(
    sessionId: string,
    releaseId: string,
    countyId: string | null,
    req: IncomingMessage,
  ): Promise<IngestJobDto> {
    const job = await this.receiver.receive(releaseId, countyId, req);
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId,
        action: 'release.ingest',
        targetType: 'release',
        targetId: releaseId,
        before: null,
        after: { month: job.month, ingest_job: job.id, county_id: countyId, bytes: job.bytesTotal },
      }),
    );
    return job;
  }

  job(id: string): Promise<IngestJobDto> {
    return this.receiver.job(id);
  }
}
