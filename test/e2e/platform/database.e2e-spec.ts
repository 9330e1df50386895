import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../src/database/data-source-options';
import { prepareDatabase } from '../../../src/database/prepare-database';
import { readCatalogFile } from '../../../src/database/seeds/county-catalog.seed';
import { dropDatabase, runPrefix, serverUrl } from '../../support/test-database';

describe('Preparing the database', () => {
  const name = `${runPrefix()}_prepare`;
  const url = serverUrl(name);
  let db: DataSource;

  beforeAll(async () => {
    await dropDatabase(name);
  });

  afterAll(async () => {
    if (db?.isInitialized) await db.destroy();
    await dropDatabase(name);
  });

  it('creates a missing database, applies every migration and seeds the whole catalog', async () => {
    const first = await prepareDatabase(url);
    expect(first.created).toBe(true);
    expect(first.migrationsApplied.length).toBeGreaterThan(0);
    expect(first.countiesAdded).toBe(readCatalogFile().length);
  });

  it('adds nothing twice and keeps staff edits and removals when run again', async () => {
    db = await new DataSource(dataSourceOptions(url)).initialize();
    await db.query(`UPDATE counties SET name = 'Autauga (edited)', population = 1 WHERE fips = '01001'`);
    await db.query(`UPDATE counties SET deleted_at = now() WHERE fips = '01003'`);

    const again = await prepareDatabase(url);
    expect(again).toEqual({ created: false, migrationsApplied: [], countiesAdded: 0 });

    const [edited] = await db.query(`SELECT name, population FROM counties WHERE fips = '01001'`);
    expect(edited).toEqual({ name: 'Autauga (edited)', population: 1 });
    const [removed] = await db.query(`SELECT deleted_at FROM counties WHERE fips = '01003'`);
    expect(removed.deleted_at).not.toBeNull();
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM counties`);
    expect(count).toBe(readCatalogFile().length);
  });

  it('lets replicas prepare the same database at the same time', async () => {
    const results = await Promise.all([prepareDatabase(url), prepareDatabase(url), prepareDatabase(url)]);
    expect(results.map((r) => r.countiesAdded)).toEqual([0, 0, 0]);
  });

  it('gives every entity exactly the tables and columns it maps, through migrations alone', async () => {
    db ??= await new DataSource(dataSourceOptions(url)).initialize();
    const pending = await db.driver.createSchemaBuilder().log();
    // Indexes and CHECK constraints are the migrations' own; tables and columns must agree.
    const structural = pending.upQueries
      .map((q) => q.query)
      .filter((sql) => /CREATE TABLE|ADD COLUMN|DROP COLUMN|ALTER COLUMN|RENAME/i.test(sql));
    expect(structural).toEqual([]);
  });
});
