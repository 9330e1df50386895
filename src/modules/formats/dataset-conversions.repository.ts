import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ConvertedFormat } from '../../contracts/dataset-formats';

export type ConversionState = 'queued' | 'running' | 'failed';

/** A conversion not (yet) made: waiting, running, or failed with its last error. */
export interface PendingConversion {
  datasetId: string;
  format: ConvertedFormat;
  sourceSha256: string;
  state: ConversionState;
  attempts: number;
  error: string | null;
  updatedAt: Date;
}

const COLUMNS = `dataset_id AS "datasetId", format, source_sha256 AS "sourceSha256", state, attempts, error,
  updated_at AS "updatedAt"`;

/** Where a format of a county CSV stands, for staff. */
export interface FormatStatus {
  datasetId: string;
  format: ConvertedFormat;
  /** ready: made; queued/running: being made; failed: given up after its attempts; none: never asked for. */
  state: 'ready' | ConversionState | 'none';
  bytes: number | null;
  attempts: number;
  error: string | null;
  updatedAt: Date | null;
}

/** The conversions waiting, running or failed (`dataset_conversions`); a made one is its file's row instead. */
@Injectable()
export class DatasetConversionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Marks conversions queued. One queued or running already stays as it is; a failed one is queued
   * again only when `retryFailed` (a buyer asked long enough after it failed); one of an earlier
   * version of its CSV starts over. Answers the ones (re)queued.
   */
  async markQueued(
    conversions: { datasetId: string; sha256: string; format: ConvertedFormat }[],
    retryFailed: boolean,
  ): Promise<PendingConversion[]> {
    if (conversions.length === 0) return [];
    return this.db.query(
      `INSERT INTO dataset_conversions (dataset_id, format, source_sha256, state)
       SELECT * , 'queued' FROM unnest($1::uuid[], $2::text[], $3::text[])
       ON CONFLICT (dataset_id, format) DO UPDATE SET state = 'queued', source_sha256 = EXCLUDED.source_sha256,
         attempts = 0, error = NULL, queued_at = now(), updated_at = now()
       WHERE dataset_conversions.source_sha256 <> EXCLUDED.source_sha256
          OR (dataset_conversions.state = 'failed' AND $4)
       RETURNING ${COLUMNS}`,
      [
        conversions.map((c) => c.datasetId),
        conversions.map((c) => c.format),
        conversions.map((c) => c.sha256),
        retryFailed,
      ],
    );
  }

  async markRunning(datasetId: string, sha256: string, format: ConvertedFormat, attempt: number): Promise<void> {
    await this.db.query(
      `INSERT INTO dataset_conversions (dataset_id, format, source_sha256, state, attempts)
       VALUES ($1, $2, $3, 'running', $4)
       ON CONFLICT (dataset_id, format) DO UPDATE SET state = 'running', source_sha256 = EXCLUDED.source_sha256,
         attempts = EXCLUDED.attempts, updated_at = now()`,
      [datasetId, format, sha256, attempt],
    );
  }

  /** Records a failed attempt: queued again while attempts remain, failed for good after the last. */
  async markFailed(
    datasetId: string,
    sha256: string,
    format: ConvertedFormat,
    attempt: number,
    error: string,
    final: boolean,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO dataset_conversions (dataset_id, format, source_sha256, state, attempts, error)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (dataset_id, format) DO UPDATE SET state = EXCLUDED.state, source_sha256 = EXCLUDED.source_sha256,
         attempts = EXCLUDED.attempts, error = EXCLUDED.error, updated_at = now()`,
      [datasetId, format, sha256, final ? 'failed' : 'queued', attempt, error],
    );
  }

  /** The conversion is made (its file recorded), or moot: nothing is pending any more. */
  async clear(datasetId: string, format: ConvertedFormat): Promise<void> {
    await this.db.query(`DELETE FROM dataset_conversions WHERE dataset_id = $1 AND format = $2`, [datasetId, format]);
  }

  async find(datasetId: string, format: ConvertedFormat): Promise<PendingConversion | null> {
    const [row] = await this.db.query<PendingConversion[]>(
      `SELECT ${COLUMNS} FROM dataset_conversions WHERE dataset_id = $1 AND format = $2`,
      [datasetId, format],
    );
    return row ?? null;
  }

  /** The pending conversions of these CSVs. */
  ofDatasets(datasetIds: string[]): Promise<PendingConversion[]> {
    if (datasetIds.length === 0) return Promise.resolve([]);
    return this.db.query(`SELECT ${COLUMNS} FROM dataset_conversions WHERE dataset_id = ANY($1::uuid[])`, [datasetIds]);
  }

  /** Every conversion waiting, running or failed (a made one leaves this table). */
  all(): Promise<PendingConversion[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM dataset_conversions`);
  }
}
