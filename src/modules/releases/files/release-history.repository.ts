import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CountyDataset, CountyDatasetsRepository } from './county-datasets.repository';

/**
 * One published release of a county as buyers see it: its full file, and the comparison with the
 * county's previous release (null counts for a first release, or one published before releases were
 * compared, e.g. a one-county upload).
 */
export interface PublishedCountyRelease {
  release: string;
  datasetId: string;
  records: number;
  bytes: number;
  publishedAt: Date;
  /** The published change file, null without one (a county's first release, or not compared). */
  changeDatasetId: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
}

/** Which releases of a county a subscription may download: from `from` through `to` (YYYY-MM, inclusive). */
export interface ReleaseWindow {
  countyId: string;
  from: string;
  to: string;
}

/**
 * Published staff files only (drafts are invisible to buyers, generated stand-ins are not releases
 * staff made), joined with their QA row for the change counts. The QA row is matched on the very
 * file it describes, so a correction uploaded later never borrows an older comparison.
 */
const PUBLISHED_RELEASES = `
  SELECT d.county_id AS "countyId", d.release, d.id AS "datasetId", d.records, d.bytes::float8 AS bytes,
         d.published_at AS "publishedAt", cd.id AS "changeDatasetId",
         rc.added, rc.removed, rc.changed
  FROM county_datasets d
  LEFT JOIN release_counties rc ON rc.dataset_id = d.id AND rc.status = 'published'
  LEFT JOIN county_datasets cd ON cd.id = rc.change_dataset_id AND cd.kind = 'changes' AND cd.format = 'csv'
    AND cd.published_at IS NOT NULL
  WHERE d.kind = 'full' AND d.format = 'csv' AND d.source <> 'generated' AND d.published_at IS NOT NULL`;

/**
 * The buyer-facing history of county releases (`county_datasets` with their `release_counties`
 * rows): what a county has had published, and which of its files a subscription may fetch.
 */
@Injectable()
export class ReleaseHistoryRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly datasets: CountyDatasetsRepository,
  ) {}

  /**
   * The county's published releases up to `month`, newest first: as of this month, every one
   * (a month still to come cannot be published), and the current-release rule's bound either way.
   */
  history(countyId: string, month: string): Promise<PublishedCountyRelease[]> {
    return this.db.query(`${PUBLISHED_RELEASES} AND d.county_id = $1 AND d.release <= $2 ORDER BY d.release DESC`, [
      countyId,
      month,
    ]);
  }

  /** One published release of a county with its full file and change file, or null. */
  async release(
    countyId: string,
    release: string,
  ): Promise<{ full: CountyDataset; changes: CountyDataset | null } | null> {
    const [row] = await this.db.query<PublishedCountyRelease[]>(
      `${PUBLISHED_RELEASES} AND d.county_id = $1 AND d.release = $2`,
      [countyId, release],
    );
    if (!row) return null;
    const [full, changes] = await Promise.all([
      this.datasets.findById(row.datasetId),
      row.changeDatasetId ? this.datasets.findById(row.changeDatasetId) : null,
    ]);
    return full ? { full, changes } : null;
  }

  /**
   * The newest `limit` published releases within each window, in one query: what each of a list
   * of subscriptions may download. Answers one list per window, in the windows' order.
   */
  async inWindows(
    windows: ReleaseWindow[],
    limit: number,
    db: DataSource | EntityManager = this.db,
  ): Promise<PublishedCountyRelease[][]> {
    return findReleasesInWindows(db, windows, limit);
  }

  /**
   * Each county's current release (its newest published staff file no later than `month`), in one
   * query, by county id. Counties with none (generated stand-ins only, or no data) are absent.
   */
  async currentOfEach(month: string): Promise<Map<string, { release: string; records: number; publishedAt: Date }>> {
    const rows = await this.db.query<{ countyId: string; release: string; records: number; publishedAt: Date }[]>(
      `SELECT DISTINCT ON (county_id) county_id AS "countyId", release, records, published_at AS "publishedAt"
       FROM county_datasets
       WHERE kind = 'full' AND format = 'csv' AND source <> 'generated' AND published_at IS NOT NULL AND release <= $1
       ORDER BY county_id, release DESC`,
      [month],
    );
    return new Map(rows.map(({ countyId, ...current }) => [countyId, current]));
  }

  /** Changes whenever any county file is published or corrected: what a cached coverage list depends on. */
  async lastPublication(): Promise<string> {
    const [row] = await this.db.query<{ last: string | null; files: number }[]>(
      `SELECT max(published_at)::text AS last, count(*)::int AS files FROM county_datasets
       WHERE source <> 'generated' AND published_at IS NOT NULL AND format = 'csv'`,
    );
    return `${row.last ?? 'never'}/${row.files}`;
  }
}

/** See ReleaseHistoryRepository.inWindows; a function too, for callers inside their own transaction. */
export async function findReleasesInWindows(
  db: DataSource | EntityManager,
  windows: ReleaseWindow[],
  limit: number,
): Promise<PublishedCountyRelease[][]> {
  if (windows.length === 0) return [];
  const rows: (PublishedCountyRelease & { n: number })[] = await db.query(
    `SELECT w.n::int AS n, r.*
     FROM unnest($1::uuid[], $2::text[], $3::text[]) WITH ORDINALITY AS w (county_id, since, through, n)
     CROSS JOIN LATERAL (
       SELECT * FROM (${PUBLISHED_RELEASES}) p
       WHERE p."countyId" = w.county_id AND p.release >= w.since AND p.release <= w.through
       ORDER BY p.release DESC LIMIT $4
     ) r
     ORDER BY w.n, r.release DESC`,
    [windows.map((w) => w.countyId), windows.map((w) => w.from), windows.map((w) => w.to), limit],
  );
  const lists: PublishedCountyRelease[][] = windows.map(() => []);
  for (const { n, ...row } of rows) lists[n - 1].push(row);
  return lists;
}
