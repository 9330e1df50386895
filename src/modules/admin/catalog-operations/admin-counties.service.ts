import { Injectable, NotFoundException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { CountyCatalogService, CountyEdits } from '../../counties';
import { DatasetUploadsService } from '../../releases';
import { AuditLogRepository } from '../audit/audit-log.repository';
import { UpdateCountyDto } from './dto/admin-counties.dto';
import { UploadedDatasetDto } from './dto/upload-dataset.dto';

/** What staff change of the counties on sale and their files, each change audited with the record before and after. */
@Injectable()
export class AdminCountiesService {
  constructor(
    private readonly auditLog: AuditLogRepository,
    private readonly counties: CountyEdits,
    private readonly catalog: CountyCatalogService,
    private readonly uploads: DatasetUploadsService,
  ) {}

  async update(sessionId: string, id: string, dto: UpdateCountyDto) {
    const county = await this.auditLog.transaction(async (db) => {
      const edited = await this.counties.edit(db, id, dto);
      if (!edited) throw new NotFoundException('County not found');
      await this.auditLog.record(db, {
        sessionId,
        action: 'county.update',
        targetType: 'county',
        targetId: id,
        before: edited.before,
        after: edited.after,
      });
      return edited.after;
    });
    await this.catalog.announceChange();
    return county;
  }

  /** Takes a county off sale; subscriptions, orders and analytics keep its name and state. */
  async remove(sessionId: string, id: string) {
    await this.auditLog.transaction(async (db) => {
      const before = await this.counties.takeOffSale(db, id);
      if (!before) throw new NotFoundException('County not found');
      await this.auditLog.record(db, {
        sessionId,
        action: 'county.delete',
        targetType: 'county',
        targetId: id,
        before,
        after: null,
      });
    });
    await this.catalog.announceChange();
    return { id, deleted: true };
  }

  /** Stores an uploaded county file (the request body) as the county's release, replacing any before it. */
  async uploadDataset(sessionId: string, countyId: string, release: string, body: IncomingMessage) {
    const dataset = await this.uploads.upload(countyId, release, body, (db, { before, after }) =>
      this.auditLog.record(db, {
        sessionId,
        action: 'dataset.upload',
        targetType: 'county_dataset',
        targetId: after.id,
        before,
        after,
      }),
    );
    return UploadedDatasetDto.of(dataset);
  }
}
