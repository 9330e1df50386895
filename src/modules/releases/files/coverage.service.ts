import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { csvField } from '../../../common/csv';
import { storageConfig } from '../../../config';
import { CountiesRepository } from '../../counties';
import { releaseOf } from './entitlement';
import { ReleaseHistoryRepository } from './release-history.repository';

/** The coverage list as sent: its CSV text and a strong ETag over it. */
export interface CoverageCsv {
  body: string;
  etag: string;
}

const HEADER = ['fips', 'name', 'state', 'current_release', 'records', 'last_published'];

/** One county on sale with its current release, as the console's coverage page shows it. */
export interface CoverageRow {
  countyId: string;
  fips: string;
  name: string;
  state: string;
  currentRelease: string | null;
  records: number | null;
  lastPublished: Date | null;
  /** No published release, and sold with generated data instead (outside production only). */
  generated: boolean;
}

/** Kept at most this long even when no file was published since: counties are added, renamed and removed too. */
const MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Coverage: every county on sale with its current release (the newest published staff release no
 * later than this month), its records and when it was published; a county without one has those
 * three empty (generated stand-ins are not counted as coverage: making them would mean generating
 * thousands of files). Built from two queries, and kept in this process until a county file is
 * published (one small query tells, so every replica notices a publication at its next request)
 * or, at the latest, for MAX_AGE_MS.
 */
@Injectable()
export class CoverageService {
  private cached: { csv: CoverageCsv; version: string; month: string; at: number } | null = null;

  constructor(
    private readonly history: ReleaseHistoryRepository,
    private readonly counties: CountiesRepository,
    @Inject(storageConfig.KEY) private readonly storage: ConfigType<typeof storageConfig>,
  ) {}

  async csv(now = new Date()): Promise<CoverageCsv> {
    const version = await this.history.lastPublication();
    const month = releaseOf(now);
    const cached = this.cached;
    if (cached && cached.version === version && cached.month === month && now.getTime() - cached.at < MAX_AGE_MS)
      return cached.csv;
    const csv = await this.build(month);
    this.cached = { csv, version, month, at: now.getTime() };
    return csv;
  }

  /** The same list as the CSV, one row per county by FIPS code, for the console (not cached: staff only). */
  rows(now = new Date()): Promise<CoverageRow[]> {
    return this.rowsOf(releaseOf(now));
  }

  private async rowsOf(month: string): Promise<CoverageRow[]> {
    const [counties, current] = await Promise.all([this.counties.listCatalog(), this.history.currentOfEach(month)]);
    counties.sort((a, b) => a.fips.localeCompare(b.fips));
    return counties.map((county) => {
      const release = current.get(county.id);
      return {
        countyId: county.id,
        fips: county.fips,
        name: county.name,
        state: county.state,
        currentRelease: release?.release ?? null,
        records: release?.records ?? null,
        lastPublished: release?.publishedAt ?? null,
        generated: !release && this.storage.generateMissingDatasets,
      };
    });
  }

  private async build(month: string): Promise<CoverageCsv> {
    const rows = await this.rowsOf(month);
    const lines = [HEADER.join(',')];
    for (const row of rows) {
      lines.push(
        [
          row.fips,
          row.name,
          row.state,
          row.currentRelease,
          row.records,
          row.lastPublished ? row.lastPublished.toISOString() : null,
        ]
          .map(csvField)
          .join(','),
      );
    }
    const body = `${lines.join('\r\n')}\r\n`;
    return { body, etag: `"coverage-${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
  }
}
