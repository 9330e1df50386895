import { Injectable, NotFoundException } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { CountiesRepository } from '../../counties';
import { CountyDatasetsService } from './county-datasets.service';
import { releaseOf } from './entitlement';
import { CountyReleaseDto } from './dto/county-release.dto';
import {
  findReleasesInWindows,
  PublishedCountyRelease,
  ReleaseHistoryRepository,
  ReleaseWindow,
} from './release-history.repository';

export type { PublishedCountyRelease, ReleaseWindow } from './release-history.repository';

/**
 * What buyers see of a county's releases: its published history, and each release's files. Drafts
 * never appear: only published files are read (see ReleaseHistoryRepository).
 */
@Injectable()
export class ReleaseHistoryService {
  constructor(
    private readonly history: ReleaseHistoryRepository,
    private readonly counties: CountiesRepository,
    private readonly datasets: CountyDatasetsService,
  ) {}

  /**
   * The county's published releases, newest first. A county with none has, where the generator is
   * on (never in production), the generated stand-in a purchase made now would include: that one
   * release, its change counts unknown (null). 404 for a county not on sale.
   */
  async releasesOf(countyId: string, now = new Date()): Promise<CountyReleaseDto[]> {
    const county = await this.counties.findRecord(countyId, { includeRemoved: false });
    if (!county) throw new NotFoundException('County not found');
    const published = await this.history.history(county.id, releaseOf(now));
    if (published.length > 0) return published.map(toCountyReleaseDto);
    const standIn = await this.datasets.currentDataset(county.id, now);
    if (!standIn || standIn.source !== 'generated') return [];
    return [
      {
        release: standIn.release,
        records: standIn.records,
        bytes: standIn.bytes,
        publishedAt: standIn.createdAt.toISOString(),
        added: null,
        removed: null,
        changed: null,
        generated: true,
      },
    ];
  }

  /** A county's published release with its full file and its change file (null for a first release). */
  filesOf(countyId: string, release: string) {
    return this.history.release(countyId, release);
  }

  /** The newest `limit` published releases within each window, in one query (for lists of subscriptions). */
  inWindows(
    windows: ReleaseWindow[],
    limit: number,
    db?: DataSource | EntityManager,
  ): Promise<PublishedCountyRelease[][]> {
    return db ? findReleasesInWindows(db, windows, limit) : this.history.inWindows(windows, limit);
  }
}

export function toCountyReleaseDto(row: PublishedCountyRelease): CountyReleaseDto {
  return {
    release: row.release,
    records: row.records,
    bytes: row.bytes,
    publishedAt: row.publishedAt.toISOString(),
    added: row.added,
    removed: row.removed,
    changed: row.changed,
    generated: false,
  };
}
