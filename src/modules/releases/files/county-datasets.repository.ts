import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CurrentRelease, CurrentReleaseQuestion, DatasetSource, findCurrentReleases } from './current-release';
import type { ConvertedFormat, DatasetFormat, FileKind } from '../../../contracts/dataset-formats';
import { KeyFieldCounts, SCHEMA_VERSION } from '../../data-schema';

export interface CountyDataset {
  id: string;
  countyId: string;
  release: string;
  kind: FileKind;
  format: DatasetFormat;
  storageKey: string;
  bytes: number;
  sha256: string;
  records: number;
  source: DatasetSource;
  /** Records carrying each key field; null for releases recorded before they were counted, until the worker counts them. */
  keyFieldCounts: KeyFieldCounts | null;
  /** The schema version (semantic) it was written in. */
  schemaVersion: string;
  /** When the file was recorded (for an upload, last replaced). */
  createdAt: Date;
  /** When buyers could first see it (a correction uploaded later: then); null while its release is a draft. */
  publishedAt: Date | null;
}

/** The kinds of a draft's county files: the full file, and what changed since the county's previous release. */
export type DraftFileKind = FileKind;

/** A file converted from a county's CSV, stored and ready to be recorded beside it. */
export interface ConvertedFile {
  source: CountyDataset;
  format: ConvertedFormat;
  storageKey: string;
  bytes: number;
  sha256: string;
}

/** A county's file in storage, ready to be recorded as its release. */
export interface StoredCountyFile {
  countyId: string;
  release: string;
  storageKey: string;
  bytes: number;
  sha256: string;
  records: number;
  keyFieldCounts: KeyFieldCounts;
}

/** A file's columns, of the table or an alias of it. Bytes as float8: a converted file may pass 2 GiB. */
const datasetColumns = (t = 'county_datasets') =>
  `${t}.id, ${t}.county_id AS "countyId", ${t}.release, ${t}.kind, ${t}.format, ${t}.storage_key AS "storageKey",
  ${t}.bytes::float8 AS bytes, ${t}.sha256, ${t}.records, ${t}.source, ${t}.key_field_counts AS "keyFieldCounts",
  ${t}.schema_version AS "schemaVersion", ${t}.created_at AS "createdAt", ${t}.published_at AS "publishedAt"`;
const DATASET_COLUMNS = datasetColumns();

/**
 * A file's columns in the order the inserts below name them ($1 … $8). Every file recorded now is
 * written in the schema's current version: ingest checks a CSV's header against it, conversions
 * write its fields.
 */
const fileValues = (file: StoredCountyFile) => [
  file.countyId,
  file.release,
  file.storageKey,
  file.bytes,
  file.sha256,
  file.records,
  JSON.stringify(file.keyFieldCounts),
  SCHEMA_VERSION,
];

/** A published release and the county files it published, for telling the counties' subscribers. */
export interface PublishedRelease {
  id: string;
  month: string;
  publishedAt: Date;
  /** Each county published in it, with its full file and when that file was published (a correction later). */
  counties: { countyId: string; datasetId: string; publishedAt: Date }[];
}

/**
 * What a county's file of a release is, as its QA row says: records, and (once compared)
 * what changed since the county's previous published release and its change file.
 */
export interface ReleaseFileFacts {
  datasetId: string;
  countyId: string;
  release: string;
  records: number;
  /** Whether it was compared with the county's previous release (a file uploaded outside a draft is not). */
  compared: boolean;
  /** Null for the county's first release, and for a file never compared. */
  previousRelease: string | null;
  added: number | null;
  removed: number | null;
  changed: number | null;
  /** Whether the release holds a published change file for the county. */
  hasChangeFile: boolean;
}

/** The county files recorded (`county_datasets`): one a county, release and format. */
@Injectable()
export class CountyDatasetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A county's published file of a release, staff's or (source 'generated') the stand-in. */
  find(
    countyId: string,
    release: string,
    source: DatasetSource,
    db: EntityManager = this.db.manager,
  ): Promise<CountyDataset | null> {
    return this.one(
      db,
      // Spelled out either way, so that each matches its partial unique index.
      `SELECT ${DATASET_COLUMNS} FROM county_datasets
       WHERE county_id = $1 AND release = $2 AND kind = 'full' AND format = 'csv' AND published_at IS NOT NULL
         AND ${source === 'generated' ? `source = 'generated'` : `source <> 'generated'`}`,
      [countyId, release],
    );
  }

  findById(id: string): Promise<CountyDataset | null> {
    return this.one(this.db.manager, `SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE id = $1`, [id]);
  }

  /** The current release of each question's county at its moment, in one query (see current-release.ts). */
  currentReleases(questions: CurrentReleaseQuestion[], generateMissing: boolean): Promise<(CurrentRelease | null)[]> {
    return findCurrentReleases(this.db, questions, generateMissing);
  }

  /** Records a generated file, unless its release is recorded already (by a concurrent request or an upload). */
  async recordGenerated(file: StoredCountyFile): Promise<void> {
    await this.db.query(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts,
         schema_version, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'generated', $7, $8, now())
       ON CONFLICT (county_id, release, kind, format) WHERE source = 'generated' DO NOTHING`,
      fileValues(file),
    );
  }

  /**
   * Records an uploaded file as its county's file of a published release, in the caller's
   * transaction, and answers the file as it was and as it is: the release of that month is
   * made (published at once) if it does not exist; null when it is a draft, whose files are
   * ingested instead. One recorded before is replaced in place: it keeps its id, so links and
   * delivery records that name it now give the new file (a correction).
   */
  async recordUpload(
    db: EntityManager,
    file: StoredCountyFile,
  ): Promise<{ before: CountyDataset | null; after: CountyDataset; releaseId: string } | null> {
    // Two uploads of one release at once take turns, so each one's "before" is true.
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `county-dataset:${file.countyId}:${file.release}`,
    ]);
    await db.query(
      `INSERT INTO releases (month, status, published_at) VALUES ($1, 'published', now()) ON CONFLICT (month) DO NOTHING`,
      [file.release],
    );
    const [release] = await db.query<{ id: string; status: string }[]>(
      `SELECT id, status FROM releases WHERE month = $1 FOR SHARE`,
      [file.release],
    );
    if (release.status !== 'published') return null;
    const before = await this.find(file.countyId, file.release, 'uploaded', db);
    const [after] = await db.query<CountyDataset[]>(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts,
         schema_version, release_id, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7, $8, $9, now())
       ON CONFLICT (county_id, release, kind, format) WHERE source <> 'generated' DO UPDATE SET
         storage_key = EXCLUDED.storage_key, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
         records = EXCLUDED.records, key_field_counts = EXCLUDED.key_field_counts,
         schema_version = EXCLUDED.schema_version, created_at = now(), published_at = now()
       RETURNING ${DATASET_COLUMNS}`,
      [...fileValues(file), release.id],
    );
    // Files converted from the CSV it replaces are of other data now: buyers get them made again.
    await db.query(`DELETE FROM county_datasets WHERE derived_from = $1 AND derived_from_sha256 <> $2`, [
      after.id,
      after.sha256,
    ]);
    // Its QA row: what staff see of the release; a correction is not compared again.
    await db.query(
      `INSERT INTO release_counties (release_id, county_id, dataset_id, status, records, key_field_counts)
       VALUES ($1, $2, $3, 'published', $4, $5)
       ON CONFLICT (release_id, county_id) DO UPDATE SET dataset_id = EXCLUDED.dataset_id, status = 'published',
         records = EXCLUDED.records, key_field_counts = EXCLUDED.key_field_counts, checked_at = now()`,
      [release.id, file.countyId, after.id, file.records, JSON.stringify(file.keyFieldCounts)],
    );
    return { before, after, releaseId: release.id };
  }

  /**
   * Records a county's file of a draft release, unseen by buyers until the release is
   * published; a file of the same county, release and format ingested before is replaced in
   * place (same id), so an ingest run again never doubles a file.
   */
  async recordDraftFile(
    db: EntityManager,
    file: StoredCountyFile & { releaseId: string; kind: DraftFileKind },
  ): Promise<CountyDataset> {
    const [recorded] = await db.query<CountyDataset[]>(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts,
         schema_version, release_id, kind, format)
       VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7, $8, $9, $10, 'csv')
       ON CONFLICT (county_id, release, kind, format) WHERE source <> 'generated' DO UPDATE SET
         storage_key = EXCLUDED.storage_key, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
         records = EXCLUDED.records, key_field_counts = EXCLUDED.key_field_counts,
         schema_version = EXCLUDED.schema_version, created_at = now()
       WHERE county_datasets.published_at IS NULL
       RETURNING ${DATASET_COLUMNS}`,
      [...fileValues(file), file.releaseId, file.kind],
    );
    if (!recorded) throw new Error(`County ${file.countyId} of release ${file.release} is published; its file stays`);
    return recorded;
  }

  /**
   * The storage key of a county's draft CSV of a release, locked until the caller's transaction
   * ends; null when it has none. What an ingest recording another file replaces.
   */
  async draftFileKey(
    db: EntityManager,
    countyId: string,
    release: string,
    kind: DraftFileKind,
  ): Promise<string | null> {
    const [row] = await db.query<{ storageKey: string }[]>(
      `SELECT storage_key AS "storageKey" FROM county_datasets
       WHERE county_id = $1 AND release = $2 AND kind = $3 AND format = 'csv' AND source <> 'generated'
       FOR UPDATE`,
      [countyId, release, kind],
    );
    return row?.storageKey ?? null;
  }

  /** Whether any county file is recorded under this storage key: such an object must stay. */
  async isKeyRecorded(storageKey: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM county_datasets WHERE storage_key = $1 LIMIT 1`, [
      storageKey,
    ]);
    return rows.length > 0;
  }

  /**
   * The county's latest published staff file (format csv.gz) of a release before `month`: what a
   * draft's file is compared with. Null for a county's first release.
   */
  previousPublished(
    countyId: string,
    month: string,
    db: EntityManager = this.db.manager,
  ): Promise<CountyDataset | null> {
    return this.one(
      db,
      `SELECT ${DATASET_COLUMNS} FROM county_datasets
       WHERE county_id = $1 AND release < $2 AND kind = 'full' AND format = 'csv' AND source <> 'generated' AND published_at IS NOT NULL
       ORDER BY release DESC LIMIT 1`,
      [countyId, month],
    );
  }

  /** A published release with its published counties' full files; null for a draft or no such release. */
  async publishedRelease(releaseId: string): Promise<PublishedRelease | null> {
    const [release] = await this.db.query<Omit<PublishedRelease, 'counties'>[]>(
      `SELECT id, month, published_at AS "publishedAt" FROM releases WHERE id = $1 AND status = 'published'`,
      [releaseId],
    );
    if (!release) return null;
    const counties = await this.db.query<PublishedRelease['counties']>(
      `SELECT c.county_id AS "countyId", c.dataset_id AS "datasetId", d.published_at AS "publishedAt"
       FROM release_counties c JOIN county_datasets d ON d.id = c.dataset_id
       WHERE c.release_id = $1 AND c.status = 'published' AND d.published_at IS NOT NULL ORDER BY c.county_id`,
      [releaseId],
    );
    return { ...release, counties };
  }

  /** Releases published since a moment, oldest first. */
  async publishedSince(since: Date): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM releases WHERE status = 'published' AND published_at >= $1 ORDER BY published_at, id`,
      [since],
    );
    return rows.map((row) => row.id);
  }

  /** The QA facts of a published full county file; null for any other file (a stand-in, a draft). */
  async releaseFileFacts(datasetId: string): Promise<ReleaseFileFacts | null> {
    const [facts] = await this.db.query<ReleaseFileFacts[]>(
      `SELECT d.id AS "datasetId", d.county_id AS "countyId", d.release, c.records,
              c.compared_at IS NOT NULL AS compared, c.previous_release::text AS "previousRelease", c.added, c.removed, c.changed,
              (cd.id IS NOT NULL AND cd.published_at IS NOT NULL) AS "hasChangeFile"
       FROM county_datasets d
       JOIN release_counties c ON c.release_id = d.release_id AND c.county_id = d.county_id AND c.dataset_id = d.id
       LEFT JOIN county_datasets cd ON cd.id = c.change_dataset_id
       WHERE d.id = $1 AND d.kind = 'full' AND d.format = 'csv' AND d.published_at IS NOT NULL AND c.status = 'published'`,
      [datasetId],
    );
    return facts ?? null;
  }

  /**
   * Stores the counts taken from a release's file, unless the release was counted or its file
   * replaced meanwhile (an upload brings counts of its own). True when they were stored.
   */
  async storeKeyFieldCounts(dataset: CountyDataset, counts: KeyFieldCounts): Promise<boolean> {
    const [, updated] = await this.db.query<[unknown[], number]>(
      `UPDATE county_datasets SET key_field_counts = $3
       WHERE id = $1 AND sha256 = $2 AND key_field_counts IS NULL`,
      [dataset.id, dataset.sha256, JSON.stringify(counts)],
    );
    return updated === 1;
  }

  /**
   * The file converted from a CSV to a format, made from that CSV as it is now (not from a version
   * since corrected); null while it is not made.
   */
  converted(source: CountyDataset, format: DatasetFormat): Promise<CountyDataset | null> {
    if (format === 'csv') return Promise.resolve(source);
    return this.one(
      this.db.manager,
      `SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE derived_from = $1 AND format = $2 AND derived_from_sha256 = $3`,
      [source.id, format, source.sha256],
    );
  }

  /** Every format made of each of the CSVs, by CSV id (stale conversions of corrected CSVs left out). */
  async convertedOf(sources: CountyDataset[]): Promise<Map<string, CountyDataset[]>> {
    const rows = await this.db.query<(CountyDataset & { derivedFrom: string })[]>(
      `SELECT ${datasetColumns('d')}, d.derived_from AS "derivedFrom" FROM county_datasets d
       JOIN unnest($1::uuid[], $2::text[]) AS s (id, sha256) ON d.derived_from = s.id AND d.derived_from_sha256 = s.sha256`,
      [sources.map((s) => s.id), sources.map((s) => s.sha256)],
    );
    const found = new Map<string, CountyDataset[]>(sources.map((s) => [s.id, []]));
    for (const { derivedFrom, ...row } of rows) found.get(derivedFrom)!.push(row);
    return found;
  }

  /**
   * Records a converted file beside its CSV, once the file is wholly stored. Its CSV's release,
   * kind, source and publication carry over. A file converted from an earlier version of the CSV
   * (corrected since) is replaced in place. Null when the CSV was corrected meanwhile: this
   * conversion is of data no longer served.
   */
  async recordConverted(file: ConvertedFile): Promise<CountyDataset | null> {
    const generated = file.source.source === 'generated';
    const [row] = await this.db.query<CountyDataset[]>(
      `INSERT INTO county_datasets (county_id, release, kind, format, storage_key, bytes, sha256, records, source,
         key_field_counts, schema_version, release_id, published_at, derived_from, derived_from_sha256)
       SELECT s.county_id, s.release, s.kind, $2, $3, $4, $5, s.records, s.source, s.key_field_counts, $7, s.release_id,
         s.published_at, s.id, s.sha256
       FROM county_datasets s WHERE s.id = $1 AND s.sha256 = $6 AND s.format = 'csv'
       ON CONFLICT (county_id, release, kind, format) WHERE ${generated ? `source = 'generated'` : `source <> 'generated'`}
       DO UPDATE SET storage_key = EXCLUDED.storage_key, bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256,
         records = EXCLUDED.records, key_field_counts = EXCLUDED.key_field_counts,
         schema_version = EXCLUDED.schema_version, release_id = EXCLUDED.release_id, published_at = EXCLUDED.published_at, derived_from = EXCLUDED.derived_from,
         derived_from_sha256 = EXCLUDED.derived_from_sha256, created_at = now()
       RETURNING ${DATASET_COLUMNS}`,
      [file.source.id, file.format, file.storageKey, file.bytes, file.sha256, file.source.sha256, SCHEMA_VERSION],
    );
    return row ?? null;
  }

  /** The published full CSVs of a release: what publishing it has conversions made of. */
  publishedFullFiles(releaseId: string): Promise<CountyDataset[]> {
    return this.db.query(
      `SELECT ${DATASET_COLUMNS} FROM county_datasets
       WHERE release_id = $1 AND kind = 'full' AND format = 'csv' AND published_at IS NOT NULL ORDER BY county_id`,
      [releaseId],
    );
  }

  /**
   * Published full staff CSVs of releases published since a moment that lack a format, but those
   * (CSV, format, CSV content) given as pending elsewhere: what the formats sweep queues.
   */
  async publishedLackingFormats(
    since: Date,
    formats: readonly ConvertedFormat[],
    pending: { datasetId: string; format: ConvertedFormat; sha256: string }[],
  ): Promise<{ dataset: CountyDataset; format: ConvertedFormat }[]> {
    const rows = await this.db.query<(CountyDataset & { missing: ConvertedFormat })[]>(
      `SELECT ${datasetColumns('d')}, f.format AS missing
       FROM county_datasets d JOIN releases r ON r.id = d.release_id
       CROSS JOIN unnest($2::text[]) AS f (format)
       WHERE r.published_at >= $1 AND d.kind = 'full' AND d.format = 'csv' AND d.source <> 'generated'
         AND d.published_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM county_datasets c
                         WHERE c.derived_from = d.id AND c.format = f.format AND c.derived_from_sha256 = d.sha256)
         AND NOT EXISTS (SELECT 1 FROM unnest($3::uuid[], $4::text[], $5::text[]) AS p (dataset_id, format, sha256)
                         WHERE p.dataset_id = d.id AND p.format = f.format AND p.sha256 = d.sha256)
       ORDER BY d.published_at, d.id LIMIT 5000`,
      [since, formats, pending.map((p) => p.datasetId), pending.map((p) => p.format), pending.map((p) => p.sha256)],
    );
    return rows.map(({ missing, ...dataset }) => ({ dataset, format: missing }));
  }

  /**
   * Each county's current staff file: its newest published full CSV of a release begun by now (see
   * current-release.ts), of these counties or of every county; generated stand-ins are not staff files.
   */
  currentStaffFiles(countyIds: string[] | null): Promise<CountyDataset[]> {
    return this.db.query(
      `SELECT DISTINCT ON (county_id) ${DATASET_COLUMNS} FROM county_datasets
       WHERE kind = 'full' AND format = 'csv' AND source <> 'generated' AND published_at IS NOT NULL
         AND release <= to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM') AND ($1::uuid[] IS NULL OR county_id = ANY($1::uuid[]))
       ORDER BY county_id, release DESC`,
      [countyIds],
    );
  }

  /** The files of these ids (those that exist). */
  findByIds(ids: string[]): Promise<CountyDataset[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.query(`SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Releases recorded before their key fields were counted, oldest first. */
  async withoutKeyFieldCounts(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM county_datasets WHERE key_field_counts IS NULL AND format = 'csv' ORDER BY created_at, id LIMIT 1000`,
    );
    return rows.map((row) => row.id);
  }

  private async one(db: EntityManager, sql: string, params: unknown[]): Promise<CountyDataset | null> {
    const [row] = await db.query<CountyDataset[]>(sql, params);
    return row ?? null;
  }
}
