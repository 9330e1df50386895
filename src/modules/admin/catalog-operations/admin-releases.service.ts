import { Injectable } from '@nestjs/common';
import { ReleasesService, toQaRowDto, toReleaseDto } from '../../releases';
import type { PublishReleaseDto, ReleaseDetailDto, ReleaseDto } from '../../releases';
import { DatasetFormatsService } from '../../formats';
import { AuditLogRepository } from '../audit/audit-log.repository';

/** Staff's work on monthly releases, each change recorded in the audit log. */
@Injectable()
export class AdminReleasesService {
  constructor(
    private readonly releases: ReleasesService,
    private readonly formats: DatasetFormatsService,
    private readonly auditLog: AuditLogRepository,
  ) {}

  async create(sessionId: string, month: string): Promise<ReleaseDto> {
    const release = toReleaseDto(await this.releases.create(month));
    await this.auditLog.transaction((db) =>
      this.auditLog.record(db, {
        sessionId,
        action: 'release.create',
        targetType: 'release',
        targetId: release.id,
        before: null,
        after: { month: release.month, status: release.status },
      }),
    );
    return release;
  }

  async list(): Promise<ReleaseDto[]> {
    return (await this.releases.list()).map((release) => toReleaseDto(release));
  }

  async detail(id: string): Promise<ReleaseDetailDto> {
    const { release, counties } = await this.releases.detail(id);
    // Each county with where every format of its full file stands.
    const formats = await this.formats.statusOf(counties.map((row) => row.datasetId));
    return {
      release: toReleaseDto(release),
      counties: counties.map((row) => toQaRowDto({ ...row, formats: formats.get(row.datasetId) ?? [] })),
    };
  }

  async publish(sessionId: string, id: string, dto: PublishReleaseDto): Promise<ReleaseDto> {
    const release = await this.releases.publish(id, dto, (db, change) =>
      this.auditLog.record(db, {
        sessionId,
        action: 'release.publish',
        targetType: 'release',
        targetId: id,
        before: { month: change.release.month, status: 'draft' },
        after: {
          month: change.release.month,
          status: change.release.status,
          published_counties: change.published.length,
          records: change.release.records,
          excluded: change.excluded,
          acknowledged: change.acknowledged,
        },
      }),
    );
    return toReleaseDto(release);
  }
}
