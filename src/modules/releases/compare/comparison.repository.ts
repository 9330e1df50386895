import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { CHANGE_TYPES, changeTypeOf, keyFieldCountsOf, LIST_SEPARATOR, type KeyFieldCounts } from '../../data-schema';
import { RecordIndexer, type RecordPlaces } from './record-index';
import { pickRecords, writeUnzippedCopy } from './unzipped-copy';

/** A column name as a quoted SQL identifier: names come from files, so they are never spliced in bare. */
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Memory PostgreSQL may give each sort and hash of a comparison (server side; the worker holds none of it). */
const WORK_MEM = '256MB';
// The staging table's own columns: each record's file and place in it.
const FILE = quoteIdentifier('#file');
const ROW = quoteIdentifier('#row');
/** Unzipped chunks of 1 MiB: a record of a few KB rarely straddles two, and there are few callbacks. */
const UNZIP_CHUNK_BYTES = 1024 * 1024;

/** A stored county file to compare: its columns (from its header), its bytes, and its name for errors. */
export interface ComparedFile {
  columns: string[];
  gzipCsv: () => Readable;
  name: string;
}

/** The records of the parcels that differ, of both files, in one staging table (see stageRecords). */
export interface StagedRecords {
  table: string;
  /** The table's columns: both files' between them. */
  columns: string[];
  /** The current file's columns: the change file's. */
  currentColumns: string[];
}

/**
 * A county file read once (see RecordIndexer): a table of its records' numbers, parcel_ids and
 * hashes, its record and key-field counts, and where its records are for a second read.
 */
export interface IndexedFile {
  /** The table of every file's index rows, and this file's number in it. */
  table: string;
  number: number;
  columns: string[];
  records: number;
  keyFieldCounts: KeyFieldCounts;
  places: RecordPlaces;
  /** Its unzipped copy, where its records are read again (see pickRecords). */
  unzipped: string;
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
 * The PostgreSQL side of comparing two county files: both files are read once into a narrow table
 * (file, record number, parcel_id, hash), the database joins the two by parcel_id, and only the records
 * that differ are read again, in full, from the files' unzipped copies into staging tables for the
 * field counts and the change file. The worker never holds the parcels, PostgreSQL gets few of the
 * records.
 */
@Injectable()
export class ComparisonRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Runs work on a connection of its own, holding the lock named by `lockKey` (two comparisons of
   * one county take turns). Its staging tables are TEMP tables: private to the connection, never
   * written to the WAL, dropped at the end, and gone with the connection should the worker die.
   * The files' unzipped copies go to a temporary folder of its own, removed at the end.
   */
  async session<T>(lockKey: string, work: (session: ComparisonSession) => Promise<T>): Promise<T> {
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const client = await pool.connect();
    const scratch = await mkdtemp(join(tmpdir(), 'cds-compare-'));
    const session = new ComparisonSession(client, randomBytes(6).toString('hex'), scratch);
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
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

/** One comparison's connection and staging tables (names unique to it). */
export class ComparisonSession {
  private readonly tables: string[] = [];

  constructor(
    private readonly client: PoolClient,
    private readonly tag: string,
    /** A folder of the session's own, for the files' unzipped copies. */
    private readonly scratch: string,
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
   * Reads gzip CSV files (each its header first) once, at the same time, as they stream, into one
   * new table of a row per record: its file's number, its number, parcel_id and hash over
   * `unionColumns` (see RecordIndexer). PostgreSQL gets some 40 bytes a record, not the record;
   * what is needed of the records comes in stageRecords, from the unzipped copy each file leaves
   * in the session's folder. The files' reads share the worker's cores (unzipping runs beside the
   * JavaScript that parses), and their rows one COPY.
   */
  async index(files: ComparedFile[], unionColumns: string[]): Promise<IndexedFile[]> {
    const table = this.table('index');
    await this.client.query(
      `CREATE TEMP TABLE ${table} (file smallint, row int, parcel_id text, high int, low int, shape_high int, shape_low int)`,
    );
    const indexers = files.map(({ columns }, number) => new RecordIndexer(columns, unionColumns, number));
    const unzipped = files.map((_, number) => join(this.scratch, `${number}.csv`));
    await this.copyReads(
      `COPY ${table} (file, row, parcel_id, high, low, shape_high, shape_low) FROM STDIN`,
      files.map((file, number) => ({
        name: file.name,
        streams: () => [
          file.gzipCsv(),
          createGunzip({ chunkSize: UNZIP_CHUNK_BYTES }),
          writeUnzippedCopy(unzipped[number]),
          indexers[number],
        ],
      })),
    );
    // Temporary tables are never analyzed by autovacuum; the sort and join below need their sizes.
    await this.client.query(`ANALYZE ${table}`);
    return files.map(({ columns }, number) => ({
      table,
      number,
      columns,
      records: indexers[number].recordCount,
      keyFieldCounts: keyFieldCountsOf(indexers[number].keyFieldFilled),
      places: indexers[number].places,
      unzipped: unzipped[number],
    }));
  }

  /**
   * Loads the records of the parcels that differ (found by findChanges), read from both files'
   * unzipped copies where the first read found them, into one new staging table of the files'
   * columns between them, each record with its file's number and its own (the table's first
   * columns), by COPY as they are read. Files of one header are read at the same time into one
   * COPY; otherwise one after the other.
   */
  async stageRecords(found: FoundChanges, current: IndexedFile, previous: IndexedFile, files: ComparedFile[]) {
    const table = this.table('staged');
    const columns = [...new Set([...current.columns, ...previous.columns])];
    await this.client.query(
      `CREATE TEMP TABLE ${table} (${FILE} smallint, ${ROW} bigint, ${columns.map((column) => `${quoteIdentifier(column)} text`).join(', ')})`,
    );
    const reads = [
      { indexed: current, numbers: found.currentRecords },
      { indexed: previous, numbers: found.previousRecords },
    ].map(({ indexed, numbers }) => ({
      columns: indexed.columns,
      name: files[indexed.number].name,
      streams: () => [Readable.from(pickRecords(indexed.unzipped, indexed.places, numbers, indexed.number))],
    }));
    const sameHeader = current.columns.join(',') === previous.columns.join(',');
    for (const group of sameHeader ? [reads] : reads.map((read) => [read])) {
      const list = [FILE, ROW, ...group[0].columns.map(quoteIdentifier)].join(', ');
      await this.copyReads(`COPY ${table} (${list}) FROM STDIN (FORMAT csv)`, group);
    }
    await this.client.query(`ANALYZE ${table} (${FILE}, ${ROW})`);
    return { table, columns, currentColumns: current.columns };
  }

  /** Parcels whose boundary is, as written, another parcel's of the file too (each such parcel counted). */
  async duplicatedShapes(file: IndexedFile): Promise<number> {
    const [row] = await this.rows<{ duplicated: number }>(
      `SELECT coalesce(sum(n), 0)::int AS duplicated FROM (
         SELECT count(*) AS n FROM ${file.table} WHERE file = ${file.number} AND shape_high IS NOT NULL
         GROUP BY shape_high, shape_low HAVING count(*) > 1) AS repeated`,
    );
    return row.duplicated;
  }

  /** Parcel ids (non-empty) that more than one record carries, of each file (in the files' order). */
  async duplicateParcelIds(files: IndexedFile[]): Promise<number[]> {
    const rows = await this.rows<{ file: number; duplicates: number }>(
      `SELECT file, count(*)::int AS duplicates FROM (
         SELECT file FROM ${files[0].table} WHERE parcel_id <> '' GROUP BY file, parcel_id HAVING count(*) > 1) AS repeated
       GROUP BY file`,
    );
    return files.map(({ number }) => rows.find(({ file }) => file === number)?.duplicates ?? 0);
  }

  /**
   * Compares the files by parcel_id, each parcel by its first record in its file (a repeated
   * parcel_id's later records are left out; records without one cannot be matched and are left
   * out too), by the records' hashes: one full join of the two files' parcels. Answers the counts
   * and which records of each file to stage for fieldChanges and changeRows (a few percent).
   * `duplicateParcelIds`: of each file (see duplicateParcelIds); a file without any is joined as
   * it is, with no pass to pick first records.
   */
  async findChanges(current: IndexedFile, previous: IndexedFile, duplicateParcelIds: number[]): Promise<FoundChanges> {
    const firstRecords = async (file: IndexedFile, role: string) => {
      if (duplicateParcelIds[file.number] === 0) {
        return `(SELECT parcel_id, row, high, low FROM ${file.table} WHERE file = ${file.number} AND parcel_id <> '')`;
      }
      const table = this.table(role);
      // DISTINCT ON keeps the first row of each parcel_id in the order given: the file's first record.
      await this.client.query(
        `CREATE TEMP TABLE ${table} AS
         SELECT DISTINCT ON (parcel_id) parcel_id, row, high, low FROM ${file.table}
         WHERE file = ${file.number} AND parcel_id <> '' ORDER BY parcel_id, row`,
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
  async fieldChanges(found: FoundChanges, staged: StagedRecords): Promise<{ changes: ChangeTable } & ParcelChanges> {
    const { columns } = staged;
    const changedParcels = `FROM ${found.table} d ${joinStaged(staged, 'c', 0, 'current_row')} ${joinStaged(staged, 'p', 1, 'previous_row')}
       WHERE d.change = 'changed'`;
    let { changed } = found;
    if (columns.includes(GEOMETRY_COLUMN)) {
      await this.client.query(SAME_SHAPE_FUNCTION);
      // A boundary written otherwise (a ring from another vertex or the other way round, a part
      // first or last) is the same boundary: a parcel whose only difference is that is unchanged.
      const unchanged = await this.client.query(
        `DELETE FROM ${found.table} x USING (SELECT d.parcel_id ${changedParcels}
           AND ${columns.map((column) => `NOT (${differs(column)})`).join(' AND ')}) same
         WHERE x.parcel_id = same.parcel_id AND x.change = 'changed'`,
      );
      changed -= unchanged.rowCount ?? 0;
    }
    const [fields] = await this.rows<Record<string, number>>(
      `SELECT ${columns.map((column, i) => `count(*) FILTER (WHERE ${differs(column)})::int AS f${i}`).join(', ')}
       ${changedParcels}`,
    );
    const changedFields = Object.fromEntries(
      columns.flatMap((column, i) => (fields[`f${i}`] > 0 ? [[fieldName(column), fields[`f${i}`]]] : [])),
    );
    const { added, removed } = found;
    return { changes: { table: found.table, staged }, added, removed, changed, changedFields };
  }

  /**
   * The change file's CSV as PostgreSQL writes it (COPY TO STDOUT): a header of `change`,
   * `change_types`, `changed_fields` and the current file's columns, then the added and changed
   * parcels with their current record and the removed ones with their last record (columns the
   * current file added left empty), by change and parcel_id so that the same files always give the
   * same bytes. A changed parcel's fields are those that differ as fieldChanges counts them (the
   * boundary as a shape), its types what those fields make it (change-types.ts), each list in
   * schema order, `;`-separated.
   */
  changeRows(changes: ChangeTable): Readable {
    const { table, staged } = changes;
    const of = (alias: string) =>
      staged.currentColumns.map((column) => `${alias}.${quoteIdentifier(column)}`).join(', ');
    const changedColumns = staged.columns.map((column) => ({ column, differs: differs(column) }));
    const listed = (items: { name: string; when: string }[]) =>
      items.length === 0
        ? `''`
        : // An array, not concat_ws: a function takes at most 100 arguments, and a county has 270 columns.
          `array_to_string(ARRAY[${items.map(({ name, when }) => `CASE WHEN ${when} THEN '${name}' END`).join(', ')}]::text[], '${LIST_SEPARATOR}')`;
    const changedFields = listed(changedColumns.map(({ column, differs }) => ({ name: column, when: differs })));
    const changeTypes = listed(
      CHANGE_TYPES.flatMap((type) => {
        const making = changedColumns.filter(({ column }) => changeTypeOf(column) === type);
        return making.length === 0
          ? []
          : [{ name: type, when: making.map(({ differs }) => `(${differs})`).join(' OR ') }];
      }),
    );
    return this.client.query(
      copyTo(
        `COPY (
           SELECT d.change AS change,
             CASE WHEN d.change = 'added' THEN 'added' ELSE ${changeTypes} END AS change_types,
             CASE WHEN d.change = 'added' THEN '' ELSE ${changedFields} END AS changed_fields, ${of('c')}
           FROM ${table} d ${joinStaged(staged, 'c', 0, 'current_row')}
             ${joinStaged(staged, 'p', 1, 'previous_row', 'LEFT JOIN')}
           WHERE d.change <> 'removed'
           UNION ALL
           SELECT d.change, 'removed', '', ${of('p')}
           FROM ${table} d ${joinStaged(staged, 'p', 1, 'previous_row')} WHERE d.change = 'removed'
           ORDER BY change, parcel_id
         ) TO STDOUT (FORMAT csv, HEADER true)`,
      ),
    );
  }

  /**
   * Reads files, at the same time, into one COPY: each read's streams make its rows, batches of
   * whole lines, which go to the COPY as they come. The first failure stops the other reads and
   * the COPY, and is reported naming its file.
   */
  private async copyReads(sql: string, reads: CopyRead[]): Promise<void> {
    const copy = this.client.query(copyFrom(sql));
    const stop = new AbortController();
    // Each read's own end of the COPY: a batch waits while the COPY is behind; a COPY that fails fails the read.
    const intoCopy = () =>
      new Writable({
        write(batch: Buffer, _encoding, done) {
          if (copy.write(batch)) done();
          else once(copy, 'drain', { signal: stop.signal }).then(() => done(), done);
        },
      });
    const read = async ({ name, streams }: CopyRead) => {
      try {
        await pipeline([...streams(), intoCopy()], { signal: stop.signal });
      } catch (error) {
        if (!stop.signal.aborted) stop.abort(new Error(`${name} cannot be compared: ${(error as Error).message}`));
        throw stop.signal.reason;
      }
    };
    await Promise.allSettled(reads.map(read));
    if (stop.signal.aborted) {
      copy.destroy(stop.signal.reason as Error);
      await finished(copy).catch(() => undefined);
      throw stop.signal.reason;
    }
    copy.end();
    await finished(copy);
  }

  private async rows<T>(sql: string): Promise<T[]> {
    return (await this.client.query(sql)).rows as T[];
  }
}

/** One file's rows for a COPY: its name for errors, and the streams that make them (a source, then transforms). */
interface CopyRead {
  name: string;
  streams: () => Readable[];
}

/** The parcels that differ between two files and their staged records, left by fieldChanges. */
export interface ChangeTable {
  table: string;
  staged: StagedRecords;
}

/** The parcel boundary's column, compared as a shape rather than as text, and named `geometry` among changed fields. */
const GEOMETRY_COLUMN = 'geometry_wkt';
const fieldName = (column: string) => (column === GEOMETRY_COLUMN ? 'geometry' : column);

/**
 * Whether two WKT boundaries are one shape: equal once PostGIS normalizes them (rings from their
 * lowest vertex, one orientation, parts in order; a one-part MultiPolygon as its Polygon). A value
 * PostGIS cannot read is compared as text. For the session only (pg_temp).
 */
const SAME_SHAPE_FUNCTION = `
  CREATE OR REPLACE FUNCTION pg_temp.same_shape(a text, b text) RETURNS boolean
  LANGUAGE plpgsql IMMUTABLE AS $$
  BEGIN
    IF a = b THEN RETURN true; END IF;
    IF a = '' OR b = '' THEN RETURN false; END IF;
    RETURN ST_OrderingEquals(
      ST_Normalize(ST_Multi(ST_GeomFromText(a, 4326))),
      ST_Normalize(ST_Multi(ST_GeomFromText(b, 4326)))
    );
  EXCEPTION WHEN OTHERS THEN
    RETURN false;
  END $$`;

/** Joins the staged records of one file (0: current, 1: previous) to the changes' rows by record number. */
function joinStaged(staged: StagedRecords, alias: string, file: number, rowColumn: string, join = 'JOIN'): string {
  return `${join} ${staged.table} ${alias} ON ${alias}.${FILE} = ${file} AND ${alias}.${ROW} = d.${rowColumn}`;
}

const value = (alias: string, column: string) => `coalesce(${alias}.${quoteIdentifier(column)}, '')`;

/**
 * Whether a column differs between a changed parcel's current record (c) and its previous one (p):
 * empty and missing alike, the boundary compared as a shape (SAME_SHAPE_FUNCTION, made by
 * fieldChanges where a file has boundaries).
 */
function differs(column: string): string {
  return column === GEOMETRY_COLUMN
    ? `NOT pg_temp.same_shape(${value('c', column)}, ${value('p', column)})`
    : `${value('c', column)} <> ${value('p', column)}`;
}
