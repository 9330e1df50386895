import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Which rows of a sorted list one page holds. */
export interface PageRequest {
  offset: number;
  limit: number;
}

/** One key of a list's order: an SQL expression over the query's aliases, and its direction. */
export interface OrderKey {
  expression: string;
  descending: boolean;
}

/**
 * The order applied to a query. Directions are never given NULLS FIRST/LAST, so PostgreSQL's defaults
 * hold (missing values last going up, first going down) and every order reversed is the same order read
 * backwards: what `pageWindow` relies on, and what lets one index serve both directions.
 */
export function applyOrder<Entity extends ObjectLiteral>(
  query: SelectQueryBuilder<Entity>,
  keys: readonly OrderKey[],
  reversed = false,
): SelectQueryBuilder<Entity> {
  query.orderBy();
  for (const key of keys) query.addOrderBy(key.expression, key.descending !== reversed ? 'DESC' : 'ASC');
  return query;
}

/**
 * Where to read a page of `total` sorted rows. A page past the middle is read from the far end in the
 * reverse order: a database skips OFFSET rows one by one, so the last page of 100,000 rows would cost
 * as much as reading them all; this way no page skips more than half.
 */
export function pageWindow(total: number, page: PageRequest): { offset: number; limit: number; reversed: boolean } {
  const limit = Math.max(0, Math.min(page.limit, total - page.offset));
  const after = total - page.offset - limit;
  if (after < page.offset) return { offset: after, limit, reversed: true };
  return { offset: page.offset, limit, reversed: false };
}

/** A LIKE pattern matching text that contains `search` literally (its % and _ are no wildcards). */
export function containing(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Every row a query finds, a batch at a time, from a cursor: a list of any length is read without
 * holding it all. The cursor lives in a read-only transaction that is rolled back at the end, or
 * when the reader stops early (the generator's return), which also gives the connection back.
 */
export async function* readInBatches<Row>(
  db: DataSource,
  query: SelectQueryBuilder<ObjectLiteral>,
  size: number,
): AsyncGenerator<Row[]> {
  const [sql, parameters] = query.getQueryAndParameters();
  const runner = db.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN READ ONLY');
    await runner.query(`DECLARE list_rows NO SCROLL CURSOR FOR ${sql}`, parameters);
    for (;;) {
      const rows = (await runner.query(`FETCH ${size} FROM list_rows`)) as Row[];
      if (rows.length) yield rows;
      if (rows.length < size) return;
    }
  } finally {
    // A broken connection has no transaction left to end; it is given back all the same.
    await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}
