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
import { keyFieldCountsOf, type KeyFieldCounts } from '../../key-field-counts';
import { RecordIndexer, type RecordPlaces } from './record-index';
import { RecordPicker } from './record-picker';

/** A column name as a quoted SQL identifier: names come from files, so they are never spliced in bare. */
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Memory PostgreSQL may give each sort and hash of a comparison (server side; the worker holds none of it). */
const WORK_MEM = '256MB';
// The staging tables' own column: each record's place in its file, to keep a parcel's first record.
const ROW = quoteIdentifier('#row');
/** Unzipped chunks of 1 MiB: a record of a few KB rarely straddles two, and there are few callbacks. */
const UNZIP_CHUNK_BYTES = 1024 * 1024;

/** A county file loaded into a staging table, one text column per column of its header. */
export interface StagedFile {
  table: string;
  columns: string[];
}

/**
 * A county file read once (see RecordIndexer): a table of its records' numbers, parcel_ids and
 * hashes, its record and key-field counts, and where its records are for a second read.
 */
export interface IndexedFile {
  table: string;
  columns: string[];
  records: number;
  keyFieldCounts: KeyFieldCounts;
  places: RecordPlaces;
}

/** The parcels that differ, before their fields are looked at: the records of each file to stage. */
export interface FoundChanges {
  table: string;
  added: number;
  removed: number;
  changed: number;
  /** Numbers (ascending) of the current file's added and changed records. */
  currentRecords: Int32Array;
  /** Numbers (ascending) of the previous file's removed and changed records. */
  previousRecords: Int32Array;
}

export interface ParcelChanges {
  added: number;
  removed: number;
  changed: number;
  /** Changed parcels by field; fields no parcel changed are left out. */
  changedFields: Record<string, number>;
}

/**
 * The PostgreSQL side of comparing two county files: each file is read once into a narrow table
 * (record number, parcel_id, hash), the database joins the two by parcel_id, and only the records
 * that differ are read again, in full, into staging tables for the field counts and the change
 * file. The worker never holds the parcels, PostgreSQL gets few of the records.
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
   * Reads a gzip CSV file (its header first) once, as it streams, into a new table of a row per
   * record: its number, parcel_id and hash over `unionColumns` (see RecordIndexer). PostgreSQL gets
   * some 40 bytes a record, not the record; what is needed of the records comes in stageRecords.
   */
  async index(
    role: 'current' | 'previous',
    columns: string[],
    unionColumns: string[],
    gzipCsv: Readable,
  ): Promise<IndexedFile> {
    const table = this.table(`${role}_index`);
    await this.client.query(`CREATE TEMP TABLE ${table} (row int, parcel_id text, high int, low int)`);
    const indexer = new RecordIndexer(columns, unionColumns);
    await pipeline(
      gzipCsv,
      createGunzip({ chunkSize: UNZIP_CHUNK_BYTES }),
      indexer,
      this.client.query(copyFrom(`COPY ${table} (row, parcel_id, high, low) FROM STDIN`)),
    );
    // Temporary tables are never analyzed by autovacuum; the sort and join below need their sizes.
    await this.client.query(`ANALYZE ${table}`);
    return {
      table,
      columns,
      records: indexer.recordCount,
      keyFieldCounts: keyFieldCountsOf(indexer.keyFieldFilled),
      places: indexer.places,
    };
  }

  /**
   * Loads the chosen records of a gzip CSV file, read again, into a new staging table of the given
   * columns, each record numbered as in its file (the table's first column), by COPY as it streams.
   */
  async stageRecords(
    role: 'current' | 'previous',
    file: IndexedFile,
    numbers: Int32Array,
    gzipCsv: Readable,
  ): Promise<StagedFile> {
    const table = this.table(role);
    const { columns } = file;
    await this.client.query(
      `CREATE TEMP TABLE ${table} (${ROW} bigint, ${columns.map((column) => `${quoteIdentifier(column)} text`).join(', ')})`,
    );
    const list = [ROW, ...columns.map(quoteIdentifier)].join(', ');
    await pipeline(
      gzipCsv,
      createGunzip({ chunkSize: UNZIP_CHUNK_BYTES }),
      new RecordPicker(file.places, numbers),
      this.client.query(copyFrom(`COPY ${table} (${list}) FROM STDIN (FORMAT csv)`)),
    );
    await this.client.query(`ANALYZE ${table} (${ROW})`);
    return { table, columns };
  }

  /** Parcel ids (non-empty) that more than one record of the file carries. */
  async duplicateParcelIds(file: IndexedFile): Promise<number> {
    const [row] = await this.rows<{ duplicates: number }>(
      `SELECT count(*)::int AS duplicates FROM (
         SELECT 1 FROM ${file.table} WHERE parcel_id <> '' GROUP BY parcel_id HAVING count(*) > 1) AS repeated`,
    );
    return row.duplicates;
  }

  /**
   * Compares the files by parcel_id, each parcel by its first record in its file (a repeated
   * parcel_id's later records are left out; records without one cannot be matched and are left
   * out too), by the records' hashes: one full join of the two files' parcels. Answers the counts
   * and which records of each file to stage for fieldChanges and changeRows (a few percent).
   */
  async findChanges(current: IndexedFile, previous: IndexedFile): Promise<FoundChanges> {
    const firstRecords = async (file: IndexedFile, role: string) => {
      const table = this.table(role);
      // DISTINCT ON keeps the first row of each parcel_id in the order given: the file's first record.
      await this.client.query(
        `CREATE TEMP TABLE ${table} AS
         SELECT DISTINCT ON (parcel_id) parcel_id, row, high, low FROM ${file.table}
         WHERE parcel_id <> '' ORDER BY parcel_id, row`,
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
       WHERE (c.high, c.low) IS DISTINCT FROM (p.high, p.low)`,
    );
    await this.client.query(`ANALYZE ${changes}`);
    const [counts] = await this.rows<{ added: number; removed: number; changed: number }>(
      `SELECT count(*) FILTER (WHERE change = 'added')::int AS added,
         count(*) FILTER (WHERE change = 'removed')::int AS removed,
         count(*) FILTER (WHERE change = 'changed')::int AS changed
       FROM ${changes}`,
    );
    const numbers = async (column: string) =>
      Int32Array.from(
        (
          await this.client.query({
            text: `SELECT ${column} FROM ${changes} WHERE ${column} IS NOT NULL ORDER BY 1`,
            rowMode: 'array',
          })
        ).rows as [number][],
        ([number]) => number,
      );
    return {
      table: changes,
      ...counts,
      currentRecords: await numbers('current_row'),
      previousRecords: await numbers('previous_row'),
    };
  }

  /**
   * Changed parcels by field, over the union of both files' columns: a column one file lacks reads
   * as empty there, so it changes a parcel where the other file fills it; empty and missing values
   * are alike. Reads the staged records of the changed parcels alone.
   */
  async fieldChanges(
    found: FoundChanges,
    current: StagedFile,
    previous: StagedFile,
  ): Promise<{ changes: ChangeTable } & ParcelChanges> {
    const columns = [...new Set([...current.columns, ...previous.columns])];
    const value = (file: StagedFile, alias: string, column: string) =>
      file.columns.includes(column) ? `coalesce(${alias}.${quoteIdentifier(column)}, '')` : `''`;
    const [fields] = await this.rows<Record<string, number>>(
      `SELECT ${columns
        .map(
          (column, i) =>
            `count(*) FILTER (WHERE ${value(current, 'c', column)} <> ${value(previous, 'p', column)})::int AS f${i}`,
        )
        .join(', ')}
       FROM ${found.table} d JOIN ${current.table} c ON c.${ROW} = d.current_row JOIN ${previous.table} p ON p.${ROW} = d.previous_row
       WHERE d.change = 'changed'`,
    );
    const changedFields = Object.fromEntries(
      columns.flatMap((column, i) => (fields[`f${i}`] > 0 ? [[column, fields[`f${i}`]]] : [])),
    );
    const { added, removed, changed } = found;
    return { changes: { table: found.table, current, previous }, added, removed, changed, changedFields };
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
