import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CurrentRelease, CurrentReleaseQuestion, DatasetSource, findCurrentReleases } from './current-release';
import { KeyFieldCounts } from './key-field-counts';

export interface CountyDataset {
  id: string;
  countyId: string;
  release: string;
  format: string;
  storageKey: string;
  bytes: number;
  sha256: string;
  records: number;
  source: DatasetSource;
  /** Records carrying each key field; null for releases recorded before they were counted, until the worker counts them. */
  keyFieldCounts: KeyFieldCounts | null;
  /** When the release was recorded (for an upload, last replaced): its publication. */
  createdAt: Date;
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

const DATASET_COLUMNS = `id, county_id AS "countyId", release, format, storage_key AS "storageKey", bytes::int AS bytes, sha256, records, source,
  key_field_counts AS "keyFieldCounts", created_at AS "createdAt"`;

/** A file's columns in the order the inserts below name them ($1 … $7). */
const fileValues = (file: StoredCountyFile) => [
  file.countyId,
  file.release,
  file.storageKey,
  file.bytes,
  file.sha256,
  file.records,
  JSON.stringify(file.keyFieldCounts),
];

/** The county files recorded (`county_datasets`): one a county, release and format. */
@Injectable()
export class CountyDatasetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(countyId: string, release: string, db: EntityManager = this.db.manager): Promise<CountyDataset | null> {
    return this.one(
      db,
      `SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE county_id = $1 AND release = $2 AND format = 'csv.gz'`,
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
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts)
       VALUES ($1, $2, $3, $4, $5, $6, 'generated', $7) ON CONFLICT (county_id, release, format) DO NOTHING`,
      fileValues(file),
    );
  }

  /**
   * Records an uploaded file as its county's release, in the caller's transaction, and answers the
   * release as it was and as it is. One recorded before (uploaded or generated) is replaced in place:
   * it keeps its id, so links and delivery records that name it now give the new file.
   */
  async recordUpload(
    db: EntityManager,
    file: StoredCountyFile,
  ): Promise<{ before: CountyDataset | null; after: CountyDataset }> {
    // Two uploads of one release at once take turns, so each one's "before" is true.
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `county-dataset:${file.countyId}:${file.release}`,
    ]);
    const before = await this.find(file.countyId, file.release, db);
    const [after] = await db.query<CountyDataset[]>(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts)
       VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7)
       ON CONFLICT (county_id, release, format) DO UPDATE SET storage_key = EXCLUDED.storage_key,
         bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256, records = EXCLUDED.records, source = 'uploaded',
         key_field_counts = EXCLUDED.key_field_counts, created_at = now()
       RETURNING ${DATASET_COLUMNS}`,
      fileValues(file),
    );
    return { before, after };
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

  /** Releases recorded before their key fields were counted, oldest first. */
  async withoutKeyFieldCounts(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM county_datasets WHERE key_field_counts IS NULL ORDER BY created_at, id LIMIT 1000`,
    );
    return rows.map((row) => row.id);
  }

  private async one(db: EntityManager, sql: string, params: unknown[]): Promise<CountyDataset | null> {
    const [row] = await db.query<CountyDataset[]>(sql, params);
    return row ?? null;
  }
}
