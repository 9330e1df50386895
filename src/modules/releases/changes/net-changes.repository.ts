import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/** A parcel's net change from the first release to the last, or none (added, then removed again). */
export type NetChange = 'added' | 'removed' | 'changed';

/**
 * A change-file row the second read wants: one to answer (the parcel's last row, with its net
 * change and every field its rows changed), or one to keep (the last record of a parcel that was
 * removed and came back, to compare with its record now).
 */
export interface WantedRow {
  /** The row's number in its change file (1 for the first after the header). */
  row: number;
  parcelId: string;
  keep: boolean;
  change: NetChange;
  /** Its rows' changed_fields joined by `;`, repeats and all; null when none listed any. */
  fields: string | null;
  /** Whether it was removed and came back on the way: its fields are compared with its kept record. */
  cameBack: boolean;
}

/** Wanted rows fetched at a time: a few MB, however many parcels changed. */
const WANTED_BATCH = 5000;

/**
 * The PostgreSQL side of folding a county's change files into one net change: each file's rows, by
 * parcel, in a TEMP table (the parcel, the change, the changed fields and where the row is, never
 * the record), one GROUP BY for each parcel's first and last change, and a cursor over the rows to
 * answer, file by file. The process holds a batch of rows at a time, however many parcels changed.
 */
@Injectable()
export class NetChangesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Runs work on a connection of its own; its tables are dropped with the session. */
  async session<T>(work: (session: NetChangesSession) => Promise<T>): Promise<T> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    const session = new NetChangesSession(client, randomBytes(6).toString('hex'));
    let broken: Error | undefined;
    try {
      return await work(session);
    } finally {
      try {
        await session.drop();
      } catch (error) {
        // A connection that cannot clean up is closed instead: its tables go with it.
        broken = error as Error;
      }
      client.release(broken);
    }
  }
}

export class NetChangesSession {
  private readonly steps: string;
  private readonly net: string;
  private readonly cursor: string;

  constructor(
    private readonly client: PoolClient,
    tag: string,
  ) {
    this.steps = `net_steps_${tag}`;
    this.net = `net_changes_${tag}`;
    this.cursor = `net_rows_${tag}`;
  }

  /**
   * Loads one change file's rows: `streams` (a source, then transforms) make COPY text lines of row
   * number, parcel_id, change and changed_fields. Files are loaded in release order, `step` counting
   * from 1.
   */
  async load(step: number, streams: [Readable, ...Duplex[]]): Promise<void> {
    if (step === 1) {
      await this.client.query(
        `CREATE TEMP TABLE ${this.steps} (step int NOT NULL, row int NOT NULL, parcel_id text NOT NULL,
           change text NOT NULL, fields text NOT NULL)`,
      );
    }
    await this.client.query(`ALTER TABLE ${this.steps} ALTER step SET DEFAULT ${Number(step)}`);
    await pipeline([
      ...streams,
      this.client.query(copyFrom(`COPY ${this.steps} (row, parcel_id, change, fields) FROM STDIN`)),
    ]);
  }

  /**
   * Each parcel's net change from its first row to its last: added then removed is none; added is
   * added; removed at the end is removed (its last row carries its last record); anything else is
   * changed.
   */
  async fold(): Promise<void> {
    await this.client.query(`ANALYZE ${this.steps}`);
    await this.client.query(
      `CREATE TEMP TABLE ${this.net} AS
       SELECT parcel_id, last_step, last_row, removed_step, removed_row, fields,
         CASE WHEN first_change = 'added' THEN (CASE WHEN last_change <> 'removed' THEN 'added' END)
              WHEN last_change = 'removed' THEN 'removed' ELSE 'changed' END AS change
       FROM (
         SELECT parcel_id,
           (array_agg(change ORDER BY step))[1] AS first_change,
           (array_agg(change ORDER BY step DESC))[1] AS last_change,
           max(step) AS last_step,
           (array_agg(row ORDER BY step DESC))[1] AS last_row,
           max(step) FILTER (WHERE change = 'removed') AS removed_step,
           (array_agg(row ORDER BY step DESC) FILTER (WHERE change = 'removed'))[1] AS removed_row,
           string_agg(nullif(fields, ''), ';') AS fields
         FROM ${this.steps} GROUP BY parcel_id
       ) folded`,
    );
  }

  /**
   * The rows of file `step` to read, in the file's order, a batch at a time: the last row of each
   * parcel whose net change ends there, and the last removed row of each that came back later.
   */
  async *wanted(step: number): AsyncGenerator<WantedRow[]> {
    await this.client.query('BEGIN');
    try {
      await this.client.query(
        `DECLARE ${this.cursor} NO SCROLL CURSOR FOR
         SELECT row, parcel_id AS "parcelId", keep, change, fields, "cameBack" FROM (
           SELECT last_row AS row, parcel_id, false AS keep, change, fields,
             change = 'changed' AND removed_step IS NOT NULL AS "cameBack"
           FROM ${this.net} WHERE last_step = ${Number(step)} AND change IS NOT NULL
           UNION ALL
           SELECT removed_row, parcel_id, true, change, NULL, true
           FROM ${this.net} WHERE removed_step = ${Number(step)} AND change = 'changed'
         ) wanted ORDER BY row`,
      );
      for (;;) {
        const { rows } = await this.client.query<WantedRow>(`FETCH ${WANTED_BATCH} FROM ${this.cursor}`);
        if (rows.length === 0) break;
        yield rows;
      }
    } finally {
      await this.client.query('COMMIT');
    }
  }

  async drop(): Promise<void> {
    await this.client.query(`DROP TABLE IF EXISTS ${this.steps}, ${this.net}`);
  }
}
