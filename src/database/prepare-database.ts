import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ensureDatabase } from '../common/service-checks';
import { dataSourceOptions } from './data-source-options';
import { seedCountyCatalog } from './seeds/county-catalog.seed';

export interface PreparedDatabase {
  created: boolean;
  migrationsApplied: string[];
  countiesAdded: number;
}

// Any fixed number: replicas starting together take turns at migrating.
const MIGRATION_LOCK = 4_120_771;

/** Creates the database if needed, applies pending migrations and seeds the county catalog. */
export async function prepareDatabase(databaseUrl: string): Promise<PreparedDatabase> {
  const created = await ensureDatabase(databaseUrl);
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  const dataSource = new DataSource(dataSourceOptions(databaseUrl));
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const countiesAdded = await seedCountyCatalog(dataSource);
    return { created, migrationsApplied: applied.map((m) => m.name), countiesAdded };
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await lock.end();
  }
}
