import type { DataSource, EntityManager } from 'typeorm';
import { releaseOf } from './entitlement';

export type DatasetSource = 'generated' | 'uploaded';

/** A county's release as the rule below picks it, before any file is generated for it. */
export interface CurrentRelease {
  release: string;
  source: DatasetSource;
}

/** What the rule needs to know of a county's published staff files (uploaded or ingested), as of one month. */
export interface CountyUploads {
  /** The county has any published staff file at all. */
  any: boolean;
  /** Its latest published release no later than the month asked about. */
  latestUpTo: string | null;
}

/**
 * Which release of a county is current in a month. Files staff upload or ingest are the real
 * data, seen only once their release is published (drafts are invisible to buyers): once a
 * county has any published, the current one is its latest release no later than that month
 * (none when all its uploads are later). A release cannot be published before its month begins
 * (ReleasesService.publish), so asked about now that is simply the newest published one; the
 * bound matters for moments in the past (what a one-time purchase included when made). A county
 * with none has the generated stand-in for that very month, where the generator is on (never in
 * production), else nothing.
 */
export function currentReleaseOf(
  uploads: CountyUploads,
  month: string,
  generateMissing: boolean,
): CurrentRelease | null {
  if (uploads.any) return uploads.latestUpTo ? { release: uploads.latestUpTo, source: 'uploaded' } : null;
  return generateMissing ? { release: month, source: 'generated' } : null;
}

export interface CurrentReleaseQuestion {
  countyId: string;
  at: Date;
}

/**
 * The current release of each county at each moment asked, in one query and without
 * generating anything, so that a list of subscriptions can show what each would give.
 */
export async function findCurrentReleases(
  db: DataSource | EntityManager,
  questions: CurrentReleaseQuestion[],
  generateMissing: boolean,
): Promise<(CurrentRelease | null)[]> {
  if (questions.length === 0) return [];
  const months = questions.map((q) => releaseOf(q.at));
  const rows: (CountyUploads & { n: number })[] = await db.query(
    `SELECT q.n::int AS n,
            EXISTS (SELECT 1 FROM county_datasets d
                    WHERE d.county_id = q.county_id AND d.kind = 'full' AND d.format = 'csv' AND d.source <> 'generated'
                      AND d.published_at IS NOT NULL) AS "any",
            (SELECT max(d.release)::text FROM county_datasets d
             WHERE d.county_id = q.county_id AND d.kind = 'full' AND d.format = 'csv' AND d.source <> 'generated'
               AND d.published_at IS NOT NULL AND d.release <= q.month) AS "latestUpTo"
     FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS q (county_id, month, n)
     ORDER BY q.n`,
    [questions.map((q) => q.countyId), months],
  );
  return rows.map((row) => currentReleaseOf(row, months[row.n - 1], generateMissing));
}
