import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { createTestDatabase, dropDatabase } from './test-database';

/** Undoes migrations, newest first, until `migration` is no longer applied. */
export async function undoMigrationsThrough(db: DataSource, migration: string): Promise<void> {
  while ((await db.query(`SELECT 1 FROM migrations WHERE name = $1`, [migration])).length > 0) {
    await db.undoLastMigration();
  }
}

/**
 * A database of its own for a migration's test file, at the schema just before `migration` (it and
 * every later migration undone from the run's migrated and seeded template), as a database upgraded
 * today finds it. The test fills it with the rows to migrate and runs the migrations; the database
 * is dropped after the file.
 */
export function useDatabaseBefore(migration: string): () => DataSource {
  let name: string | undefined;
  let db: DataSource | undefined;

  beforeAll(async () => {
    const created = await createTestDatabase();
    name = created.name;
    db = await new DataSource(dataSourceOptions(created.url)).initialize();
    await undoMigrationsThrough(db, migration);
  });

  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    if (name) await dropDatabase(name);
  });

  return () => db!;
}
