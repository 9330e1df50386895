import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { KEY_FIELDS } from '../../../../contracts/county-dataset';
import type { KeyFieldCounts } from '../../key-field-counts';

/** A column name as a quoted SQL identifier: names come from files, so they are never spliced in bare. */
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Memory PostgreSQL may give each sort and hash of a comparison (server side; the worker holds none of it). */
const WORK_MEM = '256MB';
// The staging tables' own column: each record's place in its file, to keep a parcel's first record.
const ROW = quoteIdentifier('#row');

/** Functions take at most 100 arguments: values joined by concat_ws in groups, then the groups alike. */
function joined(values: string[]): string {
  if (values.length <= 99) return `concat_ws(chr(31), ${values.join(', ')})`;
  const groups: string[] = [];
  for (let i = 0; i < values.length; i += 99) groups.push(joined(values.slice(i, i + 99)));
  return joined(groups);
}

/** A county file loaded into a staging table, one text column per column of its header. */
export interface StagedFile {
  table: string;
  columns: string[];
}

export interface ParcelChanges {
  added: number;
  removed: number;
  changed: number;
  /** Changed parcels by field; fields no parcel changed are left out. */
  changedFields: Record<string, number>;
}

/**
 * The PostgreSQL side of comparing two county files: load each into a staging table (streaming
 * COPY), then let the database join them by parcel_id. The worker never holds the parcels.
 */
@Injectable()
export class ComparisonRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Runs work on a connection of its own, holding the lock named by `lockKey` (two comparisons of
   * one county take turns). Its staging tables are TEMP tables: private to the connection, never
   * written to the WAL, dropped at the end, and gone with the connection should the worker die.
   */
  async session<T>(lockKey: string, work: (session: ComparisonSession) => Promise<T>): Promise<T> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    const session = new ComparisonSession(client, randomBytes(6).toString('hex'));
    let broken: Error | undefined;
    try {
      await client.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [lockKey]);
      await client.query(`SET work_mem = '${WORK_MEM}'`);
      return await work(session);
    } finally {
      try {
        await session.dropTables();
        await client.query(`RESET work_mem`);
        await client.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lockKey]);
      } catch (error) {
        // A connection that cannot clean up is closed instead: its tables and lock go with it.
        broken = error as Error;
      }
      client.release(broken);
    }
  }
}

/** One comparison's connection and staging tables (names unique to it). */
export class ComparisonSession {
  private readonly tables: string[] = [];

  constructor(
    private readonly client: PoolClient,
    private readonly tag: string,
  ) {}

  private table(role: string): string {
    const name = `compare_${role}_${this.tag}`;
    this.tables.push(name);
    return name;
  }

  async dropTables(): Promise<void> {
    while (this.tables.length > 0) await this.client.query(`DROP TABLE IF EXISTS ${this.tables.pop()}`);
  }

  /**
   * Loads a gzip CSV file (its header first) into a new staging table of the given columns,
   * unzipped and sent by COPY FROM STDIN as it streams. The table has no index and is analyzed
   * once loaded.
   */
  async stage(role: 'current' | 'previous', columns: string[], gzipCsv: Readable): Promise<StagedFile> {
    const table = this.table(role);
    const list = columns.map(quoteIdentifier).join(', ');
    // Created and filled in one transaction, so COPY may write the rows frozen: the scans that
    // follow then need not set hint bits on every page (which would write the whole table again).
    await this.client.query('BEGIN');
    try {
      await this.client.query(
        `CREATE TEMP TABLE ${table} (${ROW} bigint GENERATED ALWAYS AS IDENTITY (CACHE 10000), ${columns
          .map((column) => `${quoteIdentifier(column)} text`)
          .join(', ')})`,
      );
      await pipeline(
        gzipCsv,
        createGunzip(),
        this.client.query(copyFrom(`COPY ${table} (${list}) FROM STDIN (FORMAT csv, HEADER true, FREEZE true)`)),
      );
      await this.client.query('COMMIT');
    } catch (error) {
      await this.client.query('ROLLBACK');
      throw error;
    }
    // Temporary tables are never analyzed by autovacuum; the joins below need their sizes and
    // parcel_id's spread, not statistics of every column (which take long on a wide file).
    await this.client.query(`ANALYZE ${table} (parcel_id)`);
    return { table, columns };
  }

  /** Parcel ids (non-empty) that more than one record of the file carries. */
  async duplicateParcelIds(file: StagedFile): Promise<number> {
    const [row] = await this.rows<{ duplicates: number }>(
      `SELECT count(*)::int AS duplicates FROM (
         SELECT 1 FROM ${file.table} WHERE parcel_id <> '' GROUP BY parcel_id HAVING count(*) > 1) AS repeated`,
    );
    return row.duplicates;
  }

  /** Records and key-field fill counts of a staged file, for a previous file recorded before they were counted. */
  async keyFieldCounts(file: StagedFile): Promise<{ records: number; keyFieldCounts: KeyFieldCounts }> {
    const counts = KEY_FIELDS.map(({ field }) =>
      file.columns.includes(field) ? `count(nullif(${quoteIdentifier(field)}, ''))::int` : '0',
    );
    const [row] = await this.rows<Record<string, number>>(
      `SELECT count(*)::int AS records, ${counts.map((sql, i) => `${sql} AS k${i}`).join(', ')} FROM ${file.table}`,
    );
    const keyFieldCounts = Object.fromEntries(KEY_FIELDS.map(({ field }, i) => [field, row[`k${i}`]]));
    return { records: row.records, keyFieldCounts: keyFieldCounts as KeyFieldCounts };
  }

  /**
   * Compares the files by parcel_id, each parcel by its first record in its file (a repeated
   * parcel_id's later records are left out; records without one cannot be matched and are left
   * out too). Columns are the union of both headers: a column one file lacks reads as empty there,
   * so it changes a parcel where the other file fills it; empty and missing values are alike.
   * First a hash of each record over those columns (one scan of each file), then one full join of the two files' parcels
   * by hash, then field counts over the changed parcels alone. Leaves the changes in a table for
   * changeRows.
   */
  async compare(current: StagedFile, previous: StagedFile): Promise<{ changes: ChangeTable } & ParcelChanges> {
    const columns = [...new Set([...current.columns, ...previous.columns])];
    const value = (file: StagedFile, alias: string, column: string) =>
      file.columns.includes(column) ? `coalesce(${alias}.${quoteIdentifier(column)}, '')` : `''`;
    const firstRecords = async (file: StagedFile, role: string) => {
      const table = this.table(role);
      // DISTINCT ON keeps the first row of each parcel_id in the order given: the file's first record.
      // OFFSET 0 makes the narrow rows (parcel, place, hash) first, so that what is sorted is
      // those and not the file's whole records. A 64-bit hash of the values joined by the unit
      // separator (which county data does not hold): a changed record reading as unchanged is
      // about as likely as one in 2^64.
      await this.client.query(
        `CREATE TEMP TABLE ${table} AS
         SELECT DISTINCT ON (parcel_id) parcel_id, row, hash FROM (
           SELECT parcel_id, ${ROW} AS row,
             hashtextextended(${joined(columns.map((column) => value(file, 'f', column)))}, 0) AS hash
           FROM ${file.table} f WHERE parcel_id <> '' OFFSET 0) AS records
         ORDER BY parcel_id, row`,
      );
      await this.client.query(`ANALYZE ${table}`);
      return table;
    };
    const now = await firstRecords(current, 'current_parcels');
    const before = await firstRecords(previous, 'previous_parcels');
    const changes = this.table('changes');
    await this.client.query(
      `CREATE TEMP TABLE ${changes} AS
       SELECT coalesce(c.parcel_id, p.parcel_id) AS parcel_id, c.row AS current_row, p.row AS previous_row,
         CASE WHEN p.row IS NULL THEN 'added' WHEN c.row IS NULL THEN 'removed' ELSE 'changed' END AS change
       FROM ${now} c FULL JOIN ${before} p ON p.parcel_id = c.parcel_id
       WHERE c.hash IS DISTINCT FROM p.hash`,
    );
    await this.client.query(`ANALYZE ${changes}`);
    const [counts] = await this.rows<{ added: number; removed: number; changed: number }>(
      `SELECT count(*) FILTER (WHERE change = 'added')::int AS added,
         count(*) FILTER (WHERE change = 'removed')::int AS removed,
         count(*) FILTER (WHERE change = 'changed')::int AS changed
       FROM ${changes}`,
    );
    const [fields] = await this.rows<Record<string, number>>(
      `SELECT ${columns
        .map(
          (column, i) =>
            `count(*) FILTER (WHERE ${value(current, 'c', column)} <> ${value(previous, 'p', column)})::int AS f${i}`,
        )
        .join(', ')}
       FROM ${changes} d JOIN ${current.table} c ON c.${ROW} = d.current_row JOIN ${previous.table} p ON p.${ROW} = d.previous_row
       WHERE d.change = 'changed'`,
    );
    const changedFields = Object.fromEntries(
      columns.flatMap((column, i) => (fields[`f${i}`] > 0 ? [[column, fields[`f${i}`]]] : [])),
    );
    return { changes: { table: changes, current, previous }, ...counts, changedFields };
  }

  /**
   * The change file's CSV as PostgreSQL writes it (COPY TO STDOUT): a header of `change` and the
   * current file's columns, then the added and changed parcels with their current record and
   * the removed ones with their last record (columns the current file added left empty), by
   * change and parcel_id so that the same files always give the same bytes.
   */
  changeRows(changes: ChangeTable): Readable {
    const { table, current, previous } = changes;
    const currentColumns = current.columns.map((column) => `c.${quoteIdentifier(column)}`);
    const previousColumns = current.columns.map((column) =>
      previous.columns.includes(column) ? `p.${quoteIdentifier(column)}` : 'NULL::text',
    );
    return this.client.query(
      copyTo(
        `COPY (
           SELECT d.change AS change, ${currentColumns.join(', ')}
           FROM ${table} d JOIN ${current.table} c ON c.${ROW} = d.current_row WHERE d.change <> 'removed'
           UNION ALL
           SELECT d.change, ${previousColumns.join(', ')}
           FROM ${table} d JOIN ${previous.table} p ON p.${ROW} = d.previous_row WHERE d.change = 'removed'
           ORDER BY change, parcel_id
         ) TO STDOUT (FORMAT csv, HEADER true)`,
      ),
    );
  }

  private async rows<T>(sql: string): Promise<T[]> {
    return (await this.client.query(sql)).rows as T[];
  }
}

/** The parcels that differ between two staged files, left by ComparisonSession.compare. */
export interface ChangeTable {
  table: string;
  current: StagedFile;
  previous: StagedFile;
}
