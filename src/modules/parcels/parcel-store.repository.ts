import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { PARCEL_COPY_COLUMNS, type CopyCounts, type LoadedFile, ParcelCopyRows } from './parcel-copy-rows';

/** What the store holds of a county: the file its parcels came from. */
export interface ParcelLoad {
  countyId: string;
  release: string;
  datasetId: string;
  sha256: string;
  parcels: number;
}

/** A county file to load: where its rows are going, its digest, and its gzip CSV. */
export interface CountyLoad extends LoadedFile {
  sha256: string;
  gzipCsv: () => Readable;
}

/** Each state's partition is its code in lower case: parcels_de. */
const partitionOf = (state: string) => {
  if (!/^[A-Z]{2}$/.test(state)) throw new Error(`"${state}" is not a two-letter state code`);
  return `parcels_${state.toLowerCase()}`;
};

/** The first FIPS after this one: a county's parcel keys all lie in [fips, next). */
const nextFips = (fips: string) => String(Number(fips) + 1).padStart(5, '0');

/**
 * The parcel store's tables. A county is replaced in one transaction: its old rows deleted and the
 * new ones copied in, then recorded in parcel_loads. Readers (MVCC) see the old release or the new,
 * never both nor neither; other counties of the state are not touched or locked.
 */
@Injectable()
export class ParcelStoreRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async loadOf(countyId: string): Promise<ParcelLoad | null> {
    const [row] = await this.db.query<ParcelLoad[]>(
      `SELECT county_id AS "countyId", release, dataset_id AS "datasetId", sha256, parcels FROM parcel_loads WHERE county_id = $1`,
      [countyId],
    );
    return row ?? null;
  }

  async loads(): Promise<ParcelLoad[]> {
    return this.db.query(
      `SELECT county_id AS "countyId", release, dataset_id AS "datasetId", sha256, parcels FROM parcel_loads`,
    );
  }

  /**
   * The state's partition, made if missing: in a transaction of its own, as making one locks the
   * whole table for a moment; two workers making the same one take turns.
   */
  async ensurePartition(state: string): Promise<void> {
    const partition = partitionOf(state);
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('parcels-partition:' || $1, 0))`, [state]);
      const [found] = await tx.query<unknown[]>(`SELECT 1 FROM pg_class WHERE relname = $1 AND relkind = 'r'`, [
        partition,
      ]);
      if (found) return;
      await tx.query(`CREATE TABLE ${partition} PARTITION OF parcels FOR VALUES IN ('${state}')`);
    });
  }

  /**
   * Replaces a county's parcels with those of a file, streamed through COPY, and records the load;
   * all in one transaction (two loads of a county take turns). Answers what the rows held, or null
   * when the file was found loaded already.
   */
  async replaceCounty(load: CountyLoad, seconds: () => number): Promise<CopyCounts | null> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('parcels-county:' || $1, 0))`, [load.countyId]);
      // Another worker may have loaded this very file while this one waited for the lock.
      const { rowCount: loaded } = await client.query(
        `SELECT 1 FROM parcel_loads WHERE county_id = $1 AND dataset_id = $2 AND sha256 = $3`,
        [load.countyId, load.datasetId, load.sha256],
      );
      if (loaded) {
        await client.query('ROLLBACK');
        return null;
      }
      await client.query(
        `DELETE FROM parcels WHERE state = $1 AND parcel_key >= $2 AND parcel_key < $3 AND county_id = $4`,
        [load.state, load.countyFips, nextFips(load.countyFips), load.countyId],
      );
      const rows = new ParcelCopyRows(load);
      const copy = client.query(copyFrom(`COPY parcels (${PARCEL_COPY_COLUMNS.join(', ')}) FROM STDIN`));
      await pipeline(load.gzipCsv(), rows, copy);
      const { parcels, shapes, unreadableShapes } = rows.counts;
      await client.query(
        `INSERT INTO parcel_loads (county_id, county_fips, state, release, dataset_id, sha256, parcels, shapes,
           unreadable_shapes, seconds)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (county_id) DO UPDATE SET county_fips = EXCLUDED.county_fips, state = EXCLUDED.state,
           release = EXCLUDED.release, dataset_id = EXCLUDED.dataset_id, sha256 = EXCLUDED.sha256,
           parcels = EXCLUDED.parcels, shapes = EXCLUDED.shapes, unreadable_shapes = EXCLUDED.unreadable_shapes,
           seconds = EXCLUDED.seconds, loaded_at = now()`,
        [
          load.countyId,
          load.countyFips,
          load.state,
          load.release,
          load.datasetId,
          load.sha256,
          parcels,
          shapes,
          unreadableShapes,
          seconds(),
        ],
      );
      await client.query('COMMIT');
      return rows.counts;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => (broken = rollback));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Fresh statistics for the state's partition after a county changed much of it (the planner's estimates). */
  async analyze(state: string): Promise<void> {
    await this.db.query(`ANALYZE ${partitionOf(state)}`);
  }

  /** Forgets what was loaded: the sweep then loads every county again from its published file. */
  async forgetLoads(): Promise<number> {
    const [, count] = await this.db.query<[unknown, number]>(`DELETE FROM parcel_loads`);
    return count;
  }
}
