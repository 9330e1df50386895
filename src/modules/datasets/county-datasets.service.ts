import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { storageConfig } from '../../config';
import { CountiesRepository } from '../counties';
import { DatasetStorage } from '../../integrations/storage/dataset-storage';
import { CurrentRelease, CurrentReleaseQuestion, DatasetSource, findCurrentReleases } from './current-release';
import { KeyFieldCounts } from './key-field-counts';
import { generateCountyDataset } from './synthetic-dataset';

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

/** A checked file in storage, ready to be recorded as its county's release. */
export interface StoredCountyFile {
  countyId: string;
  release: string;
  storageKey: string;
  bytes: number;
  sha256: string;
  records: number;
  keyFieldCounts: KeyFieldCounts;
}

export const DATASET_COLUMNS = `id, county_id AS "countyId", release, format, storage_key AS "storageKey", bytes::int AS bytes, sha256, records, source,
  key_field_counts AS "keyFieldCounts", created_at AS "createdAt"`;

@Injectable()
export class CountyDatasetsService {
  private readonly generateMissing: boolean;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: DatasetStorage,
    private readonly counties: CountiesRepository,
    @Inject(storageConfig.KEY) config: ConfigType<typeof storageConfig>,
  ) {
    this.generateMissing = config.generateMissingDatasets;
    if (this.generateMissing) {
      new Logger('Datasets').warn(
        'Dataset generator active: counties without an uploaded file get generated stand-in data (never in production)',
      );
    }
  }

  /**
   * The county's file current at a moment: once the county has uploaded files, the latest
   * uploaded release no later than that month (null when there is none); with no uploads,
   * the generated release of that month, made on demand while the generator is on (never
   * in production); otherwise null.
   */
  async currentDataset(countyId: string, at: Date): Promise<CountyDataset | null> {
    const [current] = await this.currentReleases([{ countyId, at }]);
    if (!current) return null;
    if (current.source === 'generated') return this.ensureRelease(countyId, current.release);
    return this.find(countyId, current.release);
  }

  /** The releases currentDataset would give, in one query and without generating any file. */
  currentReleases(questions: CurrentReleaseQuestion[]): Promise<(CurrentRelease | null)[]> {
    return findCurrentReleases(this.db, questions, this.generateMissing);
  }

  /**
   * A county's file for a release: the recorded one, or a generated one made now, stored,
   * and recorded once however many ask at once.
   */
  async ensureRelease(countyId: string, release: string): Promise<CountyDataset> {
    const existing = await this.find(countyId, release);
    if (existing) return existing;
    const county = await this.counties.findRecord(countyId, { includeRemoved: true });
    if (!county) throw new NotFoundException('County not found');
    const { bytes, records, keyFieldCounts } = generateCountyDataset(county, release);
    const storageKey = `counties/${county.fips}/${release}.csv.gz`;
    // Deterministic content: a concurrent request writes the very same bytes.
    await this.storage.put(storageKey, bytes);
    await this.db.query(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts)
       VALUES ($1, $2, $3, $4, $5, $6, 'generated', $7) ON CONFLICT (county_id, release, format) DO NOTHING`,
      [
        countyId,
        release,
        storageKey,
        bytes.length,
        createHash('sha256').update(bytes).digest('hex'),
        records,
        JSON.stringify(keyFieldCounts),
      ],
    );
    return (await this.find(countyId, release))!;
  }

  /**
   * Records an uploaded file as its county's release, in the caller's transaction. A
   * release recorded before (uploaded or generated) is replaced in place: it keeps its id,
   * so links and delivery records that name it now give the new file.
   */
  async recordUpload(
    db: EntityManager,
    file: StoredCountyFile,
  ): Promise<{ before: CountyDataset | null; after: CountyDataset }> {
    // Two uploads of one release at once take turns, so each one's "before" is true.
    await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `county-dataset:${file.countyId}:${file.release}`,
    ]);
    const [before] = await db.query<CountyDataset[]>(
      `SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE county_id = $1 AND release = $2 AND format = 'csv.gz'`,
      [file.countyId, file.release],
    );
    const [after] = await db.query<CountyDataset[]>(
      `INSERT INTO county_datasets (county_id, release, storage_key, bytes, sha256, records, source, key_field_counts)
       VALUES ($1, $2, $3, $4, $5, $6, 'uploaded', $7)
       ON CONFLICT (county_id, release, format) DO UPDATE SET storage_key = EXCLUDED.storage_key,
         bytes = EXCLUDED.bytes, sha256 = EXCLUDED.sha256, records = EXCLUDED.records, source = 'uploaded',
         key_field_counts = EXCLUDED.key_field_counts, created_at = now()
       RETURNING ${DATASET_COLUMNS}`,
      [
        file.countyId,
        file.release,
        file.storageKey,
        file.bytes,
        file.sha256,
        file.records,
        JSON.stringify(file.keyFieldCounts),
      ],
    );
    return { before: before ?? null, after };
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

  async findById(id: string): Promise<CountyDataset | null> {
    const [row] = await this.db.query<CountyDataset[]>(`SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE id = $1`, [
      id,
    ]);
    return row ?? null;
  }

  private async find(countyId: string, release: string): Promise<CountyDataset | null> {
    const [row] = await this.db.query<CountyDataset[]>(
      `SELECT ${DATASET_COLUMNS} FROM county_datasets WHERE county_id = $1 AND release = $2 AND format = 'csv.gz'`,
      [countyId, release],
    );
    return row ?? null;
  }
}
