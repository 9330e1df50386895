import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CountiesRepository } from '../counties';
import type { ConvertedFormat } from '../../contracts/dataset-formats';
import { DomainEvents } from '../events';
import { IngestJobsRepository } from './ingest/ingest-jobs.repository';
import { QA_FLAGS } from './releases.constants';
import { QaRow, Release, ReleasesRepository } from './releases.repository';
import { publishableFrom } from './release-month';
import { ReleasesQueue } from './releases-queue.service';

export interface PublishChoices {
  exclude?: string[];
  acknowledge?: string[];
}

/** What publishing changed, for the caller to record (the audit log) in the same transaction. */
export type PublishRecorder = (
  db: EntityManager,
  change: { release: Release; published: string[]; excluded: string[]; acknowledged: string[] },
) => Promise<void>;

/** Where one format of a QA row's file stands (the formats module knows; staff's view adds it to the row). */
export interface QaFormatState {
  format: ConvertedFormat;
  state: 'ready' | 'queued' | 'running' | 'failed' | 'none';
  bytes: number | null;
  attempts: number;
  error: string | null;
  updatedAt: Date | null;
}

/** A QA row with its county's name, state and FIPS code, and (in staff's view of a release) where its file's formats stand. */
export type PlacedQaRow = QaRow & { fips: string; name: string; state: string; formats?: QaFormatState[] };

const place = (row: PlacedQaRow) => `${row.name}, ${row.state} (${row.fips})`;

function listed(rows: PlacedQaRow[], detail: (row: PlacedQaRow) => string = place): string {
  const shown = rows.slice(0, 5).map(detail).join('; ');
  return rows.length > 5 ? `${shown} and ${rows.length - 5} more` : shown;
}

/** Monthly releases: drafts staff fill and check, then publish together. */
@Injectable()
export class ReleasesService {
  private readonly logger = new Logger('Releases');

  constructor(
    private readonly releases: ReleasesRepository,
    private readonly counties: CountiesRepository,
    private readonly ingestJobs: IngestJobsRepository,
    private readonly queue: ReleasesQueue,
    private readonly events: DomainEvents,
  ) {}

  async create(month: string): Promise<Release> {
    const release = await this.releases.create(month);
    if (!release) throw new ConflictException(`The ${month} release exists already`);
    return release;
  }

  list(): Promise<Release[]> {
    return this.releases.list();
  }

  /** The release and one QA row per county. */
  async detail(id: string): Promise<{ release: Release; counties: PlacedQaRow[] }> {
    const release = await this.releases.find(id);
    if (!release) throw new NotFoundException('Release not found');
    return { release, counties: await this.placedQaRows(id) };
  }

  /** The release's QA rows by state and county name, each with its county's place. */
  private async placedQaRows(id: string, db?: EntityManager): Promise<PlacedQaRow[]> {
    const rows = await this.releases.qaRows(id, db);
    const counties = await this.counties.recordsOf(
      rows.map((row) => row.countyId),
      db,
    );
    return rows
      .map((row) => {
        const county = counties.get(row.countyId)!;
        return { ...row, fips: county.fips, name: county.name, state: county.stateCode };
      })
      .sort((a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name) || a.fips.localeCompare(b.fips));
  }

  /**
   * Publishes the draft's counties but the excluded, in one transaction: all of them or, on any
   * failure, none. A county still being checked, or with a flag staff have not acknowledged,
   * stops it (409 naming the counties), and so does a month still to come (409 naming the day it
   * can be). Raises `release.published`: its files' formats are made, and its Trackers told.
   */
  async publish(id: string, choices: PublishChoices, record: PublishRecorder, now = new Date()): Promise<Release> {
    const exclude = [...new Set(choices.exclude ?? [])];
    const acknowledge = new Set(choices.acknowledge ?? []);
    const release = await this.releases.transaction(async (db) => {
      const locked = await this.releases.lock(db, id);
      if (!locked) throw new NotFoundException('Release not found');
      if (locked.status !== 'draft') throw new ConflictException(`The ${locked.month} release is published already`);
      // Published means current for buyers: a month still to come would be neither until it begins.
      const from = publishableFrom(locked.month, now);
      if (from) {
        throw new ConflictException(
          `The ${locked.month} release is for a month still to come: it can be published from ${from} (UTC), when buyers' current month becomes ${locked.month}`,
        );
      }
      // A file still being ingested would land in a published release, or fail half-recorded.
      const ingesting = await this.ingestJobs.unfinished(id, db);
      if (ingesting > 0) {
        throw new ConflictException(
          `${ingesting} file${ingesting === 1 ? '' : 's'} sent to the ${locked.month} release ${ingesting === 1 ? 'is' : 'are'} still being ingested; publish once ${ingesting === 1 ? 'its job is' : 'their jobs are'} done (GET /api/admin/jobs/{id})`,
        );
      }
      const rows = await this.placedQaRows(id, db);
      const inRelease = new Set(rows.map((row) => row.countyId));
      const strangers = [...exclude, ...acknowledge].filter((countyId) => !inRelease.has(countyId));
      if (strangers.length > 0) {
        throw new BadRequestException(
          `Not counties of the ${locked.month} release: ${[...new Set(strangers)].join(', ')}`,
        );
      }
      const publishing = rows.filter((row) => !exclude.includes(row.countyId));
      if (publishing.length === 0) {
        throw new ConflictException(`The ${locked.month} release has no county to publish; ingest its files first`);
      }
      const checking = publishing.filter((row) => row.status === 'checking');
      if (checking.length > 0) {
        throw new ConflictException(
          `Still being checked and compared, so not publishable yet: ${listed(checking)}. Wait for the checks, or exclude them`,
        );
      }
      const flagged = publishing.filter((row) => row.flags.length > 0 && !acknowledge.has(row.countyId));
      if (flagged.length > 0) {
        throw new ConflictException(
          `Flagged by the checks: ${listed(flagged, (row) => `${place(row)}: ${row.flags.map((flag) => QA_FLAGS[flag]).join(', ')}`)}. ` +
            'Acknowledge each flagged county to publish it anyway, or exclude it',
        );
      }
      const published = await this.releases.publish(db, id, exclude);
      const after = (await this.releases.find(id, db))!;
      await record(db, {
        release: after,
        published,
        excluded: exclude,
        acknowledged: publishing.filter((row) => row.flags.length > 0).map((row) => row.countyId),
      });
      await this.events.raise(db, 'release.published', { releaseId: id, month: after.month, countyIds: published });
      return after;
    });
    this.logger.log(`Release ${release.month} published: ${release.counties} counties, ${release.records} records`);
    await this.events.relay();
    return release;
  }
}
