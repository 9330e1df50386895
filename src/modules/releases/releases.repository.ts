import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { KeyFieldCounts, ShapeCounts } from '../data-schema';
import type { QaFlag } from './releases.constants';

export type ReleaseStatus = 'draft' | 'published';

export interface Release {
  id: string;
  month: string;
  status: ReleaseStatus;
  counties: number;
  records: number;
  createdAt: Date;
  publishedAt: Date | null;
}

export type QaRowStatus = 'checking' | 'ready' | 'published' | 'excluded';

/** One county of a release: its checks, and its comparison with the county's previous published release. */
export interface QaRow {
  countyId: string;
  status: QaRowStatus;
  datasetId: string;
  changeDatasetId: string | null;
  records: number;
  keyFieldCounts: KeyFieldCounts;
  /** Invalid values by field; fields with none are left out. */
  invalidValues: Record<string, number>;
  invalidValueCount: number;
  foreignFipsRows: number;
  /** Its parcels' boundaries by what they are worth; null for a file without geometry_wkt. */
  shapeChecks: ShapeCounts | null;
  /** Null until compared. */
  duplicateParcelIds: number | null;
  previousRelease: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
  /** Changed parcels by field; null until compared or with no previous release. */
  changedFields: Record<string, number> | null;
  flags: QaFlag[];
  /** Sizes of the full file and of the change file (null without one). */
  bytes: number;
  changeBytes: number | null;
  checkedAt: Date;
  comparedAt: Date | null;
}

const RELEASE_COLUMNS = `r.id, r.month, r.status, r.created_at AS "createdAt", r.published_at AS "publishedAt",
  (SELECT count(*)::int FROM release_counties c WHERE c.release_id = r.id AND c.status <> 'excluded') AS counties,
  (SELECT coalesce(sum(c.records), 0)::bigint::float8 FROM release_counties c
   WHERE c.release_id = r.id AND c.status <> 'excluded') AS records`;

const QA_COLUMNS = `c.county_id AS "countyId", c.status,
  c.dataset_id AS "datasetId", c.change_dataset_id AS "changeDatasetId", c.records,
  c.key_field_counts AS "keyFieldCounts", c.invalid_values AS "invalidValues",
  c.invalid_value_count::float8 AS "invalidValueCount", c.foreign_fips_rows AS "foreignFipsRows",
  c.shape_checks AS "shapeChecks",
  c.duplicate_parcel_ids AS "duplicateParcelIds", c.previous_release::text AS "previousRelease",
  c.added, c.removed, c.changed, c.changed_fields AS "changedFields", c.flags,
  d.bytes::float8 AS bytes, cd.bytes::float8 AS "changeBytes", c.checked_at AS "checkedAt", c.compared_at AS "comparedAt"`;

/** What ingest found in a county's file: its QA row until it is compared. */
export interface CheckedCounty {
  releaseId: string;
  countyId: string;
  datasetId: string;
  records: number;
  keyFieldCounts: KeyFieldCounts;
  invalidValues: Record<string, number>;
  invalidValueCount: number;
  foreignFipsRows: number;
  /** Its parcels' boundaries counted; null or left out for a file without geometry_wkt. */
  shapeChecks?: ShapeCounts | null;
}

/** What the comparison with the previous published release found. */
export interface ComparedCounty {
  releaseId: string;
  countyId: string;
  /** The file compared: the row is updated only while it is still the county's file. */
  datasetId: string;
  changeDatasetId: string | null;
  duplicateParcelIds: number;
  /** Parcels whose boundary is another's of the file too: added to the QA row's shape checks (left out: none counted). */
  duplicatedShapes?: number;
  previousRelease: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
  changedFields: Record<string, number> | null;
  flags: QaFlag[];
}

/** The monthly releases (`releases`) and their QA rows (`release_counties`). */
@Injectable()
export class ReleasesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** A new draft; null when the month has a release already. */
  async create(month: string): Promise<Release | null> {
    const [created] = await this.db.query<{ id: string }[]>(
      `INSERT INTO releases (month) VALUES ($1) ON CONFLICT (month) DO NOTHING RETURNING id`,
      [month],
    );
    return created ? this.find(created.id) : null;
  }

  /** Newest month first. */
  list(): Promise<Release[]> {
    return this.db.query(`SELECT ${RELEASE_COLUMNS} FROM releases r ORDER BY r.month DESC`);
  }

  async find(id: string, db: EntityManager = this.db.manager): Promise<Release | null> {
    const [release] = await db.query<Release[]>(`SELECT ${RELEASE_COLUMNS} FROM releases r WHERE r.id = $1`, [id]);
    return release ?? null;
  }

  /** The release, locked until the caller's transaction ends: ingest and publish take turns. */
  async lock(db: EntityManager, id: string): Promise<{ id: string; month: string; status: ReleaseStatus } | null> {
    const [release] = await db.query<{ id: string; month: string; status: ReleaseStatus }[]>(
      `SELECT id, month, status FROM releases WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return release ?? null;
  }

  /** One QA row per county of the release. */
  qaRows(releaseId: string, db: EntityManager = this.db.manager): Promise<QaRow[]> {
    return db.query(
      `SELECT ${QA_COLUMNS} FROM release_counties c
       JOIN county_datasets d ON d.id = c.dataset_id LEFT JOIN county_datasets cd ON cd.id = c.change_dataset_id
       WHERE c.release_id = $1`,
      [releaseId],
    );
  }

  /** The QA row of one county of the release; null when the county is not in it. */
  async qaRow(releaseId: string, countyId: string, db: EntityManager = this.db.manager): Promise<QaRow | null> {
    const [row] = await db.query<QaRow[]>(
      `SELECT ${QA_COLUMNS} FROM release_counties c
       JOIN county_datasets d ON d.id = c.dataset_id LEFT JOIN county_datasets cd ON cd.id = c.change_dataset_id
       WHERE c.release_id = $1 AND c.county_id = $2`,
      [releaseId, countyId],
    );
    return row ?? null;
  }

  /** Where the county's file in the release is stored; null when the county has no file in it. */
  async countyFileKey(releaseId: string, countyId: string): Promise<string | null> {
    const [row] = await this.db.query<{ storageKey: string }[]>(
      `SELECT d.storage_key AS "storageKey" FROM release_counties c JOIN county_datasets d ON d.id = c.dataset_id
       WHERE c.release_id = $1 AND c.county_id = $2`,
      [releaseId, countyId],
    );
    return row?.storageKey ?? null;
  }

  /**
   * Whether the county's QA row still awaits the comparison of this very file (the same dataset,
   * not replaced since: same sha256), locking the row until the caller's transaction ends so that
   * no ingest replaces it meanwhile.
   */
  async lockForComparison(
    db: EntityManager,
    county: { releaseId: string; countyId: string; datasetId: string; sha256: string },
  ): Promise<boolean> {
    await db.query(`SELECT 1 FROM release_counties WHERE release_id = $1 AND county_id = $2 FOR UPDATE`, [
      county.releaseId,
      county.countyId,
    ]);
    // Read once the lock is held, in a statement of its own: it sees what an ingest that held the row committed.
    const rows = await db.query<unknown[]>(
      `SELECT 1 FROM release_counties c JOIN county_datasets d ON d.id = c.dataset_id
       WHERE c.release_id = $1 AND c.county_id = $2 AND c.dataset_id = $3 AND d.sha256 = $4
         AND c.status IN ('checking', 'ready')`,
      [county.releaseId, county.countyId, county.datasetId, county.sha256],
    );
    return rows.length === 1;
  }

  /** Records a county's file as checked, its comparison pending; a county ingested again starts over. */
  async recordChecked(db: EntityManager, county: CheckedCounty): Promise<void> {
    await db.query(
      `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts,
         invalid_values, invalid_value_count, foreign_fips_rows, shape_checks)
       VALUES ($1, $2, $3, 'checking', $4, $5, $6, $7, $8, $9)
       ON CONFLICT (release_id, county_id) DO UPDATE SET dataset_id = EXCLUDED.dataset_id, status = 'checking',
         records = EXCLUDED.records, key_field_counts = EXCLUDED.key_field_counts,
         invalid_values = EXCLUDED.invalid_values, invalid_value_count = EXCLUDED.invalid_value_count,
         foreign_fips_rows = EXCLUDED.foreign_fips_rows, shape_checks = EXCLUDED.shape_checks, change_dataset_id = NULL, duplicate_parcel_ids = NULL,
         previous_release = NULL, added = NULL, removed = NULL, changed = NULL, changed_fields = NULL,
         flags = '{}', checked_at = now(), compared_at = NULL
       WHERE release_counties.status = 'checking' OR release_counties.status = 'ready'`,
      [
        county.releaseId,
        county.countyId,
        county.datasetId,
        county.records,
        JSON.stringify(county.keyFieldCounts),
        JSON.stringify(county.invalidValues),
        county.invalidValueCount,
        county.foreignFipsRows,
        county.shapeChecks ? JSON.stringify(county.shapeChecks) : null,
      ],
    );
  }

  /**
   * Records the comparison, making the county ready to publish, unless its file was replaced
   * since (a newer ingest is compared by a job of its own). True when recorded.
   */
  async recordCompared(db: EntityManager, county: ComparedCounty): Promise<boolean> {
    const [, updated] = await db.query<[unknown[], number]>(
      `UPDATE release_counties SET status = 'ready', change_dataset_id = $4, duplicate_parcel_ids = $5,
         previous_release = $6, added = $7, removed = $8, changed = $9, changed_fields = $10, flags = $11,
         shape_checks = CASE WHEN shape_checks IS NULL THEN NULL
           ELSE shape_checks || jsonb_build_object('duplicated', $12::int) END,
         compared_at = now()
       WHERE release_id = $1 AND county_id = $2 AND dataset_id = $3 AND status IN ('checking', 'ready')`,
      [
        county.releaseId,
        county.countyId,
        county.datasetId,
        county.changeDatasetId,
        county.duplicateParcelIds,
        county.previousRelease,
        county.added,
        county.removed,
        county.changed,
        county.changedFields && JSON.stringify(county.changedFields),
        county.flags,
        county.duplicatedShapes ?? 0,
      ],
    );
    return updated === 1;
  }

  /**
   * Publishes the release's counties but the excluded, in the caller's transaction: their
   * files (full and change) become visible to buyers, their QA rows say so, and the release is
   * published. Answers the counties published.
   */
  async publish(db: EntityManager, releaseId: string, exclude: string[]): Promise<string[]> {
    // An UPDATE answers [rows, count].
    const [published] = await db.query<[{ county_id: string }[], number]>(
      `UPDATE release_counties SET status = 'published'
       WHERE release_id = $1 AND NOT county_id = ANY($2::uuid[]) RETURNING county_id`,
      [releaseId, exclude],
    );
    await db.query(
      `UPDATE release_counties SET status = 'excluded' WHERE release_id = $1 AND county_id = ANY($2::uuid[])`,
      [releaseId, exclude],
    );
    const counties = published.map((row) => row.county_id);
    await db.query(
      `UPDATE county_datasets SET published_at = now() WHERE release_id = $1 AND county_id = ANY($2::uuid[])`,
      [releaseId, counties],
    );
    await db.query(`UPDATE releases SET status = 'published', published_at = now() WHERE id = $1`, [releaseId]);
    return counties;
  }
}
